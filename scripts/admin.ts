// npm run admin -- grant EMAIL | revoke EMAIL — the command-line way to make an administrator.
import { setAdminRole } from "~/server/admin-emails.server";
import { DataDirHeldError, migrateDatabase, openDatabaseForCommand } from "~/server/db.server";
import { env } from "~/server/env.server";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error("Использование: npm run admin -- grant EMAIL | revoke EMAIL");
  process.exit(2);
}
const settings = env();
let database: Awaited<ReturnType<typeof openDatabaseForCommand>>;
try {
  database = await openDatabaseForCommand(settings);
} catch (error) {
  // Another process holds the embedded database and shares it with no one.
  console.error(error instanceof DataDirHeldError ? error.message : error);
  process.exit(1);
}
let code = 0;
try {
  await migrateDatabase(database);
  const found = await setAdminRole(database.db, email, command === "grant");
  if (found) {
    console.log(
      command === "grant"
        ? `${email}: назначен администратором.`
        : `${email}: права администратора сняты.`,
    );
  } else {
    console.error(`Пользователь ${email} не найден.`);
    code = 1;
  }
} finally {
  await database.close();
}
process.exit(code);
