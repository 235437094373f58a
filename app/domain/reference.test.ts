import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  CATEGORY_SLUGS,
  COLOR_SUGGESTIONS,
  COLORS,
  COUNTRIES,
  COUNTRY_CODES,
  CURRENCIES,
  CURRENCY_CODES,
  categoryLabel,
  citiesOf,
  cityLabel,
  colorLabel,
  countryLabel,
  currencyLabel,
  currencySymbol,
  DEFAULT_CURRENCY,
  FABRIC_TREE,
  fabricLabel,
  findCategory,
  findCountry,
  findGarmentType,
  formatLocation,
  GARMENT_GROUPS,
  garmentTypeLabel,
  isCategorySlug,
  isCityId,
  isCityOf,
  isCountryCode,
  isCurrencyCode,
  isNamedColor,
  isTenderGender,
  PORTFOLIO_EXTRA_COUNTRIES,
  SIZE_SYSTEMS,
  TENDER_GENDER_OPTIONS,
  TENDER_GENDERS,
  tenderGenderLabel,
  tenderGenderOf,
  userTypeLabel,
} from "~/domain/reference";
import { USER_TYPES } from "~db/schema";
import { admin } from "./messages/admin";

const unique = (values: readonly string[]) => new Set(values).size === values.length;

describe("categories", () => {
  it("has the 10 activity categories in SPEC order", () => {
    expect(CATEGORY_SLUGS).toEqual([
      "outerwear",
      "bottoms",
      "tops",
      "dresses-jumpsuits",
      "home-nightwear",
      "sportswear",
      "sleepwear-underwear",
      "accessories-headwear",
      "professional-special",
      "miscellaneous",
    ]);
    expect(CATEGORIES.map((c) => c.slug)).toEqual(CATEGORY_SLUGS);
  });

  it("has a unique Russian label and a description for each", () => {
    expect(unique(CATEGORIES.map((c) => c.label))).toBe(true);
    for (const category of CATEGORIES) {
      expect(category.label).toMatch(/^[А-Я]/);
      expect(category.description.length).toBeGreaterThan(10);
    }
    expect(categoryLabel("outerwear")).toBe("Верхняя одежда");
    expect(categoryLabel("bottoms")).toBe("Брюки и юбки");
    expect(findCategory("tops")?.label).toBe(categoryLabel("tops"));
  });

  it("passes unknown and empty slugs through", () => {
    expect(categoryLabel("space-suits")).toBe("space-suits");
    expect(categoryLabel("")).toBe("");
    expect(categoryLabel(null)).toBe("");
    expect(isCategorySlug("outerwear")).toBe(true);
    expect(isCategorySlug("space-suits")).toBe(false);
  });
});

