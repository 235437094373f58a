// npm run admin -- grant EMAIL | revoke EMAIL — the command-line way to make an administrator.
import { setAdminRole } from "~/server/admin-emails.server";
import { openCommandDatabase } from "./command-database";

const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  console.error("Использование: npm run admin -- grant EMAIL | revoke EMAIL");
  process.exit(2);
}
const { database } = await openCommandDatabase();
let code = 0;
try {
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
