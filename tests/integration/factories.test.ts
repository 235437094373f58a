import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/demo/seed.server";
import {
  FACTORIES_PAGE_SIZE,
  factoryDirectoryStats,
  factoryFiltersFromSearch,
  findFactory,
  listFactories,
  normalizeFactoryFilters,
  SEARCH_MAX_LENGTH,
  sitemapFactories,
} from "~/features/factories/factories.server";
import { schema } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();
let overallsOwner: string;
type Row = {
  id: string;
  name: string;
  country: string | null;
  city: string | null;
  categories: string[];
};
/**
 * Every factory, the most complete profiles first and then the newest: the expectations are
 * computed from it, not hard-coded.
 */
let all: Row[];

// Two factories of our own with words the demo data does not use.
const DRESSES = {
  id: randomUUID(),
  name: "Мастерская «Вечерний силуэт»",
  description:
    "Шьем вечерние платья и сарафаны малыми партиями.\n\nРаботаем с шелком и вискозой, отшиваем образцы за неделю.",
};
const OVERALLS = { id: randomUUID(), name: "Северный цех", product: "Комбинезон «Ледокол»" };

async function addFactory(
  id: string,
  name: string,
  description: string | null,
  createdAt: Date,
  extra: Partial<typeof schema.factories.$inferInsert> = {},
) {
  const userId = randomUUID();
  await database.db.insert(schema.users).values({
    id: userId,
    name,
    email: `${userId}@example.com`,
    emailVerified: true,
  });
  await database.db.insert(schema.factories).values({
    id,
    userId,
    name,
    description,
    country: "kg",
    city: "kg_3",
    categories: ["dresses-jumpsuits"],
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  return userId;
}

beforeAll(async () => {
  await seedDemo(database.db, parseEnv({ DATA_DIR: tempDir("fabricum-factories-") }));
  const year = 365 * 24 * 3600_000;
  await addFactory(DRESSES.id, DRESSES.name, DRESSES.description, new Date(Date.now() - 2 * year));
  overallsOwner = await addFactory(
    OVERALLS.id,
    OVERALLS.name,
    "Рабочая одежда для строителей.",
    new Date(Date.now() - 3 * year),
    { country: "ru", city: "ru_3", categories: ["professional-special", "outerwear"] },
  );
  await database.db.insert(schema.factoryProducts).values({
    factoryId: OVERALLS.id,
    userId: overallsOwner,
    name: OVERALLS.product,
  });
  const f = schema.factories;
  all = await database.db
    .select({ id: f.id, name: f.name, country: f.country, city: f.city, categories: f.categories })
    .from(f)
    .orderBy(desc(f.completeness), desc(f.createdAt), desc(f.id));
}, 120_000);

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe(`factory directory (${testDatabaseKind()})`, () => {
  it("lists 24 factories a page, most complete first, with the total and the number of pages", async () => {
    expect(all.length).toBe(44);
    const first = await listFactories(database.db, { page: 1 });
    expect(first.total).toBe(44);
    expect(first.pageCount).toBe(2);
    expect(first.page).toBe(1);
    expect(first.items).toHaveLength(FACTORIES_PAGE_SIZE);
    expect(ids(first.items)).toEqual(ids(all.slice(0, 24)));

    const second = await listFactories(database.db, { page: 2 });
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(20);
    expect(ids(second.items)).toEqual(ids(all.slice(24)));
  });

  it("returns card data only: no contacts or owner", async () => {
    const { items } = await listFactories(database.db, { page: 1 });
    for (const card of items) {
      expect(Object.keys(card).sort()).toEqual(
        [
          "categories",
          "city",
          "country",
          "excerpt",
          "excerptEn",
          "id",
          "leadTimeDays",
          "logoUrl",
          "minOrder",
          "name",
          "nameEn",
          "rating",
          "reviewCount",
          "verified",
        ].sort(),
      );
      expect(card.excerpt.length).toBeGreaterThan(20);
      expect(card.excerpt.length).toBeLessThanOrEqual(171);
    }
    // The demo descriptions are long: the excerpt is cut at a word and marked.
    expect(items[0]?.excerpt.endsWith("…")).toBe(true);
  });

  it("filters by category (the array contains it)", async () => {
    const result = await listFactories(database.db, { category: "bottoms", page: 1 });
    const expected = all.filter((row) => row.categories.includes("bottoms"));
    expect(expected.length).toBeGreaterThan(1);
    expect(result.total).toBe(expected.length);
    expect(ids(result.items)).toEqual(ids(expected));
  });

  it("filters by country, and by country and city", async () => {
    const byCountry = await listFactories(database.db, { country: "kg", page: 1 });
    const kg = all.filter((row) => row.country === "kg");
    expect(byCountry.total).toBe(kg.length);
    expect(ids(byCountry.items)).toEqual(ids(kg));

    const byCity = await listFactories(database.db, { country: "kg", city: "kg_1", page: 1 });
    const bishkek = all.filter((row) => row.city === "kg_1");
    expect(bishkek.length).toBeGreaterThanOrEqual(2);
    expect(byCity.total).toBe(bishkek.length);
    expect(ids(byCity.items)).toEqual(ids(bishkek));
  });

  it("combines category, country and city", async () => {
    const result = await listFactories(database.db, {
      category: "tops",
      country: "kg",
      city: "kg_1",
      page: 1,
    });
    const expected = all.filter(
      (row) => row.categories.includes("tops") && row.country === "kg" && row.city === "kg_1",
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(result.items)).toEqual(ids(expected));

    const none = await listFactories(database.db, { category: "bottoms", country: "ee", page: 1 });
    expect(none).toMatchObject({ total: 0, items: [], page: 1, pageCount: 1 });
  });

  it("searches Russian word forms: 'платье' finds 'платья'", async () => {
    for (const q of ["платье", "Платья", "вечернее платье", "сарафан"]) {
      const result = await listFactories(database.db, { q, page: 1 });
      expect(ids(result.items), q).toContain(DRESSES.id);
    }
  });

  it("finds the beginning of a word: 'Бишк' finds Бишкек, 'Ледок' the product 'Ледокол'", async () => {
    const bishkek = all.filter((row) => row.city === "kg_1");
    for (const q of ["Бишк", "бишкек", "Бишкеке"]) {
      const result = await listFactories(database.db, { q, page: 1 });
      expect(ids(result.items), q).toEqual(expect.arrayContaining(ids(bishkek)));
    }
    expect(ids((await listFactories(database.db, { q: "Ледок", page: 1 })).items)).toEqual([
      OVERALLS.id,
    ]);
    expect(ids((await listFactories(database.db, { q: "Комбинез Ледок", page: 1 })).items)).toEqual(
      [OVERALLS.id],
    );
    // Syntax of a text-search query is text like any other: no error, no match.
    for (const q of ["!!!", "a & | b", "':*", "ледокол:*A"]) {
      const result = await listFactories(database.db, { q, page: 1 });
      expect(result.page, q).toBe(1);
    }
  });

  it("finds a factory by the name of one of its products", async () => {
    for (const q of ["ледокол", "Комбинезоны Ледокол"]) {
      const result = await listFactories(database.db, { q, page: 1 });
      expect(ids(result.items), q).toEqual([OVERALLS.id]);
    }
  });

  it("follows product changes: renamed, moved and deleted products", async () => {
    const p = schema.factoryProducts;
    const search = async (q: string) =>
      ids((await listFactories(database.db, { q, page: 1 })).items);
    const [added] = await database.db
      .insert(p)
      .values({ factoryId: OVERALLS.id, userId: overallsOwner, name: "Пальто «Буран»" })
      .returning({ id: p.id });
    expect(await search("буран")).toEqual([OVERALLS.id]);
    await database.db
      .update(p)
      .set({ name: "Пальто «Метель»" })
      .where(eq(p.id, added?.id as string));
    expect(await search("буран")).toEqual([]);
    expect(await search("метель")).toEqual([OVERALLS.id]);
    await database.db
      .update(p)
      .set({ factoryId: DRESSES.id })
      .where(eq(p.id, added?.id as string));
    expect(await search("метель")).toEqual([DRESSES.id]);
    await database.db.delete(p).where(eq(p.id, added?.id as string));
    expect(await search("метель")).toEqual([]);
    // The factory's other products still count.
    expect(await search("ледокол")).toEqual([OVERALLS.id]);
    // The whole vector the search reads is its two parts, for every factory (migration 0025).
    // (In SQL: the factory's own update time stays, the sitemap test below reads it.)
    await database.db.execute(
      sql`update factories set description = 'Шьем чехлы для дирижаблей.' where id = ${OVERALLS.id}`,
    );
    expect(await search("дирижабль")).toEqual([OVERALLS.id]);
    const stale = await database.db.execute(
      sql`select count(*)::int as n from factories where search_all <> search || products_search`,
    );
    expect(stale.rows[0]).toEqual({ n: 0 });
  });

  it("reads the pages of a broad search in date order with the same factories", async () => {
    // A selective search shows the best matches first (the search, issue 29); a broad one keeps
    // the directory's order: both find the same factories, page by page together.
    const pages = async (q: string, country: string | undefined, broadSearch?: number) => {
      const first = await listFactories(
        database.db,
        { q, country, page: 1 },
        broadSearch === undefined ? {} : { broadSearch, broadProbe: 0 },
      );
      const rest = [];
      for (let page = 2; page <= first.pageCount; page++) {
        rest.push(
          await listFactories(
            database.db,
            { q, country, page },
            broadSearch === undefined ? {} : { broadSearch, broadProbe: 0 },
          ),
        );
      }
      const cards = [first, ...rest].flatMap((list) => list.items);
      return { total: first.total, ids: ids(cards).sort() };
    };
    for (const [q, country] of [
      ["швейное", undefined],
      ["платье", undefined],
      ["ледокол", undefined],
      ["Деним", "ge"],
    ] as const) {
      expect(await pages(q, country, 0), q).toEqual(await pages(q, country));
    }
    const sewing = await listFactories(
      database.db,
      { q: "швейное", page: 2 },
      { broadSearch: 0, broadProbe: 0 },
    );
    expect(sewing.total).toBe(42);
    expect(ids(sewing.items)).toEqual(
      ids(all.filter((row) => row.id !== DRESSES.id && row.id !== OVERALLS.id).slice(24)),
    );
  });

  it("reads a rare search's page and its count together, as the counted page reads them", async () => {
    // A search the first rows hold fewer than `broadProbe` times is left uncounted and its page
    // counts its matches (rareSearchPage): here every search; `broadProbe: 0`: none, each is
    // counted first, then its page read.
    for (const input of [
      { q: "швейное", page: 1 },
      { q: "швейное", page: 2 },
      { q: "швейное", page: 99 },
      { q: "швейное", page: 2, sort: "newest" },
      { q: "платье", page: 1 },
      { q: "платье", page: 1, sort: "rating" },
      { q: "ледокол", page: 1 },
      { q: "трикатаж", page: 1 },
      { q: "шёлк и ледокол", page: 1 },
    ]) {
      // Ranked (few matches), and in the directory's order (more than `rankedSearch`).
      for (const rankedSearch of [300, 5]) {
        const counted = await listFactories(database.db, input, { broadProbe: 0, rankedSearch });
        expect(counted.total, input.q).toBeGreaterThan(0);
        const rare = await listFactories(database.db, input, { broadProbe: 1000, rankedSearch });
        expect(rare, `${JSON.stringify(input)} ${rankedSearch}`).toEqual(counted);
      }
    }
    // Past the last page: the last page, its count told.
    const last = await listFactories(database.db, { q: "швейное", page: 99 }, { broadProbe: 1000 });
    expect(last).toMatchObject({ page: 2, pageCount: 2, total: 42 });
    expect(last.items).toHaveLength(18);
  });

  it("searches names and descriptions of the demo factories, together with the filters", async () => {
    const byCity = await listFactories(database.db, { q: "Бишкек", page: 1 });
    const bishkek = all.filter((row) => row.city === "kg_1");
    expect(ids(byCity.items)).toEqual(expect.arrayContaining(ids(bishkek)));

    const denim = await listFactories(database.db, { q: "Деним", page: 1 });
    expect(denim.items.map((card) => card.name)).toEqual(
      expect.arrayContaining(["Кара-Балта Деним", "Кутаиси Деним"]),
    );
    const denimInGeorgia = await listFactories(database.db, {
      q: "Деним",
      country: "ge",
      page: 1,
    });
    expect(denimInGeorgia.items.map((card) => card.name)).toContain("Кутаиси Деним");
    expect(denimInGeorgia.items.every((card) => card.country === "ge")).toBe(true);

    const nothing = await listFactories(database.db, { q: "ледокол", country: "kg", page: 1 });
    expect(nothing.total).toBe(0);
  });

  it("ignores invalid filter values instead of failing", async () => {
    const everything = { total: all.length, page: 1, pageCount: 2 };
    const invalid = [
      { category: "no-such-category" },
      { country: "zz" },
      { country: "KG'; drop table factories; --" },
      { city: "kg_1" }, // a city without its country
      { page: "0" },
      { page: "-3" },
      { page: "abc" },
      { page: "2.5" },
      { page: "1e3" },
      { page: ["2"] },
      { category: 42, country: {}, city: null, q: [] },
    ];
    for (const input of invalid) {
      expect(await listFactories(database.db, input), JSON.stringify(input)).toMatchObject(
        everything,
      );
    }
    // A city of another country is dropped, the country stays.
    const wrongCity = await listFactories(database.db, { country: "kz", city: "kg_1", page: 1 });
    expect(wrongCity.filters).toMatchObject({ country: "kz", city: null });
    expect(wrongCity.total).toBe(all.filter((row) => row.country === "kz").length);
  });

  it("clamps the page to the last one", async () => {
    const past = await listFactories(database.db, { page: "99" });
    expect(past.page).toBe(2);
    expect(past.items).toHaveLength(20);
    const huge = await listFactories(database.db, { page: "999999999" });
    expect(huge.page).toBe(2);
  });

  it("survives any search text: search syntax, stop words, control characters, very long text", async () => {
    const texts = [
      '"платья',
      "-платья or",
      "платья & | ! ( ) : * \\",
      "и",
      "'; select pg_sleep(1); --",
      "плать\u0000е",
      "платье ".repeat(100),
    ];
    for (const q of texts) {
      const result = await listFactories(database.db, { q, page: 1 });
      expect(result.page, q).toBe(1);
      expect(result.filters.q?.length ?? 0).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
    }
    const stopWord = await listFactories(database.db, { q: "и", page: 1 });
    expect(stopWord.total).toBe(0);
    const long = await listFactories(database.db, { q: "платье ".repeat(100), page: 1 });
    expect(ids(long.items)).toContain(DRESSES.id);
  });

  it("normalises filters from a URL", () => {
    expect(
      factoryFiltersFromSearch(
        new URLSearchParams("category=outerwear&country=KG&city=KG_2&q=%20%20куртки%20%20&page=3"),
      ),
    ).toEqual({ category: "outerwear", country: "kg", city: "kg_2", q: "куртки", page: 3 });
    expect(factoryFiltersFromSearch(new URLSearchParams(""))).toEqual({
      category: null,
      country: null,
      city: null,
      q: null,
      page: 1,
    });
    expect(normalizeFactoryFilters({ q: "x".repeat(500) }).q).toHaveLength(SEARCH_MAX_LENGTH);
    expect(normalizeFactoryFilters({ q: "   " }).q).toBeNull();
  });

  it("finds one factory by id; an unknown or malformed id is null", async () => {
    const factory = await findFactory(database.db, DRESSES.id);
    expect(factory).toMatchObject({ id: DRESSES.id, name: DRESSES.name, country: "kg" });
    expect(factory?.description).toContain("\n\n");
    expect(await findFactory(database.db, randomUUID())).toBeNull();
    expect(await findFactory(database.db, "not-a-uuid")).toBeNull();
    expect(await findFactory(database.db, "")).toBeNull();
    expect(await findFactory(database.db, undefined)).toBeNull();
  });

  it("lists every factory for the sitemap with the dates of its page and portfolio", async () => {
    const stats = await factoryDirectoryStats(database.db);
    expect(stats.total).toBe(all.length);
    expect(stats.updatedAt).toBeInstanceOf(Date);
    const first = await sitemapFactories(database.db, { offset: 0, limit: 30 });
    const rest = await sitemapFactories(database.db, { offset: 30, limit: 30 });
    expect(new Set(ids([...first, ...rest]))).toEqual(new Set(ids(all)));
    for (const row of [...first, ...rest]) {
      expect(row.portfolioUpdatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    }
    // The product added today makes the portfolio newer than the factory's record.
    const overalls = [...first, ...rest].find((row) => row.id === OVERALLS.id);
    expect(overalls?.portfolioUpdatedAt.getTime()).toBeGreaterThan(
      overalls?.updatedAt.getTime() ?? 0,
    );
  });
});
