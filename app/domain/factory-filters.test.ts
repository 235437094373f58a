import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  directorySeo,
  factoriesHref,
  normalizeFactoryFilters,
} from "~/domain/factory-filters";
import { m } from "~/domain/messages";

const filters = (input: Parameters<typeof normalizeFactoryFilters>[0]) =>
  normalizeFactoryFilters(input);

describe("directory addresses", () => {
  it("writes the filters in one order, without empty values or page 1", () => {
    expect(factoriesHref({})).toBe("/factories");
    expect(factoriesHref(filters({ page: "1" }))).toBe("/factories");
    expect(
      factoriesHref(
        filters({ q: "платья", city: "kg_1", country: "kg", category: "tops", page: 3 }),
      ),
    ).toBe(
      "/factories?category=tops&country=kg&city=kg_1&q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D1%8F&page=3",
    );
    // A city never travels without its country.
    expect(factoriesHref({ city: "kg_1" })).toBe("/factories");
  });

  it("counts the filters that narrow the list", () => {
    expect(activeFilterCount(filters({ page: 4 }))).toBe(0);
    expect(activeFilterCount(filters({ category: "tops", country: "kg", q: "x" }))).toBe(3);
  });
});

describe("directorySeo", () => {
  it.each([
    [{}, true, "/factories"],
    [{ page: 2 }, true, "/factories?page=2"],
    [{ category: "outerwear" }, true, "/factories?category=outerwear"],
    [{ country: "kg", page: 3 }, true, "/factories?country=kg&page=3"],
    [{ category: "outerwear", country: "kg" }, false, "/factories?category=outerwear"],
    [{ country: "kg", city: "kg_1", page: 2 }, false, "/factories?country=kg"],
    [{ q: "трикотаж" }, false, "/factories"],
    [{ q: "трикотаж", country: "uz" }, false, "/factories?country=uz"],
    [{ category: "unknown" }, true, "/factories"],
  ])("%j → index %s, canonical %s", (input, index, canonical) => {
    expect(directorySeo(filters(input))).toEqual({ index, canonical });
  });
});

describe("result count", () => {
  it.each([
    [0, "Найдено 0 фабрик"],
    [1, "Найдена 1 фабрика"],
    [3, "Найдено 3 фабрики"],
    [12, "Найдено 12 фабрик"],
    [21, "Найдена 21 фабрика"],
    [42, "Найдено 42 фабрики"],
    [111, "Найдено 111 фабрик"],
  ])("%i → %s", (n, text) => {
    expect(m.factories.found(n)).toBe(text);
  });

  it("groups thousands", () => {
    expect(m.factories.found(100_000).replace(/\s/g, " ")).toBe("Найдено 100 000 фабрик");
  });
});
