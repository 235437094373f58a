import { describe, expect, it } from "vitest";
import { retryAfterOf } from "./retry-after";

const headersOf = (byRoute: Record<string, HeadersInit>) =>
  Object.fromEntries(Object.entries(byRoute).map(([id, init]) => [id, new Headers(init)]));

describe("retryAfterOf", () => {
  it("finds the Retry-After of any route's loader or action, a thrown 503's included", () => {
    const loaders = headersOf({ root: {}, "routes/factories": { "Retry-After": "30" } });
    expect(retryAfterOf({ loaderHeaders: loaders, actionHeaders: {} })).toBe("30");
    const actions = headersOf({ "routes/my-tenders": { "Retry-After": "15" } });
    expect(retryAfterOf({ loaderHeaders: {}, actionHeaders: actions })).toBe("15");
  });

  it("is null when no route answered with one", () => {
    const loaders = headersOf({ root: { "X-Other": "1" }, "routes/tenders": {} });
    expect(retryAfterOf({ loaderHeaders: loaders, actionHeaders: {} })).toBeNull();
  });
});
