// npm run db:seed — adds the demo dataset once (running it again adds nothing).

import { DataDirHeldError, migrateDatabase, openDatabaseForCommand } from "~/server/db.server";
import { env } from "~/server/env.server";
import { describeCounts, formatDemoAccounts, seedDemo } from "~db/seed/seed.server";

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
  const report = await seedDemo(database.db, settings, { onlyIfEmpty: false });
  if (report.created) {
    console.log(`Демо-данные добавлены: ${describeCounts(report.counts)}.`);
  } else {
    console.log("Демо-данные уже есть в базе — ничего не добавлено.");
  }
  const accounts = formatDemoAccounts(report.accounts);
  if (accounts) console.log(accounts);
} finally {
  await database.close();
}
