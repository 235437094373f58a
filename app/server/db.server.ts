/**
 * Database access: PostgreSQL through Drizzle. PGlite (embedded PostgreSQL in WASM) inside
 * DATA_DIR when DATABASE_URL is unset, the `pg` driver when it is set. One schema, one set of
 * migrations for both.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "~db/schema";
import type { Env } from "./env.server";

export { schema };
/**
 * Typed as the node-postgres flavour; PGlite's Drizzle database has the same query API and its
 * raw `execute` results also carry `rows`.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export interface OpenOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data directory; undefined → in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (tests copy a migrated template). */
  loadDataDir?: Blob | File;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // A dropped connection (e.g. a database restart) must not crash the process. pg emits
    // 'error' on the client, and an 'error' event nobody listens to ends the process; the pool
    // listens only while a client is idle, not while it is checked out for a transaction. So
    // each client gets a listener of its own (one log line per lost connection). The broken
    // client fails its query, and the pool drops it when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => console.error("[db] connection lost:", error.message));
    });
    // Idle clients also report through the pool; their listener above has logged it already.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", close: () => client.close() };
}

/** The database the settings name: DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(settings: Env): Promise<Database> {
  return openDatabase(
    settings.DATABASE_URL
      ? { url: settings.DATABASE_URL }
      : { dataDir: path.join(settings.dataDir, "pglite") },
  );
}

/** Applies pending migrations; safe to run from several processes against PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: "drizzle" };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, config);
    return;
  }
  const client = await (database.db.$client as pg.Pool).connect();
  try {
    // Serialise concurrent starts (several app processes against one database).
    await client.query("select pg_advisory_lock(724011)");
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query("select pg_advisory_unlock(724011)").catch(() => {});
    client.release();
  }
}
