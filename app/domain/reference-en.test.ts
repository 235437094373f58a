import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  COLORS,
  COUNTRIES,
  CURRENCIES,
  FABRIC_TREE,
  GARMENT_GROUPS,
  PORTFOLIO_EXTRA_COUNTRIES,
  SIZE_SYSTEMS,
  TENDER_GENDERS,
} from "./reference";
import {
  CATEGORIES_EN,
  COLOR_LABELS_EN,
  COUNTRIES_EN,
  CURRENCIES_EN,
  FABRIC_LABELS_EN,
  GARMENT_LABELS_EN,
  SIZE_SYSTEM_LABELS_EN,
  TENDER_GENDER_LABELS_EN,
} from "./reference-en";

const CYRILLIC = /[\u0400-\u04FF]/;

/** A non-empty label with no Cyrillic letter and no straight apostrophe. */
function expectEnglish(label: string | undefined, where: string): void {
  expect(label, where).toBeTypeOf("string");
  expect(label?.trim(), where).not.toBe("");
  expect(label, where).not.toMatch(CYRILLIC);
  expect(label, where).not.toContain("'");
}

describe("CATEGORIES_EN", () => {
  it("has a label and a description for every category", () => {
    for (const category of CATEGORIES) {
      const en = CATEGORIES_EN[category.slug];
      expectEnglish(en?.label, `${category.slug} label`);
      expectEnglish(en?.description, `${category.slug} description`);
    }
    expect(Object.keys(CATEGORIES_EN).sort()).toEqual(CATEGORIES.map((c) => c.slug).sort());
  });
});

describe("GARMENT_LABELS_EN", () => {
  it("labels every garment group and every garment type, and nothing else", () => {
    const slugs = GARMENT_GROUPS.flatMap((group) => [
      group.slug,
      ...group.types.map((type) => type.slug),
    ]);
    for (const slug of slugs) expectEnglish(GARMENT_LABELS_EN[slug], `garment ${slug}`);
    expect(Object.keys(GARMENT_LABELS_EN).sort()).toEqual([...new Set(slugs)].sort());
  });
});

describe("SIZE_SYSTEM_LABELS_EN", () => {
  it("labels every size system, and nothing else", () => {
    for (const system of SIZE_SYSTEMS) {
      expectEnglish(SIZE_SYSTEM_LABELS_EN[system.slug], `size system ${system.slug}`);
    }
    expect(Object.keys(SIZE_SYSTEM_LABELS_EN).sort()).toEqual(
      SIZE_SYSTEMS.map((s) => s.slug).sort(),
    );
  });
});

describe("FABRIC_LABELS_EN", () => {
  it("labels every fabric category and every fabric, and nothing else", () => {
    const slugs = FABRIC_TREE.flatMap((category) => [
      category.slug,
      ...category.items.map((fabric) => fabric.slug),
    ]);
    for (const slug of slugs) expectEnglish(FABRIC_LABELS_EN[slug], `fabric ${slug}`);
    expect(Object.keys(FABRIC_LABELS_EN).sort()).toEqual([...new Set(slugs)].sort());
  });
});

describe("COUNTRIES_EN", () => {
  const all = [...COUNTRIES, ...PORTFOLIO_EXTRA_COUNTRIES];

  it("names every country, including Turkey and China, and nothing else", () => {
    for (const country of all) expectEnglish(COUNTRIES_EN[country.code]?.label, country.code);
    expect(Object.keys(COUNTRIES_EN).sort()).toEqual(all.map((c) => c.code).sort());
  });

  it("has exactly as many cities as the Russian list, each named and distinct", () => {
    for (const country of all) {
      const cities = COUNTRIES_EN[country.code]?.cities ?? [];
      expect(cities, country.code).toHaveLength(country.cities.length);
      country.cities.forEach((city, index) => {
        expectEnglish(cities[index], `${city.id} (${city.label})`);
      });
      expect(new Set(cities).size, country.code).toBe(cities.length);
    }
  });
});

describe("CURRENCIES_EN", () => {
  it("has a name and a symbol for every currency", () => {
    for (const currency of CURRENCIES) {
      const en = CURRENCIES_EN[currency.code];
      expectEnglish(en?.label, `${currency.code} label`);
      expectEnglish(en?.symbol, `${currency.code} symbol`);
      // A symbol that is not a word is kept as is.
      if (!CYRILLIC.test(currency.symbol)) expect(en.symbol).toBe(currency.symbol);
    }
    expect(Object.keys(CURRENCIES_EN).sort()).toEqual(CURRENCIES.map((c) => c.code).sort());
  });
});

describe("COLOR_LABELS_EN", () => {
  it("names every palette colour", () => {
    for (const color of COLORS) expectEnglish(COLOR_LABELS_EN[color.slug], `colour ${color.slug}`);
  });

  it("has no label with Cyrillic", () => {
    for (const [slug, label] of Object.entries(COLOR_LABELS_EN)) expectEnglish(label, slug);
  });
});

describe("TENDER_GENDER_LABELS_EN", () => {
  it("labels every tender gender", () => {
    for (const gender of TENDER_GENDERS) expectEnglish(TENDER_GENDER_LABELS_EN[gender], gender);
    expect(TENDER_GENDER_LABELS_EN).toEqual({
      men: "Men’s",
      women: "Women’s",
      kids: "Children’s",
      unisex: "Unisex",
    });
  });
});

describe("labels in English", () => {
  it("every label function answers in English when asked, in Russian by default", async () => {
    const r = await import("./reference");
    expect(r.categoryLabel("outerwear", "en")).toBe("Outerwear");
    expect(r.categoryLabel("outerwear")).toBe("Верхняя одежда");
    expect(r.countryLabel("kg", "en")).toBe("Kyrgyzstan");
    expect(r.countryLabel("KG_2", "en")).toBe("Kyrgyzstan");
    expect(r.cityLabel("kg_1", "en")).toBe("Bishkek");
    expect(r.cityLabel("kg_1")).toBe("Бишкек");
    expect(r.cityLabel("Шымкент-юг", "en")).toBe("Шымкент-юг");
    expect(r.formatLocation("kz", "kz_1", "en")).toBe("Almaty, Kazakhstan");
    expect(r.currencySymbol("KGS", "en")).toBe("som");
    expect(r.currencyLabel("USD", "en")).toMatch(/dollar/i);
    expect(r.tenderGenderLabel("kids", "en")).toBe("Children’s");
    expect(r.colorLabel("black", "en")).toBe("Black");
    expect(r.colorLabel("Черный", "en")).toBe("Black");
    expect(r.colorLabel("лазурный", "en")).toBe("лазурный");
    expect(r.userTypeLabel("textile_seller", "en")).toBe("Fabric seller");
    expect(r.fabricLabel("cotton", "en")).toBe("Cotton");
    expect(r.garmentTypeLabel("down-jacket", "en")).toBe("Down jacket");
    expect(r.garmentTypeLabel("своя вещь", "en")).toBe("своя вещь");
  });
});
