/**
 * The search that understands buyers (issue 29): queries a buyer would type, in Russian and
 * English, each with the factory (or tender) that must come first on the demo data. Several words,
 * plurals, synonyms, typos, Latin and Cyrillic names, filters with a query.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_FACTORIES } from "~/demo/data";
import { seedDemo } from "~/demo/seed.server";
import { findCountry } from "~/domain/reference";
import { normalizeTenderFilters } from "~/domain/tender-filters";
import { listFactories } from "~/features/factories/factories.server";
import { listActiveTenders } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();

/** A factory of our own with a hyphenated name, as the demo data has none starting 'Ак-'. */
const AK_TOO = { id: randomUUID(), name: "Ак-Тоо Тигуу" };

beforeAll(async () => {
  await seedDemo(database.db, parseEnv({ DATA_DIR: tempDir("fabricum-search-quality-") }));
  const userId = randomUUID();
  await database.db
    .insert(schema.users)
    .values({ id: userId, name: AK_TOO.name, email: `${userId}@example.com`, emailVerified: true });
  await database.db.insert(schema.factories).values({
    id: AK_TOO.id,
    userId,
    name: AK_TOO.name,
    description: "Небольшой цех в Нарыне: шьем войлочные жилеты.",
    country: "kg",
    city: "kg_10",
    categories: ["outerwear"],
  });
}, 180_000);

type Case = {
  q: string;
  /** The factory that must come first; a list: one of them (they tie, the directory's order decides). */
  first: string | string[];
  /** Other filters of the directory. */
  filters?: Record<string, string>;
  /** Every factory found must be one of these (a place, a country). */
  only?: string[];
  /** The page offers this fixed search ('Возможно, вы искали …'). */
  suggestion?: string;
};

const UZBEK = [
  "Самарканд Силк",
  "Ташкент Коттон",
  "Фергана Трикотаж",
  "Андижан Текстиль",
  "Наманган Детство",
];
const KNIT = ["Ош Трикотаж", "Фергана Трикотаж", "Неман Трикотаж", "Гюмри Трикотаж"];
const DENIM = ["Кара-Балта Деним", "Кутаиси Деним"];
const WORKWEAR = ["Караганда Спецодежда", "Шяуляй Спецодежда", "Уралспецпошив"];
/** The demo factories of a category: those a word for the category finds first, in a tie. */
const inCategory = (slug: string) =>
  DEMO_FACTORIES.filter((factory) => factory.categories.some((c) => c === slug)).map((f) => f.name);
const UNIFORMS = inCategory("professional-special");
const LITHUANIA = ["Каунас Мода", "Вильнюс Линен", "Шяуляй Спецодежда"];

