/**
 * A fresh, migrated database for one integration test file.
 * - Default: PGlite in memory, loaded from a template migrated once per run (global setup).
 * - With TEST_DATABASE_URL: a new PostgreSQL database on that server, dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";
import { type Database, migrateDatabase, openDatabase } from "~/platform/db.server";

export const PGLITE_TEMPLATE = process.env.PGLITE_TEMPLATE ?? "/tmp/fabricum-pglite-template.tar";

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

/**
 * The migrated database the run's global setup made on the PostgreSQL server, as
 * `<server address>#<database name>` (tests/support/global-setup.ts): new databases on that
 * server are copies of it (CREATE DATABASE … TEMPLATE, a fraction of a second) instead of running
 * every migration again.
 */
export const POSTGRES_TEMPLATE_ENV = "FABRICUM_TEST_PG_TEMPLATE";

/** The template's name when `serverUrl` is the server it was made on. */
function templateOn(serverUrl: string): string | undefined {
  const [templateServer, name] = (process.env[POSTGRES_TEMPLATE_ENV] ?? "").split("#");
  if (!templateServer || !name) return undefined;
  const a = new URL(templateServer);
  const b = new URL(serverUrl);
  return a.host === b.host && a.username === b.username ? name : undefined;
}

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
 * A new database `name` on the PostgreSQL server at `serverUrl` (the address of any database
 * there): a copy of the run's migrated template when that server has it, else empty. Its
 * address, and how to drop it again.
 */
export async function createPostgresDatabase(serverUrl: string, name: string) {
  const template = templateOn(serverUrl);
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
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
  const database = await openPgliteCopy();
  // Applies nothing when the template is current; migrates from scratch without one.
  await migrateDatabase(database);
  return { ...database, destroy: () => database.close() };
}

/**
 * PGlite in memory, loaded from the run's migrated template (global setup) when there is one,
 * else empty (not migrated: the caller migrates).
 */
export function openPgliteCopy(): Promise<Database> {
  const loadDataDir = existsSync(PGLITE_TEMPLATE)
    ? new Blob([readFileSync(PGLITE_TEMPLATE)])
    : undefined;
  return openDatabase({ loadDataDir });
}
