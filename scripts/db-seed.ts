// npm run db:seed — adds the demo dataset once (running it again adds nothing).

import { describeCounts, formatDemoAccounts, seedDemo } from "~/demo/seed.server";
import { openCommandDatabase } from "./command-database";

const { settings, database } = await openCommandDatabase();
try {
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
