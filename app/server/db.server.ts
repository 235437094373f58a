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
import { data } from "react-router";
import * as schema from "~db/schema";
import { announceSocket, lockDataDir, lockHolder } from "./data-dir-lock.server";
import type { Env } from "./env.server";
import { type SharedDatabase, SOCKET_NAME, shareDatabase } from "./pglite-socket.server";

export { schema };
/**
 * Typed as the node-postgres flavour; PGlite's Drizzle database has the same query API and its
 * raw `execute` results also carry `rows`.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
/** The database or a transaction on it: what a service that may run inside one takes. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /**
   * PGlite in a data directory: serve it to other processes on a socket in `directory` (the
   * production server does; commands and psql then use the server's database).
   */
  share?(directory: string): Promise<SharedDatabase>;
}

/** Another live process holds the embedded database directory. */
export class DataDirHeldError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `База данных в ${directory} уже открыта другим процессом (PID ${pid}). Остановите его или задайте другой DATA_DIR.`,
    );
    this.name = "DataDirHeldError";
  }
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
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    // PGlite is one process's database: never open a directory another process holds.
    const lock = lockDataDir(options.dataDir);
    if (!lock.ok) throw new DataDirHeldError(options.dataDir, lock.holder.pid);
    release = lock.release;
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let shared: SharedDatabase | undefined;
  return {
    db,
    kind: "pglite",
    close: async () => {
      await shared?.close();
      await client.close();
      release();
    },
    share: async (directory) => {
      shared = await shareDatabase(client, directory);
      if (options.dataDir) announceSocket(options.dataDir, shared.path);
      return shared;
    },
  };
}

/**
 * How a page answers when the database did not give it its data: 503 with a time to retry, so
 * browsers, crawlers and monitors take it as a passing outage, not as an empty or missing page.
 */
export function databaseUnavailable(): ResponseInit {
  return { status: 503, headers: { "Retry-After": "30" } };
}

/** Socket errors of a server that cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);
/**
 * What the drivers say when they have no connection (pg's pool and client, PGlite). pg's "Client
 * has encountered a connection error and is not queryable" is what a transaction's rollback gets
 * when the server went away in the middle of it (seen in a PostgreSQL restart under load).
 */
const NO_CONNECTION =
  /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|not currently accepting connections|PGlite is closed|Client has encountered a connection error|Client was closed and is not queryable/i;

/**
 * True when the error, or one of its causes (Drizzle wraps the driver's), says the database
 * could not be reached: no server, a lost connection, a server shutting down or starting
 * (SQLSTATE classes 08 and 57P). A wrong query is not an outage.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string") {
      if (code.startsWith("08") || code.startsWith("57P") || NETWORK_CODES.has(code)) return true;
    }
    if (typeof message === "string" && NO_CONNECTION.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * For a loader's `.catch`: a database that cannot be reached becomes a 503 answer (the page's
 * error boundary says the service is briefly unavailable); any other error goes on as it was.
 */
export function unavailableWhenUnreachable(error: unknown): never {
  if (isDatabaseUnreachable(error)) {
    console.error("[db] the database cannot be reached:", (error as Error).message);
    throw data(null, databaseUnavailable());
  }
  throw error;
}

/**
 * For the commands (admin, migrate, seed): the database the settings name; with the embedded
 * database held by the running server, the server's own database through its socket.
 */
export async function openDatabaseForCommand(settings: Env): Promise<Database> {
  if (settings.DATABASE_URL) return openConfiguredDatabase(settings);
  const directory = path.join(settings.dataDir, "pglite");
  const holder = lockHolder(directory);
  if (!holder) return openConfiguredDatabase(settings);
  if (!holder.socket) throw new DataDirHeldError(directory, holder.pid);
  console.log(`[db] Сервер (PID ${holder.pid}) держит базу: работаем через ${holder.socket}.`);
  const pool = new pg.Pool({
    host: path.dirname(holder.socket),
    port: Number(SOCKET_NAME.split(".").pop()),
    user: "postgres",
    database: "postgres",
    max: 1,
  });
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: "postgres",
    close: () => pool.end(),
  };
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
    await migratePglite(drizzlePglite(database.db.$client as unknown as PGlite), config);
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
