// The capability filters and sorts of the directory in the URL (issue 29): read leniently,
// written back in one order, never indexable.
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  directorySeo,
  factoriesHref,
  factoryFiltersFromSearch,
  hasCapabilityFilters,
  normalizeFactoryFilters,
} from "./factory-filters";

const fromQuery = (query: string) => factoryFiltersFromSearch(new URLSearchParams(query));

describe("capability filters from the URL", () => {
  it("reads every filter and the sort", () => {
    const filters = fromQuery(
      "moq=500&capacity=10000&lead=30&service=printing&material=knit&cert=oeko-tex-100&market=eu&english=1&sort=newest",
    );
    expect(filters).toMatchObject({
      maxMinOrder: 500,
      minCapacity: 10000,
      maxLeadTime: 30,
      service: "printing",
      material: "knit",
      certification: "oeko-tex-100",
      market: "eu",
      english: true,
      sort: "newest",
    });
    expect(activeFilterCount(filters)).toBe(8);
    expect(hasCapabilityFilters(filters)).toBe(true);
  });

  it("ignores what is not a valid value", () => {
    const filters = fromQuery(
      "moq=-5&capacity=abc&lead=0&service=sewing&material=KNIT&cert=iso&market=mars&english=yes&sort=cheapest",
    );
    expect(hasCapabilityFilters(filters)).toBe(false);
    expect(filters.sort).toBeUndefined();
    expect(activeFilterCount(filters)).toBe(0);
    for (const moq of ["1.5", "1e3", "0x10", "١٢", "9".repeat(40), " ", "500abc"]) {
      expect(fromQuery(`moq=${encodeURIComponent(moq)}`).maxMinOrder, moq).toBeUndefined();
    }
  });

  it("reads numbers with spaces and caps them at what the columns allow", () => {
    expect(fromQuery("moq=1%20000").maxMinOrder).toBe(1000);
    expect(fromQuery("lead=9999").maxLeadTime).toBe(365);
    expect(fromQuery("capacity=999999999999").minCapacity).toBe(100_000_000);
    expect(normalizeFactoryFilters({ moq: 250, english: true }).maxMinOrder).toBe(250);
  });

  it("reads filters already read the same (the loader reads the URL, the list reads its filters)", () => {
    const filters = fromQuery("moq=300&capacity=5000&lead=30&cert=gots&english=1&sort=newest");
    expect(normalizeFactoryFilters(filters)).toEqual(filters);
  });

  it("takes the first value of a repeated key", () => {
    expect(fromQuery("service=printing&service=embroidery").service).toBe("printing");
  });

  it("writes them back in one order, after the place and before the search", () => {
    const href = factoriesHref(
      fromQuery(
        "sort=verified&english=1&market=eu&q=худи&cert=gots&country=kg&material=knit&service=printing&lead=30&capacity=5000&moq=300&page=2",
      ),
    );
    expect(href).toBe(
      "/factories?country=kg&moq=300&capacity=5000&lead=30&service=printing&material=knit&cert=gots&market=eu&english=1&q=%D1%85%D1%83%D0%B4%D0%B8&sort=verified&page=2",
    );
    // Reading the address again gives the same filters (a round trip keeps everything).
    expect(factoriesHref(fromQuery(href.split("?")[1] ?? ""))).toBe(href);
  });

  it("keeps a filtered or sorted list out of search engines, canonical to the list it narrows", () => {
    expect(directorySeo(fromQuery("category=tops&moq=100"))).toEqual({
      index: false,
      canonical: "/factories?category=tops",
    });
    expect(directorySeo(fromQuery("sort=newest"))).toEqual({
      index: false,
      canonical: "/factories",
    });
    expect(directorySeo(fromQuery("country=kg")).index).toBe(true);
  });
});
