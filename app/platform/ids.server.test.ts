import { describe, expect, it } from "vitest";
import { isUuid } from "./ids.server";

describe("isUuid", () => {
  it("takes a UUID in either letter case", () => {
    expect(isUuid("0b7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6f")).toBe(true);
    expect(isUuid("0B7C8F52-3E1A-4C2D-9F6E-1A2B3C4D5E6F")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of [
      null,
      undefined,
      "",
      "42",
      "0b7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6",
      "0b7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6f0",
      " 0b7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6f",
      "0b7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6\u0000",
      "zb7c8f52-3e1a-4c2d-9f6e-1a2b3c4d5e6f",
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
