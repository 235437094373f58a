// npm run db:seed — adds the demo dataset once (running it again adds nothing).

import { migrateDatabase, openConfiguredDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";
import { describeCounts, formatDemoAccounts, seedDemo } from "~db/seed/seed.server";

const settings = env();
const database = await openConfiguredDatabase(settings);
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
