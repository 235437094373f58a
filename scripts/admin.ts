// npm run admin -- grant EMAIL | revoke EMAIL — the command-line way to make an administrator.
// npm run admin -- rates — the exchange rates the buyers' comparison of quotes uses;
// npm run admin -- rates set CODE RATE [YYYY-MM-DD] — stores one (US dollars per unit, as of a day).
// npm run admin -- secret-rotated — BETTER_AUTH_SECRET was changed on purpose: processes with the
// new secret (this command's) may start from now on, those with the old one are refused.
import { formatDate } from "~/domain/format";
import { setAdminRole } from "~/features/accounts/admin-emails.server";
import { listExchangeRates, setExchangeRate } from "~/features/quotes/exchange-rates.server";
import { recordSecretRotation } from "~/platform/instance.server";
import { openCommandDatabase } from "./command-database";

const USAGE = [
  "Использование:",
  "  npm run admin -- grant EMAIL | revoke EMAIL",
  "  npm run admin -- rates",
  "  npm run admin -- rates set КОД КУРС [ГГГГ-ММ-ДД]   (курс: сколько долларов США стоит единица валюты)",
  "  npm run admin -- secret-rotated   (BETTER_AUTH_SECRET сменен намеренно: запоминает новый)",
].join("\n");

const RATE_PROBLEMS = {
  "unknown-currency": "Такой валюты нет в справочнике (например: EUR, KGS, RUB).",
  "invalid-rate": "Курс должен быть положительным числом (для USD — 1).",
  "invalid-date": "Дата должна быть в виде ГГГГ-ММ-ДД и не позже сегодняшней.",
} as const;

const [command, ...args] = process.argv.slice(2);
const ratesCommand = command === "rates" && (args.length === 0 || args[0] === "set");
const rotatedCommand = command === "secret-rotated" && args.length === 0;
if (
  !ratesCommand &&
  !rotatedCommand &&
  !((command === "grant" || command === "revoke") && args[0] && args.length === 1)
) {
  console.error(USAGE);
  process.exit(2);
}
if (command === "rates" && args[0] === "set" && (args.length < 3 || args.length > 4)) {
  console.error(USAGE);
  process.exit(2);
}
const { database, settings } = await openCommandDatabase();
let code = 0;
try {
  if (rotatedCommand) {
    await recordSecretRotation(database.db, settings.BETTER_AUTH_SECRET);
    console.log(
      "Отпечаток нового BETTER_AUTH_SECRET сохранен: процессы с ним теперь запускаются, с прежним — нет. Перезапустите все процессы с новым секретом.",
    );
  } else if (command === "rates") {
    if (args[0] === "set") {
      const [, currency = "", rate = "", date] = args;
      const saved = await setExchangeRate(database.db, { currency, usdPerUnit: rate, date });
      if (saved.ok) {
        console.log(
          `${saved.value.currency}: 1 = ${saved.value.usdPerUnit} USD на ${formatDate(saved.value.rateDate)}.`,
        );
      } else {
        console.error(RATE_PROBLEMS[saved.problem]);
        code = 1;
      }
    } else {
      for (const rate of await listExchangeRates(database.db)) {
        console.log(`${rate.currency}\t${rate.usdPerUnit}\t${formatDate(rate.rateDate)}`);
      }
    }
  } else {
    const email = args[0] ?? "";
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
  }
} finally {
  await database.close();
}
process.exit(code);
