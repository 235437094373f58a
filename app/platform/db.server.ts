/**
 * Database access: PostgreSQL through Drizzle. PGlite (embedded PostgreSQL in WASM) inside
 * DATA_DIR when DATABASE_URL is unset, the `pg` driver when it is set. One schema, one set of
 * migrations for both.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { data } from "react-router";
import { KNOWN_WORDS } from "~/domain/search-query";
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

/**
 * Holds the lock named `key` until the transaction `tx` ends: writers of the same key (an account's
 * sign-in attempts, its tenders, its stored files) queue here, whichever process they run in.
 */
export async function lockForTransaction(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

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

/**
 * The contrib extensions PGlite loads at start, so that the migrations' CREATE EXTENSION finds
 * them: pg_trgm, the trigram similarity of the search's typo fallback (migration 0022). Every
 * PGlite the app and the tests open is created with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

export interface OpenOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  url?: string;
  /** PGlite data directory; undefined → in memory. */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (tests copy a migrated template). */
  loadDataDir?: Blob | File;
  /** PostgreSQL: pool size and timeouts (defaults: POOL_DEFAULTS). */
  pool?: Partial<PoolSettings>;
}

/** PostgreSQL connection settings of one process (env.server.ts DATABASE_*). */
export interface PoolSettings {
  /** Connections kept at most. */
  max: number;
  /** How long a new connection (or a wait for a free one) may take, in ms. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer (ms; 0 = no limit). */
  statementTimeoutMs: number;
  /** The server ends a session idle inside a transaction this long (ms; 0 = no limit). */
  idleInTransactionTimeoutMs: number;
}

export const POOL_DEFAULTS: PoolSettings = {
  max: 10,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
};

/** The `pg` options of a pool (or a single client) with these settings. */
export function pgOptions(url: string, settings: Partial<PoolSettings> = {}): pg.PoolConfig {
  const { max, connectTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs } = {
    ...POOL_DEFAULTS,
    ...settings,
  };
  return {
    connectionString: url,
    max,
    // Without it a database that accepts the connection and never answers hangs the request
    // for good (pg waits forever by default); it also bounds the wait for a free connection.
    connectionTimeoutMillis: connectTimeoutMs,
    // Sent in the start-up packet: the server enforces them, 0 means none.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    // A peer that vanished without closing is noticed by the kernel's probes.
    keepAlive: true,
  };
}

/**
 * True for a connection attempt the server turned away for a moment: nothing listening (a
 * restart between its stop and its start), or a server shutting down or starting up
 * (SQLSTATE 57P01–57P03), or one that closed the connection during its start-up. No query was
 * sent, so trying again is safe. A database that refuses this one (55000, `allow_connections`
 * off), a wrong password or a hung server (the connect timeout) are not retried.
 */
export function isPassingConnectFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === "ECONNREFUSED" || code === "ECONNRESET") return true;
  if (typeof code === "string" && /^57P0[123]$/.test(code)) return true;
  return typeof message === "string" && /^Connection terminated unexpectedly/.test(message);
}

/**
 * A pool whose new connections ride out a database restart: a connection attempt the server
 * turned away for a moment is tried again, with a growing pause, until `retryMs` has passed
 * (the connect timeout), so a request that arrives while PostgreSQL restarts waits a second or
 * two and is served, instead of answering 503. Queries already running when the server went away
 * still fail (they may have written: only the caller can tell).
 */
class RidingPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly retryMs: number,
  ) {
    super(config);
  }

  // pg-pool's own query() calls connect(callback); Drizzle's transactions call connect().
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms)
  override connect(callback?: any): any {
    const connected = this.connectRiding();
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release.bind(client)),
      (error) => callback(error),
    );
    return undefined;
  }

  private async connectRiding(): Promise<pg.PoolClient> {
    const deadline = Date.now() + this.retryMs;
    for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
      try {
        return await super.connect();
      } catch (error) {
        if (this.ending || !isPassingConnectFailure(error) || Date.now() + pause > deadline) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const settings = { ...POOL_DEFAULTS, ...options.pool };
    const pool = new RidingPool(pgOptions(options.url, settings), settings.connectTimeoutMs);
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
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
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

/** The same answer with the outage's status and Retry-After (its page or data unchanged). */
export function asOutage(response: Response): Response {
  const { status, headers } = databaseUnavailable();
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers as Record<string, string>)) {
    merged.set(name, value);
  }
  return new Response(response.body, { status, headers: merged });
}

/** Socket errors of a server that cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);
/**
 * What the drivers say when they have no connection (pg's pool and client, PGlite). pg's "Client
 * has encountered a connection error and is not queryable" is what a transaction's rollback gets
 * when the server went away in the middle of it (seen in a PostgreSQL restart under load).
 */
