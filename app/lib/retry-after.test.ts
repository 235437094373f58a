import { describe, expect, it } from "vitest";
import { keepRetryAfter } from "./retry-after";

const call = (parts: { parent?: HeadersInit; loader?: HeadersInit; error?: HeadersInit }) =>
  new Headers(
    keepRetryAfter({
      parentHeaders: new Headers(parts.parent),
      loaderHeaders: new Headers(parts.loader),
      actionHeaders: new Headers(),
      errorHeaders: parts.error ? new Headers(parts.error) : undefined,
    }),
  );

describe("keepRetryAfter", () => {
  it("keeps the Retry-After of the route's loader or of a thrown 503", () => {
    expect(call({ loader: { "Retry-After": "30" } }).get("Retry-After")).toBe("30");
    expect(call({ error: { "Retry-After": "30" } }).get("Retry-After")).toBe("30");
  });

  it("adds nothing else, and keeps what the parent routes set", () => {
    const headers = call({ parent: { "X-Parent": "1" }, loader: { "X-Other": "2" } });
    expect(headers.get("Retry-After")).toBeNull();
    expect(headers.get("X-Parent")).toBe("1");
    expect(headers.get("X-Other")).toBeNull();
  });
});
