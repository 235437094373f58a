/**
 * The server's long-lived parts, created once per process: settings, database (migrated, and
 * seeded with demo data when asked), auth. `getRuntime()` is awaited by every loader and action
 * through the services; the production server awaits it before it starts listening, so start-up
 * errors stop the start instead of the first request.
 */

import {
  describeCounts,
  formatDemoAccounts,
  type SeedReport,
  seedDemo,
} from "~db/seed/seed.server";
import { applyAdminEmails } from "./admin-emails.server";
import { type Auth, createAuth } from "./auth.server";
import { type Database, migrateDatabase, openConfiguredDatabase } from "./db.server";
import { type Env, env } from "./env.server";
import { createMailer, type Mailer } from "./mail.server";

export interface Runtime {
  env: Env;
  database: Database;
  db: Database["db"];
  auth: Auth;
  mailer: Mailer;
  seed?: SeedReport;
}

let runtime: Promise<Runtime> | undefined;

export function getRuntime(): Promise<Runtime> {
  runtime ??= createRuntime().catch((error) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

async function createRuntime(): Promise<Runtime> {
  const settings = env();
  const database = await openConfiguredDatabase(settings);
  await migrateDatabase(database);
  const mailer = createMailer(settings);
  const auth = createAuth(database.db, settings, mailer);
  const seed = settings.SEED_DEMO ? await seedDemo(database.db, settings) : undefined;
  await applyAdminEmails(database.db, settings.ADMIN_EMAILS);
  report(database, settings, seed);
  return { env: settings, database, db: database.db, auth, mailer, seed };
}

/** What a person starting the app needs to know: where the data is and how to sign in. */
function report(database: Database, settings: Env, seed: SeedReport | undefined) {
  const where = database.kind === "pglite" ? `PGlite в ${settings.dataDir}` : "PostgreSQL";
  console.log(`[db] ${where}: миграции применены.`);
  if (seed?.created) console.log(`[seed] Демо-данные добавлены: ${describeCounts(seed.counts)}.`);
  const accounts = formatDemoAccounts(seed?.accounts ?? []);
  if (accounts) console.log(accounts);
}

/** Closes the database (PGlite keeps the process alive otherwise). */
export async function closeRuntime(): Promise<void> {
  if (!runtime) return;
  const current = await runtime.catch(() => undefined);
  runtime = undefined;
  await current?.database.close();
}
