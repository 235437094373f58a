/**
 * A fresh, migrated database for one integration test file.
 * - Default: PGlite in memory, loaded from a template migrated once per run (global setup).
 * - With TEST_DATABASE_URL: a new PostgreSQL database on that server, dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "~/platform/db.server";

export const PGLITE_TEMPLATE =
  process.env.PGLITE_TEMPLATE ?? "/tmp/fabricum-pglite-template.tar.gz";

/**
 * The PostgreSQL server of the tests that start servers of their own on it, if any: read when
 * this module loads, before the app harness points DATABASE_URL at its own database.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";

export function testDatabaseKind(): "postgres" | "pglite" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

export interface TestDatabase extends Database {
  /** The database's address (PostgreSQL only). */
  url?: string;
  /** Drops the database (PostgreSQL) and closes connections. */
  destroy(): Promise<void>;
}

/** A database name no other test run uses: `prefix` and random letters. */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(5).toString("hex")}`;

/** Runs one statement on the PostgreSQL server at `serverUrl`, in a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database `name` on the PostgreSQL server at `serverUrl` (the address of any
 * database there): its address, and how to drop it again.
 */
export async function createPostgresDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** PGlite, or a new database `name` on the PostgreSQL server at `serverUrl` when there is one. */
export async function createTestDatabase({
  serverUrl = process.env.TEST_DATABASE_URL,
  name = uniqueDatabaseName("fabricum_test"),
}: {
  serverUrl?: string;
  name?: string;
} = {}): Promise<TestDatabase> {
  if (serverUrl) {
    const { url, drop } = await createPostgresDatabase(serverUrl, name);
    const database = await openDatabase({ url });
    await migrateDatabase(database);
    return {
      ...database,
      url,
      async destroy() {
        await database.close();
        await drop();
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
