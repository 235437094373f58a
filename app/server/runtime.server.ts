/**
 * The server's long-lived parts, created once per process: settings, database (migrated, and
 * seeded with demo data when asked), auth. `getRuntime()` is awaited by every loader and action
 * through the services; the production server awaits it before it starts listening, so start-up
 * errors stop the start instead of the first request.
 */

import path from "node:path";
import { describeCounts, formatDemoAccounts, type SeedReport, seedDemo } from "~/demo/seed.server";
import { applyAdminEmails } from "~/features/accounts/admin-emails.server";
import { type Auth, createAuth } from "~/features/accounts/auth.server";
import { startMailWorker } from "~/features/notifications/mail-worker.server";
import { sendSavedSearchLetters } from "~/features/saved/search-letters.server";
import {
  type Database,
  migrateLocked,
  openConfiguredDatabase,
  withStartupLock,
} from "~/platform/db.server";
import { type Env, env } from "~/platform/env.server";
import { watchListener } from "~/platform/health.server";
import { checkSecretFingerprint } from "~/platform/instance.server";
import { closeLiveHub } from "~/platform/live.server";
import { createMailer, type Mailer } from "~/platform/mail.server";
import { type PageCache, pageCacheOf } from "~/platform/page-cache.server";

export interface Runtime {
  env: Env;
  database: Database;
  db: Database["db"];
  auth: Auth;
  mailer: Mailer;
  seed?: SeedReport;
  /**
   * Stops this process's mail worker (none when MAIL_WORKER_INTERVAL_MS is 0): the letter on its
   * way may finish, the others are handed back to be sent by the next worker.
   */
  stopMailWorker?: () => Promise<void>;
  /** Visitors' rendered pages (null when PAGE_CACHE_MB is 0). */
  pageCache: PageCache | null;
}

let runtime: Promise<Runtime> | undefined;

export interface RuntimeOptions {
  /**
   * Serve the embedded database to other processes (the commands, psql) on a socket in
   * DATA_DIR: the production server asks for this when it starts.
   */
  shareEmbedded?: boolean;
  /**
   * An open database to use instead of the one the settings name (the integration tests hand
   * in a copy of a migrated template); the runtime owns it from then on and closes it.
   */
  database?: Database;
}

export function getRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  runtime ??= createRuntime(options).catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const settings = env();
  const database = options.database ?? (await openConfiguredDatabase(settings));
  try {
    return await startWith(database, settings, options);
  } catch (error) {
    // A refused start must not leave the pool (or PGlite's directory lock) behind.
    await closeLiveHub(database).catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

async function startWith(
  database: Database,
  settings: Env,
  options: RuntimeOptions,
): Promise<Runtime> {
  const mailer = createMailer(settings);
  const auth = createAuth(database.db, settings, mailer);
  // Migrations, the secret's check, the demo data and the admins under one lock: a second
  // process starting at the same time waits, then finds the database migrated and seeded (and
  // the demo passwords the first one stored) instead of seeding half of it again.
  const seed = await withStartupLock(database, async (locked) => {
    await migrateLocked(database, locked);
    // Several processes on one PostgreSQL must share one secret; PGlite has one process.
    if (settings.DATABASE_URL)
      await checkSecretFingerprint(database.db, settings.BETTER_AUTH_SECRET);
    const seeded = settings.SEED_DEMO ? await seedDemo(database.db, settings) : undefined;
    await applyAdminEmails(database.db, settings.ADMIN_EMAILS);
    return seeded;
  });
  if (options.shareEmbedded && database.share) {
    try {
      const shared = await database.share(settings.dataDir);
      console.log(`[db] Встроенная база доступна командам и psql через ${shared.path}.`);
    } catch (error) {
      console.warn(
        `[db] Не удалось открыть сокет базы в ${settings.dataDir}: ${(error as Error).message}. Команды (npm run admin) не смогут работать, пока сервер запущен.`,
      );
    }
  }
  report(database, settings, seed);
  // /readyz reports whether the live listener is connected (app/platform/health.server.ts).
  watchListener(database);
  const stopMailWorker =
    settings.MAIL_WORKER_INTERVAL_MS > 0
      ? startMailWorker(
          {
            db: database.db,
            mailer,
            env: settings,
            leaseMs: settings.MAIL_LEASE_MS,
            more: [sendSavedSearchLetters],
          },
          settings.MAIL_WORKER_INTERVAL_MS,
        )
      : undefined;
  // Created after the seed: it starts empty and from now on follows every change.
  const pageCache =
    settings.PAGE_CACHE_MB > 0 ? pageCacheOf(database, settings.PAGE_CACHE_MB) : null;
  return {
    env: settings,
    database,
    db: database.db,
    auth,
    mailer,
    seed,
    stopMailWorker,
    pageCache,
  };
}

/** What a person starting the app needs to know: where the data is and how to sign in. */
function report(database: Database, settings: Env, seed: SeedReport | undefined) {
  for (const line of startupReport(database.kind, settings, seed)) console.log(line);
}

/**
 * The start-up lines. The demo passwords (the admin's among them) are printed only for a local
 * demo, or when DEMO_PASSWORDS asks; otherwise the log says where they are kept.
 */
export function startupReport(
  kind: Database["kind"],
  settings: Pick<Env, "dataDir" | "DEMO_PASSWORDS">,
  seed: SeedReport | undefined,
): string[] {
  const where = kind === "pglite" ? `PGlite в ${settings.dataDir}` : "PostgreSQL";
  const lines = [`[db] ${where}: миграции применены.`];
  if (seed?.created) lines.push(`[seed] Демо-данные добавлены: ${describeCounts(seed.counts)}.`);
  const accounts = seed?.accounts ?? [];
  if (accounts.length === 0) return lines;
  if (settings.DEMO_PASSWORDS) lines.push(formatDemoAccounts(accounts));
  else {
    lines.push(
      `[seed] Демо-аккаунты: ${accounts.map((a) => a.email).join(", ")}. Пароли хранятся в ${path.join(settings.dataDir, "demo-accounts.json")}; чтобы показать их при запуске, задайте DEMO_PASSWORDS=true.`,
    );
  }
  return lines;
}

/** Closes the database (PGlite keeps the process alive otherwise). */
export async function closeRuntime(): Promise<void> {
  if (!runtime) return;
  const current = await runtime.catch(() => undefined);
  runtime = undefined;
  // Before the database closes: the worker marks and hands back its letters through it.
  await current?.stopMailWorker?.();
  // The live listener first: its own connection must not try to come back.
  if (current) await closeLiveHub(current.database);
  await current?.database.close();
}
