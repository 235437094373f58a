import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase, schema } from "~/platform/db.server";
import { testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";
import { readUntilWritten, writePosition } from "../support/unchanged";

const database = testDatabase();

describe(`schema and migrations (${testDatabaseKind()})`, () => {
  it("creates every table of the product and better-auth's", async () => {
    const { rows } = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "users",
        "sessions",
        "accounts",
        "verifications",
        "rate_limits",
        "profiles",
        "factories",
        "factory_products",
        "tenders",
      ]),
    );
  });

  it("has the indexes the screens filter on", async () => {
    const { rows } = await database.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`,
    );
    const byName = new Map(rows.map((r) => [r.indexname, r.indexdef]));
    expect(byName.get("factories_categories_idx")).toMatch(/USING gin/);
    expect(byName.get("factories_search_idx")).toMatch(/USING gin/);
    // The directory reads the factories it lists only (migration 0011: a name, a country and a
    // category, not blocked): partial indexes in its order, most complete profiles first.
    expect(byName.get("factories_directory_country_idx")).toMatch(
      /\(country, completeness DESC.*created_at DESC.*WHERE in_directory/,
    );
    expect(byName.get("factories_directory_order_idx")).toMatch(
      /\(completeness DESC.*created_at DESC.*WHERE in_directory/,
    );
    expect(byName.get("factories_directory_fulltext_idx")).toMatch(/USING gin.*WHERE in_directory/);
    expect(byName.get("tenders_status_created_idx")).toMatch(/status, created_at DESC/);
    expect(byName.get("factory_products_search_idx")).toMatch(/USING gin/);
  });

  it("applying the migrations again changes nothing", async () => {
    const count = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      ).rows[0]?.n;
    const before = await count();
    await migrateDatabase(database);
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it("finds factories by Russian word forms through the full-text index", async () => {
    const db = database.db;
    await db.insert(schema.users).values({ id: "u-fts", name: "F", email: "fts@example.com" });
    await db.insert(schema.factories).values({
      userId: "u-fts",
      name: "Фабрика «Весна»",
      description: "Шьем летние платья и сарафаны",
    });
    const found = await db
      .select({ name: schema.factories.name })
      .from(schema.factories)
      .where(sql`${schema.factories.search} @@ plainto_tsquery('russian', ${"платье"})`);
    expect(found).toEqual([{ name: "Фабрика «Весна»" }]);
    const notFound = await db
      .select({ name: schema.factories.name })
      .from(schema.factories)
      .where(sql`${schema.factories.search} @@ plainto_tsquery('russian', ${"куртка"})`);
    expect(notFound).toEqual([]);
  });

  it("deleting a user removes the whole account in one statement", async () => {
    const db = database.db;
    const id = "u-cascade";
    await db.insert(schema.users).values({ id, name: "C", email: "cascade@example.com" });
    await db.insert(schema.sessions).values({
      id: "s-cascade",
      token: "t-cascade",
      userId: id,
      expiresAt: new Date(Date.now() + 60_000),
      updatedAt: new Date(),
    });
    await db.insert(schema.profiles).values({ id, userType: "factory", name: "C" });
    const [factory] = await db
      .insert(schema.factories)
      .values({ userId: id, name: "Каскад", categories: ["tops"] })
      .returning({ id: schema.factories.id });
    await db
      .insert(schema.factoryProducts)
      .values({ factoryId: factory?.id as string, userId: id, name: "Футболка" });
    await db.insert(schema.tenders).values({ userId: id, title: "Тендер" });

    await db.delete(schema.users).where(eq(schema.users.id, id));

    const left = await db.execute<{ n: number }>(sql`
      select (select count(*) from profiles where id = ${id})
           + (select count(*) from factories where user_id = ${id})
           + (select count(*) from factory_products where user_id = ${id})
           + (select count(*) from tenders where user_id = ${id})
           + (select count(*) from sessions where user_id = ${id}) as n`);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  it("refuses rows that break the rules of the data", async () => {
    const db = database.db;
    await db.insert(schema.users).values({ id: "u-rules", name: "R", email: "rules@example.com" });
    await expect(
      db.insert(schema.profiles).values({ id: "u-rules", userType: "hacker" as "buyer" }),
    ).rejects.toThrow();
    await expect(
      db.insert(schema.tenders).values({ userId: "u-rules", title: "T", quantity: 0 }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(schema.tenders)
        .values({ userId: "u-rules", title: "T", status: "open" as "active" }),
    ).rejects.toThrow();
    await db.insert(schema.factories).values({ userId: "u-rules", name: "Одна" });
    // One factory per user.
    await expect(
      db.insert(schema.factories).values({ userId: "u-rules", name: "Вторая" }),
    ).rejects.toThrow();
  });

  it("moves the write position with every write, so the tests' reads until a write see each one", async () => {
    // tests/support/unchanged.ts: "this changed nothing" checks keep a read until the position
    // moves. Any write moves it, to any table, in or out of a transaction; a read does not.
    let reads = 0;
    const users = readUntilWritten(
      () => database.db,
      async () => {
        reads += 1;
        return (await database.db.select({ id: schema.users.id }).from(schema.users)).length;
      },
    );
    const first = await users();
    expect(await users()).toBe(first);
    expect(reads).toBe(1);
    const position = await writePosition(database.db);
    await database.db.execute(sql`select count(*) from factories`);
    expect(await writePosition(database.db)).toBe(position);
    await database.db.insert(schema.users).values({
      id: "write-position-user",
      name: "Позиция",
      email: "write-position@example.com",
      emailVerified: false,
    });
    expect(await users()).toBe(first + 1);
    expect(reads).toBe(2);
    await database.db.transaction(async (tx) => {
      await tx
        .update(schema.users)
        .set({ name: "Позиция 2" })
        .where(eq(schema.users.id, "write-position-user"));
    });
    expect(await users()).toBe(first + 1);
    expect(reads).toBe(3);
  });
});