const NO_CONNECTION =
  /Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|timeout expired|not currently accepting connections|PGlite is closed|Client has encountered a connection error|Client was closed and is not queryable/i;
/**
 * A statement cancelled by the server (statement_timeout, SQLSTATE 57014) or ended with its
 * session (idle_in_transaction_session_timeout, 25P03): the database is too slow to answer now.
 */
const TIMED_OUT_CODES = new Set(["57014", "25P03"]);

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
      if (TIMED_OUT_CODES.has(code)) return true;
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
    // The driver's reason only: Drizzle's own message repeats the query and its parameters
    // (session tokens among them).
    console.error(`[db] the database cannot be reached: ${databaseErrorReason(error)}`);
    throw data(null, databaseUnavailable());
  }
  throw error;
}

/**
 * What a database error says without the query or its parameters: the innermost driver error's
 * code and message (Drizzle wraps it as "Failed query: <sql> params: <values>").
 */
export function databaseErrorReason(error: unknown): string {
  let current = error;
  let reason = "unknown error";
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof message === "string" && !message.startsWith("Failed query")) {
      reason = typeof code === "string" ? `${code} ${message}` : message;
    }
    current = cause;
  }
  return reason.split("\n")[0]?.slice(0, 300) ?? reason;
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
      ? { url: settings.DATABASE_URL, pool: poolSettingsOf(settings) }
      : { dataDir: path.join(settings.dataDir, "pglite") },
  );
}

/** The pool settings the DATABASE_* settings name (defaults in env.server.ts). */
export function poolSettingsOf(
  settings: Partial<
    Pick<
      Env,
      | "DATABASE_POOL_SIZE"
      | "DATABASE_CONNECT_TIMEOUT_MS"
      | "DATABASE_STATEMENT_TIMEOUT_MS"
      | "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS"
    >
  >,
): PoolSettings {
  return {
    max: settings.DATABASE_POOL_SIZE ?? POOL_DEFAULTS.max,
    connectTimeoutMs: settings.DATABASE_CONNECT_TIMEOUT_MS ?? POOL_DEFAULTS.connectTimeoutMs,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS ?? POOL_DEFAULTS.statementTimeoutMs,
    idleInTransactionTimeoutMs:
      settings.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? POOL_DEFAULTS.idleInTransactionTimeoutMs,
  };
}

/** The advisory lock that serialises start-ups (migrations, seeding) of several processes. */
const STARTUP_LOCK = 724011;

/**
 * Runs `work` while this process holds the start-up lock: on PostgreSQL a session advisory lock
 * on a connection of its own (not from the pool, so a pool of one still serves `work`), so a
 * second process starting at the same time waits here until the first has migrated and seeded,
 * and then sees its data. PGlite belongs to one process: nothing to wait for. `work` gets the
 * lock's connection (PostgreSQL) for statements that must run without the pool's statement
 * timeout, e.g. migrations.
 */
export async function withStartupLock<T>(
  database: Database,
  work: (locked: pg.Client | null) => Promise<T>,
): Promise<T> {
  if (database.kind === "pglite") return work(null);
  const options = (database.db.$client as pg.Pool).options as pg.ClientConfig;
  const client = new pg.Client({ ...options, statement_timeout: 0 });
  // An 'error' nobody listens to would end the process; the failed query reports it.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await work(client);
  } finally {
    // Ending the session releases the lock too; unlocking first says so at once.
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Applies pending migrations, on the lock's connection when there is one. */
async function applyMigrations(database: Database, locked: pg.Client | null): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: "drizzle" };
  if (database.kind === "pglite") {
    await migratePglite(drizzlePglite(database.db.$client as unknown as PGlite), config);
  } else {
    await migratePg(drizzlePg(locked ?? (database.db.$client as pg.Pool)), config);
  }
  await keepKnownWords(database);
}

/**
 * The words the search knows without the database (KNOWN_WORDS: the reference names and the
 * glossary) join the words of the names in search_lexicon, where the typo fallback looks for the
 * nearest word on one trigram index. They change with the code, not with a migration, so every
 * start adds what is new; like the triggers, it only adds (a stale word finds nothing).
 */
export async function keepKnownWords(database: Database): Promise<void> {
  await database.db.execute(
    sql`insert into search_lexicon (word) select unnest(string_to_array(${KNOWN_WORDS.join(" ")}, ' ')) on conflict do nothing`,
  );
}

/** Applies pending migrations; safe to run from several processes against PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  await withStartupLock(database, (locked) => applyMigrations(database, locked));
}

/** For a start-up that already holds the lock (runtime.server.ts): the migrations alone. */
export const migrateLocked = applyMigrations;
