// The database of a command-line script (admin, db:migrate, db:seed): the settings, then the
// database opened for a command and migrated. When another process holds the embedded database
// and shares it with no one, the command says so and stops with exit code 1.
import { DataDirHeldError, migrateDatabase, openDatabaseForCommand } from "~/platform/db.server";
import { env } from "~/platform/env.server";

export async function openCommandDatabase() {
  const settings = env();
  let database: Awaited<ReturnType<typeof openDatabaseForCommand>>;
  try {
    database = await openDatabaseForCommand(settings);
  } catch (error) {
    console.error(error instanceof DataDirHeldError ? error.message : error);
    process.exit(1);
  }
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { settings, database };
}