const CASES: Case[] = [
  // English, the words of the brief
  { q: "knitwear", first: KNIT },
  { q: "Uzbekistan", first: UZBEK, only: UZBEK },
  { q: "Tashkent", first: "Ташкент Коттон" },
  { q: "denim", first: DENIM },
  { q: "jeans", first: [...DENIM, "Каунас Мода"] },
  { q: "Namangan", first: "Наманган Детство" },
  { q: "Vilnius Linen", first: "Вильнюс Линен" },
  { q: "Baltic Wool", first: "Балтийская шерсть" },
  { q: "Bishkek", first: ["Бишкек Стиль"] },
  { q: "Kyrgyzstan knitwear", first: "Ош Трикотаж" },
  { q: "workwear Kazakhstan", first: "Караганда Спецодежда" },
  { q: "uniforms", first: UNIFORMS },
  { q: "wool", first: "Балтийская шерсть" },
  { q: "silk", first: ["Худжанд Шелк", "Самарканд Силк"] },
  { q: "Samarkand silk", first: "Самарканд Силк" },
  { q: "Lithuania", first: LITHUANIA, only: LITHUANIA },
  { q: "Riga", first: "Даугава Текстиль" },
  { q: "Tbilisi", first: "Тбилиси Гармент" },
  { q: "Yerevan", first: "Арарат Стиль" },
  { q: "Almaty", first: "Алатау Гармент" },
  { q: "Chisinau", first: "Кишинэу Мода" },
  { q: "Khujand", first: "Худжанд Шелк" },
  { q: "Kharkiv workwear", first: "Харьков Швейпром" },
  { q: "children clothing", first: "Наманган Детство" },
  { q: "sportswear", first: ["Токмок Спорт", "Батуми Спорт"] },
  { q: "Ivanovo", first: "Ивановская мануфактура" },
  { q: "Dnipro dresses", first: "Днепр Стиль" },
  { q: "denim Georgia", first: "Кутаиси Деним" },
  // Russian: several words, plurals, synonyms
  {
    q: "женские платья оптом",
    first: [
      "Бишкек Стиль",
      "Самарканд Силк",
      "Днепр Стиль",
      "Кишинэу Мода",
      "Каунас Мода",
      "Арарат Стиль",
      "Львовская мануфактура",
      "Тбилиси Гармент",
      "Худжанд Шелк",
    ],
  },
  {
    q: "мужские брюки",
    first: [
      ...DENIM,
      "Андижан Текстиль",
      "Каунас Мода",
      "Гянджа Текстиль",
      "Харьков Швейпром",
      "Мары Текстиль",
      "Шымкент Швейпром",
    ],
  },
  { q: "спецовка", first: WORKWEAR },
  { q: "спецодежда Казахстан", first: "Караганда Спецодежда" },
  { q: "трикотаж Кыргызстан", first: "Ош Трикотаж" },
  { q: "Ташкенте", first: "Ташкент Коттон" },
  { q: "Самарканд шелк", first: "Самарканд Силк" },
  { q: "шерсть", first: "Балтийская шерсть" },
  { q: "джинсы", first: DENIM },
  { q: "деним Грузия", first: "Кутаиси Деним" },
  { q: "Литва", first: LITHUANIA, only: LITHUANIA },
  { q: "униформа", first: UNIFORMS },
  { q: "детская одежда", first: ["Наманган Детство", "Фергана Трикотаж"] },
  { q: "Ташкент Коттон", first: "Ташкент Коттон" },
  { q: "Балтийская", first: "Балтийская шерсть" },
  { q: "Ивановская мануфактура", first: "Ивановская мануфактура" },
  { q: "Харьков спецодежда", first: "Харьков Швейпром" },
  { q: "куртки Бишкек", first: "Ала-Тоо Текстиль" },
  { q: "Вильнюс", first: "Вильнюс Линен" },
  // Latin and Cyrillic spellings, the beginning of a name
  { q: "Наман", first: "Наманган Детство" },
  { q: "Ак-Т", first: AK_TOO.name },
  { q: "Ала-Т", first: "Ала-Тоо Текстиль" },
  { q: "Кара-Балта", first: "Кара-Балта Деним" },
  { q: "Andijan", first: "Андижан Текстиль" },
  { q: "Fergana", first: "Фергана Трикотаж" },
  { q: "Gyumri", first: "Гюмри Трикотаж" },
  // Typos: the nearest known word, offered as 'Возможно, вы искали …'
  { q: "Наманаган", first: "Наманган Детство", suggestion: "наманган" },
  { q: "трикатаж", first: KNIT, suggestion: "трикотаж" },
  { q: "Самарканнд", first: "Самарканд Силк" },
  { q: "Nmangan", first: "Наманган Детство", suggestion: "namangan" },
  { q: "Ташкнет", first: "Ташкент Коттон" },
  { q: "спецоджда Казахстан", first: "Караганда Спецодежда", suggestion: "спецодежда казахстан" },
  // Filters with a query
  {
    q: "трикотаж",
    filters: { country: "uz" },
    first: "Фергана Трикотаж",
    only: UZBEK,
  },
  { q: "knitwear", filters: { country: "am" }, first: "Гюмри Трикотаж" },
  {
    q: "платья",
    filters: { category: "dresses-jumpsuits", country: "uz" },
    first: "Самарканд Силк",
    only: ["Самарканд Силк"],
  },
  { q: "workwear", filters: { country: "lt" }, first: "Шяуляй Спецодежда" },
];

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe(`search quality (${testDatabaseKind()})`, () => {
  it.each(CASES)("'$q' $filters", async ({ q, first, filters, only, suggestion }) => {
    const result = await listFactories(database.db, { q, ...filters });
    const found = names(result.items);
    const wanted = typeof first === "string" ? [first] : first;
    expect(wanted, `${q}: ${found.slice(0, 5).join(", ")}`).toContain(found[0]);
    if (only)
      expect(
        found.every((name) => only.includes(name)),
        found.join(", "),
      ).toBe(true);
    if (suggestion) expect(result.suggestion).toBe(suggestion);
    else if (typeof first === "string") expect(result.suggestion ?? null).toBeNull();
  });

  it("demo factories named after a city are in that city", () => {
    for (const factory of DEMO_FACTORIES) {
      const cities = findCountry(factory.country)?.cities ?? [];
      const named = cities.findIndex((city) =>
        factory.name.includes(city.label.slice(0, Math.max(4, city.label.length - 1))),
      );
      if (named >= 0) expect(factory.city, factory.name).toBe(named + 1);
    }
  });

  it("finds nothing, and fixes nothing, for words nobody uses; stop words alone find nothing", async () => {
    for (const q of ["ыыыжжж", "и", "zzqqxx"]) {
      const result = await listFactories(database.db, { q });
      expect(result.total, q).toBe(0);
      expect(result.suggestion, q).toBeUndefined();
    }
  });

  it("a word nobody uses does not empty the result: the other words still find", async () => {
    const result = await listFactories(database.db, { q: "Ташкент ыыыжжж" });
    expect(names(result.items)[0]).toBe("Ташкент Коттон");
  });

  it("matching every word comes first: 'трикотаж Фергана' puts Фергана Трикотаж first, only matches of both", async () => {
    const both = await listFactories(database.db, { q: "трикотаж Фергана" });
    expect(names(both.items)[0]).toBe("Фергана Трикотаж");
    const fergana = await listFactories(database.db, { q: "Фергана" });
    const knit = await listFactories(database.db, { q: "трикотаж" });
    expect(both.total).toBeLessThan(Math.min(fergana.total, knit.total));
  });

  it("understands the tenders' keyword the same way", async () => {
    const tenders = async (q: string) =>
      (await listActiveTenders(database.db, null, normalizeTenderFilters({ q }))).items.map(
        (tender) => tender.title,
      );
    expect(await tenders("jeans")).toContain("Мужские джинсы прямого кроя");
    expect(await tenders("hoodie")).toContain("Худи оверсайз унисекс");
    expect(await tenders("sundress")).toContain("Школьные сарафаны");
    expect(await tenders("униформа персонал")).toContain("Униформа для персонала отеля");
    expect(await tenders("linen shirts")).toContain("Льняные рубашки мужские");
    expect(await tenders("футболки хлопок ыыыжжж")).toContain(
      "Базовые футболки из органического хлопка",
    );
    expect(await tenders("ыыыжжж")).toEqual([]);
  });
});
