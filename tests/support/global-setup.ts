// Vitest global setup: migrate PGlite once and keep its data directory as a template, so each
// test file starts from a copy in a fraction of a second instead of migrating anew.
import { writeFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from "~/platform/db.server";
import { PGLITE_TEMPLATE } from "./test-db";

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: "drizzle" });
  const dump = await client.dumpDataDir("gzip");
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await client.close();
}
