import { describe, expect, it } from "vitest";
import { addressWithoutBlanks, itemNamedBy, pageHref } from "./page-href";

describe("pageHref", () => {
  it("sets the page, drops page 1 and the keys named, keeps the rest", () => {
    expect(pageHref("/tenders", "?q=x&page=2", 3)).toBe("/tenders?q=x&page=3");
    expect(pageHref("/tenders", "?q=x&page=2", 1)).toBe("/tenders?q=x");
    expect(pageHref("/factory-products", "?edit=a&page=2", 1, ["edit"])).toBe("/factory-products");
  });
});

describe("addressWithoutBlanks", () => {
  it("is null when every field of the query is filled", () => {
    expect(addressWithoutBlanks(new URL("http://x/factories"))).toBeNull();
    expect(addressWithoutBlanks(new URL("http://x/factories?country=kg"))).toBeNull();
  });

  it("leaves out the empty and blank fields", () => {
    expect(addressWithoutBlanks(new URL("http://x/factories?q=&country=kg&city=+"))).toBe(
      "/factories?country=kg",
    );
    expect(addressWithoutBlanks(new URL("http://x/en/factories?q=&category="))).toBe(
      "/en/factories",
    );
  });
});

describe("itemNamedBy", () => {
  const list = [{ id: "a" }, { id: "b" }];

  it("finds the named item in the list, else takes the one loaded on its own", () => {
    expect(itemNamedBy("?tender=b", "tender", list, null)).toBe(list[1]);
    const loaded = { id: "c" };
    expect(itemNamedBy("?tender=c&page=2", "tender", list, loaded)).toBe(loaded);
  });

  it("is null when the query names nothing, or an item neither in the list nor loaded", () => {
    expect(itemNamedBy("?page=2", "tender", list, { id: "a" })).toBeNull();
    expect(itemNamedBy("?product=d", "product", list, { id: "c" })).toBeNull();
    expect(itemNamedBy("?product=d", "product", list, undefined)).toBeNull();
  });
});
