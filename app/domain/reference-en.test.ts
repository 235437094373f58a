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

/** Every key has an entry whose `fields` are in English, and there is no entry for anything else. */
function expectEntriesOf<Entry extends Record<string, string>>(
  keys: string[],
  entries: Record<string, Entry>,
  fields: (keyof Entry & string)[],
): void {
  for (const key of keys) {
    for (const field of fields) expectEnglish(entries[key]?.[field], `${key} ${field}`);
  }
  expect(Object.keys(entries).sort()).toEqual([...keys].sort());
}

/** Every slug has an English label, and there is no label for anything else. */
function expectLabelsOf(slugs: string[], labels: Record<string, string>, what: string): void {
  for (const slug of slugs) expectEnglish(labels[slug], `${what} ${slug}`);
  expect(Object.keys(labels).sort()).toEqual([...new Set(slugs)].sort());
}

/** The slugs of a two-level list: each entry's own, then its children's. */
function slugsWithChildren<T extends { slug: string }>(
  entries: readonly T[],
  children: (entry: T) => readonly { slug: string }[],
): string[] {
  return entries.flatMap((entry) => [entry.slug, ...children(entry).map((child) => child.slug)]);
}

describe("CATEGORIES_EN", () => {
  it("has a label and a description for every category", () => {
    expectEntriesOf(
      CATEGORIES.map((category) => category.slug),
      CATEGORIES_EN,
      ["label", "description"],
    );
  });
});

describe("GARMENT_LABELS_EN", () => {
  it("labels every garment group and every garment type, and nothing else", () => {
    const slugs = slugsWithChildren(GARMENT_GROUPS, (group) => group.types);
    expectLabelsOf(slugs, GARMENT_LABELS_EN, "garment");
  });
});

describe("SIZE_SYSTEM_LABELS_EN", () => {
  it("labels every size system, and nothing else", () => {
    expectLabelsOf(
      SIZE_SYSTEMS.map((system) => system.slug),
      SIZE_SYSTEM_LABELS_EN,
      "size system",
    );
  });
});

describe("FABRIC_LABELS_EN", () => {
  it("labels every fabric category and every fabric, and nothing else", () => {
    const slugs = slugsWithChildren(FABRIC_TREE, (category) => category.items);
    expectLabelsOf(slugs, FABRIC_LABELS_EN, "fabric");
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
    expectEntriesOf(
      CURRENCIES.map((currency) => currency.code),
      CURRENCIES_EN,
      ["label", "symbol"],
    );
    // A symbol that is not a word is kept as is.
    for (const currency of CURRENCIES) {
      if (!CYRILLIC.test(currency.symbol)) {
        expect(CURRENCIES_EN[currency.code]?.symbol).toBe(currency.symbol);
      }
    }
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
