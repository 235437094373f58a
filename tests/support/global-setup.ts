// Vitest global setup: migrate once per run and keep the result as a template, so each test file
// starts from a copy in a fraction of a second instead of running every migration anew.
// - PGlite: the migrated data directory, dumped uncompressed (loads faster than gzip) to
//   PGLITE_TEMPLATE.
// - PostgreSQL (when the run has a server: TEST_DATABASE_URL or DATABASE_URL): a migrated
//   database of the run's own, named in FABRICUM_TEST_PG_TEMPLATE for the test files
//   (tests/support/test-db.ts copies it with CREATE DATABASE … TEMPLATE) and dropped when the run
//   ends. Templates that a killed run left behind are dropped at the next start.
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import {
  MIGRATIONS_DIR,
  migrateDatabase,
  openDatabase,
  PGLITE_EXTENSIONS,
} from "~/platform/db.server";
import { PGLITE_TEMPLATE, POSTGRES_TEMPLATE_ENV, POSTGRES_URL } from "./test-db";

async function pgliteTemplate() {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: "drizzle" });
  const dump = await client.dumpDataDir("none");
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}

const TEMPLATE_PREFIX = "fabricum_template_";

/** Whether the process `pid` still runs on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `${TEMPLATE_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Left by runs that were killed before their teardown (their process is gone).
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${TEMPLATE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEMPLATE_PREFIX.length).split("_")[0]);
      if (!alive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await migrateDatabase(database);
  } finally {
    // A template takes no copies while anybody is connected to it.
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = `${serverUrl}#${name}`;
  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
  };
}

export default async function setup() {
  const [, teardown] = await Promise.all([
    process.env.TEST_DATABASE_URL ? undefined : pgliteTemplate(),
    POSTGRES_URL ? postgresTemplate(POSTGRES_URL) : undefined,
  ]);
  return teardown;
}