describe("garment catalogue", () => {
  it("has 10 groups of 5 to 20 types each", () => {
    expect(GARMENT_GROUPS).toHaveLength(10);
    for (const group of GARMENT_GROUPS) {
      expect(group.types.length).toBeGreaterThanOrEqual(5);
      expect(group.types.length).toBeLessThanOrEqual(20);
    }
  });

  it("has unique kebab-case slugs and unique labels", () => {
    const typeSlugs = GARMENT_GROUPS.flatMap((g) => g.types.map((t) => t.slug));
    const slugs = [...GARMENT_GROUPS.map((g) => g.slug), ...typeSlugs];
    expect(unique(GARMENT_GROUPS.map((g) => g.slug))).toBe(true);
    expect(unique(typeSlugs)).toBe(true);
    expect(unique(GARMENT_GROUPS.flatMap((g) => g.types.map((t) => t.label)))).toBe(true);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("finds a type with its group, and labels it", () => {
    expect(garmentTypeLabel("jacket")).toBe("Куртка");
    expect(findGarmentType("jeans")?.group.slug).toBe("bottoms");
    expect(findGarmentType("jeans")?.type.label).toBe("Джинсы");
    expect(findGarmentType("nope")).toBeUndefined();
    expect(garmentTypeLabel("Свободный текст")).toBe("Свободный текст");
    expect(garmentTypeLabel(undefined)).toBe("");
  });
});

describe("size systems", () => {
  const sizes = (slug: string) => SIZE_SYSTEMS.find((s) => s.slug === slug)?.sizes ?? [];

  it("covers the SPEC systems", () => {
    expect(SIZE_SYSTEMS.map((s) => s.slug)).toEqual([
      "international",
      "russian",
      "us",
      "european",
      "uk",
      "chest",
      "waist",
      "length",
    ]);
    for (const system of SIZE_SYSTEMS) {
      expect(system.sizes.length).toBeGreaterThan(3);
      expect(unique(system.sizes)).toBe(true);
    }
  });

  it("has international XXS..XXXXL and Russian 40..64 even", () => {
    expect(sizes("international")[0]).toBe("XXS");
    expect(sizes("international").at(-1)).toBe("XXXXL");
    expect(sizes("russian")).toEqual([
      "40",
      "42",
      "44",
      "46",
      "48",
      "50",
      "52",
      "54",
      "56",
      "58",
      "60",
      "62",
      "64",
    ]);
  });

  it("gives inches with centimetres", () => {
    expect(sizes("waist")).toContain("W32 (81 см)");
    expect(sizes("length")).toContain("L34 (86 см)");
  });
});

describe("fabric tree", () => {
  it("has the six SPEC categories with items", () => {
    expect(FABRIC_TREE.map((c) => c.slug)).toEqual([
      "natural",
      "synthetic",
      "denim",
      "knitted",
      "special",
      "decorative",
    ]);
    for (const category of FABRIC_TREE) expect(category.items.length).toBeGreaterThan(3);
    const slugs = FABRIC_TREE.flatMap((c) => c.items.map((i) => i.slug));
    expect(unique([...FABRIC_TREE.map((c) => c.slug), ...slugs])).toBe(true);
    for (const slug of [
      "cotton",
      "linen",
      "silk",
      "wool",
      "polyester",
      "nylon",
      "jersey",
      "lace",
    ]) {
      expect(slugs).toContain(slug);
    }
  });

  it("labels fabrics and passes unknown through", () => {
    expect(fabricLabel("cotton")).toBe("Хлопок");
    expect(fabricLabel("natural")).toBe("Натуральные");
    expect(fabricLabel("unobtainium")).toBe("unobtainium");
  });
});

describe("geography", () => {
  it("has the 15 SPEC countries", () => {
    expect(COUNTRY_CODES).toEqual([
      "kg",
      "kz",
      "uz",
      "tj",
      "tm",
      "ru",
      "ua",
      "by",
      "az",
      "am",
      "ge",
      "md",
      "ee",
      "lv",
      "lt",
    ]);
    expect(unique(COUNTRIES.map((c) => c.label))).toBe(true);
  });

  it("has 8 to 15 unique cities per country with ids {code}_{position}", () => {
    for (const country of [...COUNTRIES, ...PORTFOLIO_EXTRA_COUNTRIES]) {
      const cities = country.cities;
      if (COUNTRIES.some((c) => c.code === country.code)) {
        expect(cities.length).toBeGreaterThanOrEqual(8);
        expect(cities.length).toBeLessThanOrEqual(15);
      }
      expect(unique(cities.map((c) => c.label))).toBe(true);
      cities.forEach((city, index) => {
        expect(city.id).toBe(`${country.code}_${index + 1}`);
      });
    }
  });

  it("keeps the ids of the capitals stable", () => {
    const capitals = {
      kg_1: "Бишкек",
      kg_2: "Ош",
      kz_1: "Алматы",
      uz_1: "Ташкент",
      ru_1: "Москва",
      lt_1: "Вильнюс",
    };
    for (const [id, name] of Object.entries(capitals)) expect(cityLabel(id), id).toBe(name);
  });

  it("labels countries including Turkey, China and the legacy kg_2", () => {
    expect(countryLabel("kg")).toBe("Кыргызстан");
    expect(countryLabel("KZ")).toBe("Казахстан");
    expect(countryLabel("tr")).toBe("Турция");
    expect(countryLabel("cn")).toBe("Китай");
    expect(countryLabel("kg_2")).toBe("Кыргызстан");
    expect(countryLabel("Атлантида")).toBe("Атлантида");
    expect(countryLabel(null)).toBe("");
    expect(findCountry("tr")?.cities.length).toBeGreaterThan(0);
    expect(isCountryCode("kg")).toBe(true);
    expect(isCountryCode("tr")).toBe(false);
  });

  it("resolves cities by id, passes names through", () => {
    expect(cityLabel("Бишкек")).toBe("Бишкек");
    expect(cityLabel("kg_99")).toBe("kg_99");
    expect(cityLabel("")).toBe("");
    expect(cityLabel(undefined)).toBe("");
    expect(citiesOf("kg")[0]).toEqual({ id: "kg_1", label: "Бишкек" });
    expect(citiesOf("xx")).toEqual([]);
    expect(citiesOf(null)).toEqual([]);
  });

  it("tells reference city ids from typed city names", () => {
    for (const id of ["kg_1", " KG_2 "]) expect(isCityId(id), id).toBe(true);
    for (const typed of ["kg_99", "Бишкек", "", null])
      expect(isCityId(typed), `${typed}`).toBe(false);
  });

  it("checks that a city belongs to a country", () => {
    expect(isCityOf("kg", "kg_1")).toBe(true);
    expect(isCityOf("kz", "kg_1")).toBe(false);
    expect(isCityOf("kg", "kg_99")).toBe(false);
    expect(isCityOf("kg", "")).toBe(false);
    expect(isCityOf(null, "kg_1")).toBe(false);
  });

  it("formats 'City, Country' omitting missing parts", () => {
    expect(formatLocation("kg", "kg_1")).toBe("Бишкек, Кыргызстан");
    expect(formatLocation("kz", "Алматы")).toBe("Алматы, Казахстан");
    expect(formatLocation("kg", null)).toBe("Кыргызстан");
    expect(formatLocation(null, "kg_2")).toBe("Ош");
    expect(formatLocation("", "")).toBe("");
    expect(formatLocation(undefined, undefined)).toBe("");
  });
});

describe("currencies", () => {
  it("has 14 deduplicated currencies with one EUR and USD by default", () => {
    expect(CURRENCY_CODES).toEqual([
      "KGS",
      "KZT",
      "UZS",
      "TJS",
      "TMT",
      "RUB",
      "UAH",
      "BYN",
      "AZN",
      "AMD",
      "GEL",
      "MDL",
      "EUR",
      "USD",
    ]);
    expect(CURRENCY_CODES.filter((c) => c === "EUR")).toHaveLength(1);
    expect(DEFAULT_CURRENCY).toBe("USD");
    for (const currency of CURRENCIES) {
      expect(currency.label).toMatch(/^[А-Я]/);
      expect(currency.symbol).not.toBe("");
    }
  });

  it("gives symbols and labels, passing unknown codes through", () => {
    for (const code of ["USD", "usd"]) expect(currencySymbol(code), code).toBe("$");
    expect(currencySymbol("KGS")).toBe("сом");
    expect(currencySymbol("XYZ")).toBe("XYZ");
    expect(currencySymbol(null)).toBe("");
    expect(currencyLabel("KGS")).toBe("Кыргызский сом");
    expect(currencyLabel("XYZ")).toBe("XYZ");
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("EUR2")).toBe(false);
  });
});

describe("tender genders", () => {
  it("has the four SPEC values as stable keys with their labels", () => {
    expect(TENDER_GENDERS).toEqual(["men", "women", "kids", "unisex"]);
    expect(TENDER_GENDER_OPTIONS.map((o) => o.label)).toEqual([
      "Мужской",
      "Женский",
      "Детский",
      "Унисекс",
    ]);
    expect(tenderGenderLabel("kids")).toBe("Детский");
    expect(tenderGenderLabel("other")).toBe("other");
    expect(isTenderGender("unisex")).toBe(true);
    expect(isTenderGender("унисекс")).toBe(false);
  });

  it("reads the Russian words that links made before the keys", () => {
    expect(tenderGenderOf("женский")).toBe("women");
    expect(tenderGenderOf(" Унисекс ")).toBe("unisex");
    expect(tenderGenderOf("MEN")).toBe("men");
    expect(tenderGenderOf("мужское")).toBeNull();
  });
});

describe("colours", () => {
  it("suggests exactly the 16 SPEC colours", () => {
    expect(COLOR_SUGGESTIONS).toEqual([
      "Черный",
      "Белый",
      "Серый",
      "Красный",
      "Синий",
      "Зеленый",
      "Желтый",
      "Розовый",
      "Фиолетовый",
      "Оранжевый",
      "Коричневый",
      "Бежевый",
      "Хаки",
      "Морской волны",
      "Бордовый",
      "Темно-синий",
    ]);
    expect(unique(COLORS.map((c) => c.slug))).toBe(true);
  });

  it("labels English slugs and passes anything else through", () => {
    const english = { black: "Черный", Navy: "Темно-синий", grey: "Серый" };
    for (const [slug, label] of Object.entries(english)) expect(colorLabel(slug), slug).toBe(label);
    for (const typed of ["Черный", "Лавандовый", ""]) expect(colorLabel(typed), typed).toBe(typed);
  });

  it("tells the colours it names from the ones people typed", () => {
    for (const named of ["black", " Navy-Blue ", "Черный"]) {
      expect(isNamedColor(named), named).toBe(true);
    }
    for (const typed of ["Лавандовый", "", null])
      expect(isNamedColor(typed), `${typed}`).toBe(false);
  });
});

describe("user types", () => {
  it("labels all profile types for display", () => {
    expect(userTypeLabel("buyer")).toBe("Покупатель");
    expect(userTypeLabel("factory")).toBe("Швейный цех/фабрика");
    expect(userTypeLabel("clothing_seller")).toBe("Продавец одежды");
    expect(userTypeLabel("textile_seller")).toBe("Продавец тканей");
    expect(userTypeLabel("alien")).toBe("alien");
    expect(userTypeLabel(null)).toBe("");
    for (const type of USER_TYPES) expect(userTypeLabel(type)).not.toBe(type);
  });

  it("has the admin filter", () => {
    const { filterAll, filterBuyers, filterFactories } = admin;
    expect([filterAll, filterBuyers, filterFactories]).toEqual([
      "Все",
      "Покупатель",
      "Швейные цеха и фабрики",
    ]);
  });
});
