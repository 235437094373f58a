// Issue 26, item 12: the directory lists a factory only once it has a name, a country and a
// category (factories.in_directory, kept by a trigger with every write: migration 0011), and shows
// the most complete profiles (logo, city, description, products) before the newest. The owner of
// a factory the directory leaves out is told what is missing, on the dashboard and the profile.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  countDirectory,
  listFactories,
  normalizeFactoryFilters,
} from "~/features/factories/factories.server";
import { directoryGaps } from "~/features/factories/factory-workspace.server";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { schema } from "~/platform/db.server";
import { loader as dashboardLoader } from "~/routes/factory-dashboard";
import { loader as profileLoader } from "~/routes/profile";
import { testApp } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();
const f = schema.factories;

const ids = async () => (await listFactories(app.db, { page: 1 })).items.map((card) => card.id);
const total = () => countDirectory(app.db, normalizeFactoryFilters({}));

async function factoryOf(userId: string) {
  const [row] = await app.db
    .select({
      id: f.id,
      name: f.name,
      country: f.country,
      categories: f.categories,
      inDirectory: f.inDirectory,
      completeness: f.completeness,
    })
    .from(f)
    .where(eq(f.userId, userId));
  if (!row) throw new Error("no factory");
  return row;
}

describe(`directory ranking and readiness (${testDatabaseKind()})`, () => {
  it("leaves out a name-only factory, lists it once it has a country and a category, and tells its owner what is missing", async () => {
    const owner = await app.signUp("factory", "Пустая фабрика");
    const before = await total();
    await saveFactoryProfile(app.db, await app.userOf(owner), {
      name: "Пустая фабрика",
      categories: [],
    });
    const empty = await factoryOf(owner.id);
    expect(empty.inDirectory).toBe(false);
    expect(await ids()).not.toContain(empty.id);
    expect(await total()).toBe(before);

    // The dashboard and the profile name what keeps it out, in the page's language.
    const dashboard = await app.get(dashboardLoader, "/factory-dashboard", { as: owner });
    expect(dashboard.data).toMatchObject({ directory: ["country", "categories"] });
    const profile = await app.get(profileLoader, "/en/profile", { as: owner });
    expect(profile.data).toMatchObject({ directory: ["country", "categories"] });

    await saveFactoryProfile(app.db, await app.userOf(owner), {
      name: "Пустая фабрика",
      country: "kg",
      categories: [],
    });
    expect((await factoryOf(owner.id)).inDirectory).toBe(false);
    expect(await total()).toBe(before);

    await saveFactoryProfile(app.db, await app.userOf(owner), {
      name: "Пустая фабрика",
      country: "kg",
      categories: ["tops"],
    });
    const ready = await factoryOf(owner.id);
    expect(ready.inDirectory).toBe(true);
    expect(directoryGaps(ready)).toEqual([]);
    expect(await total()).toBe(before + 1);
    expect(await countDirectory(app.db, normalizeFactoryFilters({ category: "tops" }))).toBe(
      await app.db.$count(f, sql`${f.inDirectory} and ${f.categories} @> array['tops']`),
    );
    const again = await app.get(dashboardLoader, "/factory-dashboard", { as: owner });
    expect(again.data).toMatchObject({ directory: [] });

    // A write outside the services that empties the categories takes it out again.
    await app.db
      .update(f)
      .set({ categories: [""] })
      .where(eq(f.id, ready.id));
    expect((await factoryOf(owner.id)).inDirectory).toBe(false);
    expect(await total()).toBe(before);
  });

  it("ranks complete profiles before newer empty ones, and products raise the rank", async () => {
    const older = await app.signUp("factory", "Полная фабрика");
    await saveFactoryProfile(app.db, await app.userOf(older), {
      name: "Полная фабрика",
      description: "Шьем трикотаж для детей и взрослых.",
      country: "uz",
      city: "uz_1",
      categories: ["tops"],
    });
    const complete = await factoryOf(older.id);
    await app.db
      .update(f)
      .set({ logoUrl: "/uploads/logos/test.webp", createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(f.id, complete.id));
    expect((await factoryOf(older.id)).completeness).toBe(3);

    const newer = await app.signUp("factory", "Новая пустая");
    await saveFactoryProfile(app.db, await app.userOf(newer), {
      name: "Новая пустая",
      country: "uz",
      categories: ["tops"],
    });
    const bare = await factoryOf(newer.id);
    expect(bare.completeness).toBe(0);

    let order = await ids();
    expect(order.indexOf(complete.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(complete.id)).toBeLessThan(order.indexOf(bare.id));

    // A product counts; removing the last one takes the point back.
    const [product = { id: "" }] = await app.db
      .insert(schema.factoryProducts)
      .values({ factoryId: complete.id, userId: older.id, name: "Футболка" })
      .returning({ id: schema.factoryProducts.id });
    expect((await factoryOf(older.id)).completeness).toBe(4);
    order = await ids();
    expect(order[0]).toBe(complete.id);
    await app.db.delete(schema.factoryProducts).where(eq(schema.factoryProducts.id, product.id));
    expect((await factoryOf(older.id)).completeness).toBe(3);
  });
});
