/**
 * A fresh, migrated database for one integration test file.
 * - Default: PGlite in memory, loaded from a template migrated once per run (global setup).
 * - With TEST_DATABASE_URL: a new PostgreSQL database on that server, dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "~/server/db.server";

export const PGLITE_TEMPLATE =
  process.env.PGLITE_TEMPLATE ?? "/tmp/fabricum-pglite-template.tar.gz";

export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

export interface TestDatabase extends Database {
  /** Drops the database (PostgreSQL) and closes connections. */
  destroy(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fabricum_test_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const database = await openDatabase({ url: withDatabase(serverUrl, name) });
    await migrateDatabase(database);
    return {
      ...database,
      async destroy() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const loadDataDir = existsSync(PGLITE_TEMPLATE)
    ? new Blob([readFileSync(PGLITE_TEMPLATE)])
    : undefined;
  const database = await openDatabase({ loadDataDir });
  // Applies nothing when the template is current; migrates from scratch without one.
  await migrateDatabase(database);
  return { ...database, destroy: () => database.close() };
}
