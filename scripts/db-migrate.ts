// npm run db:migrate — applies pending migrations to DATABASE_URL, or to PGlite in DATA_DIR.
import { openCommandDatabase } from "./command-database";

const { database } = await openCommandDatabase();
try {
  console.log(`Миграции применены (${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}).`);
} finally {
  await database.close();
}
