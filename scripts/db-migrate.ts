// npm run db:migrate — applies pending migrations to DATABASE_URL, or to PGlite in DATA_DIR.
import { DataDirHeldError, migrateDatabase, openDatabaseForCommand } from "~/server/db.server";
import { env } from "~/server/env.server";

const settings = env();
let database: Awaited<ReturnType<typeof openDatabaseForCommand>>;
try {
  database = await openDatabaseForCommand(settings);
} catch (error) {
  // Another process holds the embedded database and shares it with no one.
  console.error(error instanceof DataDirHeldError ? error.message : error);
  process.exit(1);
}
try {
  await migrateDatabase(database);
  console.log(`Миграции применены (${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}).`);
} finally {
  await database.close();
}
