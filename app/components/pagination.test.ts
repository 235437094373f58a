import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 20, [1, 2, 3, null, 20]],
    [5, 20, [1, 2, 3, 4, 5, 6, 7, null, 20]],
    [10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [16, 20, [1, null, 14, 15, 16, 17, 18, 19, 20]],
    [20, 20, [1, null, 18, 19, 20]],
  ])("page %i of %i", (page, count, expected) => {
    expect(pageWindow(page, count)).toEqual(expected);
  });
});
