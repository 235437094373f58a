import { describe, expect, it } from "vitest";
import { hasValidEncoding, loggedPath } from "./operations.server";

const TOKEN = "k3J9dQm2Xv8LpR4tY7wZ1nB6cF0hG5sA";

describe("request paths in the log", () => {
  it("redacts secret query values and token-like path segments in request paths", () => {
    expect(loggedPath(`/api/auth/verify-email?token=${TOKEN}&callbackURL=%2F`)).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]",
    );
    expect(loggedPath(`/api/auth/reset-password/${TOKEN}`)).toBe(
      "/api/auth/reset-password/[redacted]",
    );
    expect(loggedPath("/factories?q=трикотаж&page=2")).toBe("/factories?q=трикотаж&page=2");
  });

  it("tells broken percent-encoding from good", () => {
    expect(hasValidEncoding("/factories/%D0%B0")).toBe(true);
    expect(hasValidEncoding("/%E0%A4%A")).toBe(false);
    expect(hasValidEncoding("/factories/%ff")).toBe(false);
    expect(hasValidEncoding("/a%00b")).toBe(false);
  });
});
