import { describe, expect, it } from "vitest";
import { addressWithoutBlanks, pageHref } from "./page-href";

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
