/**
 * Health checks for load balancers and orchestrators, answered by the production server
 * (scripts/start.mjs) before sessions, the page cache and the app's routes:
 * - `/healthz`: 200 while the process runs; it asks nothing of the database, so a database
 *   outage never gets processes restarted (they serve 503 pages and recover by themselves).
 * - `/readyz`: 200 when this process can serve: the database answers `select 1` within a short
 *   time, the live listener is connected (live updates and the page cache's invalidation depend
 *   on it), and storage takes files (the uploads folder is writable, or the S3 bucket answers).
 *   Otherwise 503 with a small JSON body naming what is down. From the moment the process is
 *   told to stop (`markStopping()`, first thing in the SIGTERM handler) it answers 503, so the
 *   balancer sends no new requests while the requests in flight finish.
 */
import { sql } from "drizzle-orm";
import { type Database, databaseErrorReason } from "./db.server";
import type { Env } from "./env.server";
import { liveHub } from "./live.server";
import { storageFor } from "./storage.server";

/**
 * What the checks read of the runtime (app/server/runtime.server.ts, which imports this module to
 * watch its listener: named here, not imported back).
 */
interface Runtime {
  db: Database["db"];
  database: Database;
  env: Env;
}

export const HEALTH_PATHS = ["/healthz", "/readyz"] as const;

/** How long the database's `select 1` may take before the process counts as not ready. */
const DATABASE_CHECK_MS = 2000;
/** A storage check is reused this long: probes every second must not hit S3 every second. */
const STORAGE_CHECK_TTL_MS = 5000;

let stopping = false;

/** The process is shutting down: /readyz answers 503 from now on (for the SIGTERM handler). */
export function markStopping(): void {
  stopping = true;
}

export function isStopping(): boolean {
  return stopping;
}

/** What the readiness check found: "ok", or why a part is down. */
export interface Readiness {
  ready: boolean;
  stopping?: true;
  checks: { database: string; listener: string; storage: string };
}

export interface HealthAnswer {
  status: 200 | 503;
  headers: Record<string, string>;
  body: string;
}

/** Whether the live listener of each runtime is connected (watched from the runtime's start). */
const listenerState = new WeakMap<Runtime["db"], { connected: boolean }>();

/** Starts watching the runtime's live listener (runtime.server.ts, at start). */
export function watchListener(database: Runtime["database"]): void {
  if (listenerState.has(database.db)) return;
  const state = { connected: false };
  listenerState.set(database.db, state);
  liveHub(database).watchPages({
    changed() {},
    connected(on) {
      state.connected = on;
    },
  });
}

const storageChecks = new WeakMap<object, { at: number; result: Promise<string> }>();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function checkDatabase(runtime: Runtime): Promise<string> {
  try {
    await withTimeout(runtime.db.execute(sql`select 1`), DATABASE_CHECK_MS, "select 1");
    return "ok";
  } catch (error) {
    return databaseErrorReason(error);
  }
}

function checkStorage(runtime: Runtime): Promise<string> {
  const storage = storageFor(runtime.env);
  const cached = storageChecks.get(storage);
  if (cached && Date.now() - cached.at < STORAGE_CHECK_TTL_MS) return cached.result;
  const result = withTimeout(storage.check(), 4000, "storage").then(
    () => "ok",
    (error: unknown) =>
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200),
  );
  storageChecks.set(storage, { at: Date.now(), result });
  return result;
}

/** Checks the runtime's parts, all at once. */
export async function readiness(runtime: Runtime): Promise<Readiness> {
  const [database, storage] = await Promise.all([checkDatabase(runtime), checkStorage(runtime)]);
  const listener = listenerState.get(runtime.db)?.connected ? "ok" : "not connected";
  const checks = { database, listener, storage };
  const ready = !stopping && Object.values(checks).every((v) => v === "ok");
  return stopping ? { ready, stopping: true, checks } : { ready, checks };
}

const HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  // Never from a cache: each probe must see the process as it is now.
  "Cache-Control": "no-store",
};

/**
 * The answer to a health check, or null when the request is not one (the production server
 * goes on to the app). `runtime` resolves to the started runtime.
 */
export async function healthAnswer(
  method: string,
  pathname: string,
  runtime: () => Promise<Runtime>,
): Promise<HealthAnswer | null> {
  if (method !== "GET" && method !== "HEAD") return null;
  if (pathname === "/healthz") {
    return { status: 200, headers: HEADERS, body: JSON.stringify({ status: "ok" }) };
  }
  if (pathname !== "/readyz") return null;
  const state = await runtime().then(readiness, (error: unknown) => ({
    ready: false,
    checks: { database: databaseErrorReason(error), listener: "not started", storage: "unknown" },
  }));
  return {
    status: state.ready ? 200 : 503,
    headers: HEADERS,
    body: JSON.stringify({ status: state.ready ? "ok" : "unavailable", ...state }),
  };
}
