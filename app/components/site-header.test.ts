import { describe, expect, it } from "vitest";
import { activeNavLink } from "./site-header";

const factoryLinks = ["/factories", "/factory-products", "/tenders"];
const buyerLinks = ["/factories", "/my-tenders", "/place-tender"];

describe("the highlighted navigation link", () => {
  it("puts every factory's public pages under 'Фабрики'", () => {
    for (const path of ["/factories", "/factories/abc", "/factory/abc", "/factory-products/abc"]) {
      expect(activeNavLink(path, factoryLinks), path).toBe("/factories");
      expect(activeNavLink(path, buyerLinks), path).toBe("/factories");
    }
  });

  it("keeps 'Мои товары' for the factory's own workspace", () => {
    expect(activeNavLink("/factory-products", factoryLinks)).toBe("/factory-products");
    expect(activeNavLink("/factory-products/", factoryLinks)).toBe("/factory-products");
  });

  it("matches other links by their address, and nothing elsewhere", () => {
    expect(activeNavLink("/my-tenders", buyerLinks)).toBe("/my-tenders");
    expect(activeNavLink("/tenders", factoryLinks)).toBe("/tenders");
    expect(activeNavLink("/profile", buyerLinks)).toBeNull();
    expect(activeNavLink("/", buyerLinks)).toBeNull();
  });

  it("finds the same link on an English page", () => {
    expect(activeNavLink("/en/factory/abc", buyerLinks)).toBe("/factories");
    expect(activeNavLink("/en/my-tenders/", buyerLinks)).toBe("/my-tenders");
    expect(activeNavLink("/en/factory-products", factoryLinks)).toBe("/factory-products");
    expect(activeNavLink("/en", buyerLinks)).toBeNull();
  });
});
