import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { count, countDistinct, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORY_SLUGS, COUNTRY_CODES, isCityOf } from "~/domain/reference";
import { schema } from "~/server/db.server";
import { type Env, parseEnv } from "~/server/env.server";
import { uploadPath } from "~/server/storage.server";
import { readDemoAccounts, type SeedReport, seedDemo } from "~db/seed/seed.server";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "../support/test-db";

let database: TestDatabase;
let env: Env;
let dataDir: string;
let first: SeedReport;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "fabricum-seed-"));
  env = parseEnv({ DATA_DIR: dataDir });
  first = await seedDemo(database.db, env);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`demo seed (${testDatabaseKind()})`, () => {
  it("fills an empty database", () => {
    expect(first.created).toBe(true);
    expect(first.counts?.factories).toBeGreaterThanOrEqual(40);
    expect(first.counts?.tenders).toBeGreaterThanOrEqual(25);
  });

  it("spreads factories over all 15 countries and all 10 categories, with valid cities", async () => {
    const rows = await database.db
      .select({
        country: schema.factories.country,
        city: schema.factories.city,
        categories: schema.factories.categories,
        logoUrl: schema.factories.logoUrl,
      })
      .from(schema.factories);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(COUNTRY_CODES));
    expect(new Set(rows.flatMap((r) => r.categories))).toEqual(new Set(CATEGORY_SLUGS));
    for (const row of rows) {
      expect(isCityOf(row.country, row.city)).toBe(true);
      // Every logo is a real file that was written.
      const file = uploadPath(dataDir, row.logoUrl ?? "");
      expect(file && existsSync(file)).toBe(true);
    }
  });

  it("gives every factory 3 to 8 products, each with pictures on disk", async () => {
    const perFactory = await database.db
      .select({ factoryId: schema.factoryProducts.factoryId, n: count() })
      .from(schema.factoryProducts)
      .groupBy(schema.factoryProducts.factoryId);
    const [factories] = await database.db.select({ n: count() }).from(schema.factories);
    expect(perFactory).toHaveLength(factories?.n ?? -1);
    for (const row of perFactory) {
      expect(row.n).toBeGreaterThanOrEqual(3);
      expect(row.n).toBeLessThanOrEqual(8);
    }
    const products = await database.db
      .select({ images: schema.factoryProducts.images, userId: schema.factoryProducts.userId })
      .from(schema.factoryProducts);
    const images = products.flatMap((p) => p.images);
    expect(images.length).toBeGreaterThanOrEqual(products.length);
    expect(new Set(images).size).toBe(images.length);
    for (const url of images.slice(0, 50)) {
      const file = uploadPath(dataDir, url);
      expect(file && existsSync(file)).toBe(true);
    }
  });

  it("has tenders from several buyers, mostly active", async () => {
    const [row] = await database.db
      .select({ buyers: countDistinct(schema.tenders.userId), n: count() })
      .from(schema.tenders);
    expect(row?.n).toBeGreaterThanOrEqual(25);
    expect(row?.buyers).toBeGreaterThanOrEqual(3);
    const [active] = await database.db
      .select({ n: count() })
      .from(schema.tenders)
      .where(eq(schema.tenders.status, "active"));
    expect(active?.n).toBeGreaterThanOrEqual(20);
  });

  it("creates the three demo accounts with working passwords; only admin@ is an admin", async () => {
    const accounts = readDemoAccounts(dataDir);
    expect(accounts.map((a) => a.email).sort()).toEqual([
      "admin@example.com",
      "buyer@example.com",
      "factory@example.com",
    ]);
    for (const account of accounts) {
      const [row] = await database.db
        .select({
          hash: schema.accounts.password,
          role: schema.users.role,
          verified: schema.users.emailVerified,
          userType: schema.profiles.userType,
        })
        .from(schema.users)
        .innerJoin(schema.accounts, eq(schema.accounts.userId, schema.users.id))
        .innerJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
        .where(eq(schema.users.email, account.email));
      expect(row?.verified).toBe(true);
      expect(await verifyPassword({ hash: row?.hash ?? "", password: account.password })).toBe(
        true,
      );
      expect(row?.role === "admin").toBe(account.role === "admin");
      if (account.role === "factory") expect(row?.userType).toBe("factory");
    }
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email not like '%@example.com'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("adds nothing when run again", async () => {
    const countAll = async () =>
      (
        await database.db.execute<{ n: number }>(sql`
          select (select count(*) from users) + (select count(*) from factories)
               + (select count(*) from factory_products) + (select count(*) from tenders) as n`)
      ).rows[0]?.n;
    const before = Number(await countAll());
    const again = await seedDemo(database.db, env, { onlyIfEmpty: false });
    expect(again).toMatchObject({ created: false, skipped: "already-seeded" });
    expect(Number(await countAll())).toBe(before);
  });
});

describe(`automatic seed on start (${testDatabaseKind()})`, () => {
  it("leaves a database that already has users alone", async () => {
    const other = await createTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), "fabricum-seed-"));
    try {
      await other.db.insert(schema.users).values({ id: "u1", name: "A", email: "a@example.com" });
      const report = await seedDemo(other.db, parseEnv({ DATA_DIR: dir }));
      expect(report).toMatchObject({ created: false, skipped: "database-not-empty" });
      const [factories] = await other.db.select({ n: count() }).from(schema.factories);
      expect(factories?.n).toBe(0);
    } finally {
      await other.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
