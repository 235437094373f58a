// What the directory shows is data kept with the writes (migration 0008): factories.listed follows
// the owner's block in the same statement, and factory_directory_counts holds the number of listed
// factories for every combination of filters without a text search. Blocking, unblocking and
// deleting an account change the directory, its count, search, the factory page, the portfolio
// and the sitemap at once (inside the writing transaction, gone again when it rolls back); after
// a long series of writes of every kind the kept counts equal a count of the rows themselves.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, COUNTRIES, type CountryCode } from "~/domain/reference";
import { blockUser, setFactoryVerified, unblockUser } from "~/features/admin/admin.server";
import {
  countDirectory,
  type FactoryFilters,
  factoryDirectoryStats,
  findFactory,
  listFactories,
  normalizeFactoryFilters,
  sitemapFactories,
} from "~/features/factories/factories.server";
import { deleteAccount, saveFactoryProfile } from "~/features/factories/profiles.server";
import { listPortfolio } from "~/features/products/products.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { ownerNotBanned } from "~/platform/visibility.server";
import type { UserType } from "~db/schema";
import { contextOf, formOf } from "../support/actor-context";
import { insertPerson } from "../support/people";
import { testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();

const tag = randomUUID().slice(0, 8);

const person = (userType: UserType, name: string, { admin = false } = {}) =>
  insertPerson(database.db, userType, name, { role: admin ? "admin" : "user" });

interface Place {
  country?: CountryCode;
  city?: string;
  categories?: (typeof CATEGORY_SLUGS)[number][];
}

/** A factory saved through the profile form's service, with one product. */
async function factory(name: string, place: Place = {}) {
  const owner = await person("factory", name);
  const { factoryId } = await saveFactoryProfile(database.db, owner, {
    name,
    description: `${name}: шьем куртки и пальто`,
    categories: place.categories ?? ["outerwear"],
    country: place.country ?? "kg",
    city: place.city ?? "kg_1",
  });
  await database.db
    .insert(schema.factoryProducts)
    .values({ factoryId, userId: owner.id, name: `Куртка «${name}»` });
  return { owner, id: factoryId, name };
}

/** Everything public about one factory at this moment. */
async function publicView(db: Db, id: string, word: string) {
  const all: string[] = [];
  for (let page = 1; ; page++) {
    const list = await listFactories(db, { page });
    all.push(...list.items.map((card) => card.id));
    if (page >= list.pageCount) break;
  }
  const sitemap = await sitemapFactories(db, { offset: 0, limit: 10_000 });
  return {
    inDirectory: all.includes(id),
    total: (await listFactories(db, {})).total,
    found: (await listFactories(db, { q: word })).items.some((card) => card.id === id),
    page: (await findFactory(db, id)) !== null,
    portfolio: (await listPortfolio(db, id)).total,
    inSitemap: sitemap.some((row) => row.id === id),
  };
}

describe(`the directory's listed factories and counts (${testDatabaseKind()})`, () => {
  let admin: CurrentUser;
  beforeAll(async () => {
    admin = await person("buyer", "Админ", { admin: true });
  });

  it("blocking hides the factory everywhere public at once; unblocking shows it again", async () => {
    const db = database.db;
    const word = `Буран${tag.replace(/\d/g, "")}`;
    const target = await factory(`Цех ${word}`);
    const before = await publicView(db, target.id, word);
    expect(before).toMatchObject({
      inDirectory: true,
      found: true,
      page: true,
      portfolio: 1,
      inSitemap: true,
    });

    await blockUser(contextOf(db, admin), {
      form: formOf({ userId: target.owner.id, reason: "спам" }),
    });
    expect(await publicView(db, target.id, word)).toEqual({
      inDirectory: false,
      total: before.total - 1,
      found: false,
      page: false,
      portfolio: 0,
      inSitemap: false,
    });
    expect((await factoryDirectoryStats(db)).total).toBe(before.total - 1);

    await unblockUser(contextOf(db, admin), { form: formOf({ userId: target.owner.id }) });
    expect(await publicView(db, target.id, word)).toEqual(before);
  });

  it("changes inside the blocking transaction, and not at all when it rolls back", async () => {
    const db = database.db;
    const target = await factory(`Цех ${tag} откат`);
    const total = await countDirectory(db, normalizeFactoryFilters({}));
    const rolledBack = new Error("roll back");
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(schema.users)
          .set({ banned: true })
          .where(eq(schema.users.id, target.owner.id));
        // The same transaction already sees the factory gone and the count lowered.
        expect(await findFactory(tx as unknown as Db, target.id)).toBeNull();
        expect(await countDirectory(tx as unknown as Db, normalizeFactoryFilters({}))).toBe(
          total - 1,
        );
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await findFactory(db, target.id)).not.toBeNull();
    expect(await countDirectory(db, normalizeFactoryFilters({}))).toBe(total);
  });

  it("keeps listed equal to the owner's block whatever writes it", async () => {
    const db = database.db;
    const f = schema.factories;
    const target = await factory(`Цех ${tag} флаг`);
    await blockUser(contextOf(db, admin), {
      form: formOf({ userId: target.owner.id, reason: null }),
    });
    // Writing the flag by hand does not list a blocked owner's factory.
    await db.update(f).set({ listed: true }).where(eq(f.id, target.id));
    expect((await db.select({ listed: f.listed }).from(f).where(eq(f.id, target.id)))[0]).toEqual({
      listed: false,
    });
    // A factory created for an already blocked owner starts unlisted.
    const blocked = await person("factory", `Цех ${tag} заблокирован`);
    await blockUser(contextOf(db, admin), { form: formOf({ userId: blocked.id, reason: null }) });
    const [row] = await db
      .insert(f)
      .values({ userId: blocked.id, name: "Новая", categories: ["tops"] })
      .returning({ id: f.id, listed: f.listed });
    expect(row?.listed).toBe(false);
    expect(await findFactory(db, row?.id)).toBeNull();
    await unblockUser(contextOf(db, admin), { form: formOf({ userId: blocked.id }) });
    expect(await findFactory(db, row?.id)).not.toBeNull();
  });

  it("deleting an account takes its factory out of the directory and the counts", async () => {
    const db = database.db;
    const target = await factory(`Цех ${tag} удаление`, {
      country: "uz",
      city: "uz_2",
      categories: ["tops", "bottoms"],
    });
    const filters = normalizeFactoryFilters({ category: "bottoms", country: "uz", city: "uz_2" });
    const before = await listFactories(db, filters);
    expect(before.items.map((card) => card.id)).toContain(target.id);
    await deleteAccount(db, target.owner);
    const after = await listFactories(db, filters);
    expect(after.total).toBe(before.total - 1);
    expect(after.items.map((card) => card.id)).not.toContain(target.id);
  });

  it("counts what a direct count finds after a long series of writes of every kind", async () => {
    const db = database.db;
    const f = schema.factories;
    // A fixed pseudo-random sequence, so a failure repeats.
    let seed = 20_260_115;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const countries = COUNTRIES.slice(0, 4);
    const place = (): Place => {
      const country = pick(countries);
      const categories = CATEGORY_SLUGS.filter(() => random() < 0.3);
      return {
        country: country.code as CountryCode,
        city: pick(country.cities.slice(0, 3)).id,
        categories: categories.length > 0 ? categories : [pick(CATEGORY_SLUGS)],
      };
    };
    const made: Awaited<ReturnType<typeof factory>>[] = [];
    for (let i = 0; i < 12; i++) made.push(await factory(`Серия ${tag} ${i}`, place()));
    for (let step = 0; step < 60; step++) {
      const one = pick(made);
      switch (
        pick(["profile", "verify", "block", "unblock", "raw", "texts", "delete", "new"] as const)
      ) {
        case "profile": {
          const next = place();
          await saveFactoryProfile(db, one.owner, {
            name: one.name,
            categories: next.categories ?? [],
            country: next.country,
            city: random() < 0.3 ? undefined : next.city,
          });
          break;
        }
        case "verify":
          await setFactoryVerified(contextOf(db, admin), {
            verified: random() < 0.6,
            form: formOf({ factoryId: one.id, note: null }),
          });
          break;
        case "block":
          await blockUser(contextOf(db, admin), {
            form: formOf({ userId: one.owner.id, reason: null }),
          });
          break;
        case "unblock":
          await unblockUser(contextOf(db, admin), { form: formOf({ userId: one.owner.id }) });
          break;
        case "raw":
          // A write outside the services: duplicate and empty categories, no country.
          await db
            .update(f)
            .set({
              categories: random() < 0.5 ? ["tops", "tops", ""] : [],
              country: random() < 0.5 ? null : "",
              city: null,
            })
            .where(eq(f.id, one.id));
          break;
        case "texts": {
          // What the search's vector holds: the factory's texts and its products' names.
          const words = ["трикотаж", "джинсы", "лен", "худи", "спецодежда"];
          await db
            .update(f)
            .set({ description: `${pick(words)} и ${pick(words)} оптом` })
            .where(eq(f.id, one.id));
          if (random() < 0.5) {
            await db.insert(schema.factoryProducts).values({
              factoryId: one.id,
              userId: one.owner.id,
              name: `${pick(words)} ${step}`,
            });
          } else {
            await db
              .delete(schema.factoryProducts)
              .where(eq(schema.factoryProducts.factoryId, one.id));
          }
          break;
        }
        case "delete":
          await db.delete(schema.users).where(eq(schema.users.id, one.owner.id));
          made.splice(made.indexOf(one), 1);
          made.push(await factory(`Серия ${tag} ${step}`, place()));
          break;
        case "new":
          made.push(await factory(`Серия ${tag} ${step}`, place()));
          break;
      }
    }

    // The direct count: the rows themselves, with the owner's block read from users.
    const direct = async (filters: FactoryFilters) => {
      // In the directory: a name, a country and a category (migration 0011).
      const conditions = [
        ownerNotBanned("factories"),
        sql`btrim(${f.name}) <> ''`,
        sql`coalesce(${f.country}, '') <> ''`,
        sql`exists (select 1 from unnest(${f.categories}) c where c <> '')`,
      ];
      if (filters.verified) conditions.push(sql`${f.verifiedAt} is not null`);
      if (filters.category) conditions.push(sql`${f.categories} @> array[${filters.category}]`);
      if (filters.country) conditions.push(eq(f.country, filters.country));
      if (filters.city) conditions.push(eq(f.city, filters.city));
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(f)
        .where(and(...conditions));
      return Number(row?.n);
    };
    const combinations: FactoryFilters[] = [];
    for (const verified of [false, true]) {
      for (const category of [undefined, ...CATEGORY_SLUGS]) {
        for (const country of [undefined, ...countries]) {
          for (const city of [undefined, ...(country?.cities.slice(0, 3) ?? [])]) {
            combinations.push(
              normalizeFactoryFilters({
                verified,
                category,
                country: country?.code,
                city: city?.id,
              }),
            );
          }
        }
      }
    }
    expect(combinations.length).toBe(2 * 11 * (1 + 4 * 4));
    let nonZero = 0;
    for (const filters of combinations) {
      const expected = await direct(filters);
      if (expected > 0) nonZero++;
      expect(await countDirectory(db, filters), JSON.stringify(filters)).toBe(expected);
      expect((await listFactories(db, filters)).total).toBe(expected);
    }
    expect(nonZero).toBeGreaterThan(50);

    // Rebuilding from scratch gives the same table as the kept one.
    const c = schema.factoryDirectoryCounts;
    const kept = async () =>
      (await db.select().from(c))
        .filter((row) => row.n !== 0)
        .map((row) => `${row.verifiedOnly}|${row.category}|${row.country}|${row.city}|${row.n}`)
        .sort();
    const before = await kept();
    await db.execute(sql`select factory_directory_rebuild()`);
    expect(await kept()).toEqual(before);

    // The search's document frequencies (migration 0029) equal a count of the vectors.
    const frequencies = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)).rows as { lexeme: string; n: number }[])
        .map((row) => `${row.lexeme}|${Number(row.n)}`)
        .sort();
    const keptFrequencies = await frequencies(
      sql`select lexeme, n from directory_lexeme_counts where n <> 0`,
    );
    expect(keptFrequencies.length).toBeGreaterThan(20);
    expect(keptFrequencies).toEqual(
      await frequencies(
        sql`select l as lexeme, count(*)::int as n from factories f, unnest(tsvector_to_array(f.search_all)) l where f.in_directory group by l`,
      ),
    );
  }, 120_000);
});
