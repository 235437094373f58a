import { describe, expect, it } from "vitest";
import { niceCeiling } from "./bar-chart";

describe("the chart's axis", () => {
  it("ends at the next 1, 2 or 5 × 10ⁿ, at least 1", () => {
    const cases: [number, number][] = [
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 5],
      [5, 5],
      [6, 10],
      [11, 20],
      [48, 50],
      [51, 100],
      [101, 200],
    ];
    expect(cases.map(([value]) => [value, niceCeiling(value)])).toEqual(cases);
  });
});
