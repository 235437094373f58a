// npm run db:migrate — applies pending migrations to DATABASE_URL, or to PGlite in DATA_DIR.
import { migrateDatabase, openConfiguredDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";

const settings = env();
const database = await openConfiguredDatabase(settings);
try {
  await migrateDatabase(database);
  console.log(`Миграции применены (${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}).`);
} finally {
  await database.close();
}
