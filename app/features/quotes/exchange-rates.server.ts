/**
 * Exchange rates: what one unit of a currency is worth in US dollars, as of a day
 * (schema.exchangeRates). The buyer's comparison of quotes (quotes.server.ts) orders prices and
 * totals in one currency by them, and its page names the day of the rates it used. Only the
 * command line changes them (`npm run admin -- rates …`: scripts/admin.ts); the migration that
 * made the table put in demo rates.
 */
import { asc, sql } from "drizzle-orm";
import { isCurrencyCode } from "~/domain/reference";
import { type DbOrTx, schema } from "~/platform/db.server";

const rates = schema.exchangeRates;

export interface ExchangeRate {
  currency: string;
  usdPerUnit: number;
  rateDate: Date;
}

/** Every stored rate, by currency code. */
export async function listExchangeRates(db: DbOrTx): Promise<ExchangeRate[]> {
  const rows = await db
    .select({ currency: rates.currency, usdPerUnit: rates.usdPerUnit, rateDate: rates.rateDate })
    .from(rates)
    .orderBy(asc(rates.currency));
  return rows.map((row) => ({ ...row, usdPerUnit: Number(row.usdPerUnit) }));
}

/** The value of `amount` of a currency in US dollars (SQL), null when its rate is unknown. */
export function inUsd(amount: unknown, currency: unknown) {
  return sql<
    number | null
  >`(${amount} * (select ${rates.usdPerUnit} from ${rates} where ${rates.currency} = ${currency}))`;
}

/** Why a rate was not stored. */
export type RateProblem = "unknown-currency" | "invalid-rate" | "invalid-date";

/** Rates above this many dollars per unit are typing mistakes, not currencies. */
const MAX_USD_PER_UNIT = 100_000;

/**
 * Stores the rate of `currency` (a code of the reference list) in US dollars per unit as of
 * `date` (today when none). A rate of USD other than 1 is refused: the comparison is made in
 * dollars.
 */
export async function setExchangeRate(
  db: DbOrTx,
  input: { currency: string; usdPerUnit: string | number; date?: string | Date | null },
): Promise<{ ok: true; value: ExchangeRate } | { ok: false; problem: RateProblem }> {
  const currency = String(input.currency ?? "")
    .trim()
    .toUpperCase();
  if (!isCurrencyCode(currency)) return { ok: false, problem: "unknown-currency" };
  const value =
    typeof input.usdPerUnit === "number"
      ? input.usdPerUnit
      : Number(String(input.usdPerUnit).trim().replace(",", "."));
  if (
    !Number.isFinite(value) ||
    value <= 0 ||
    value > MAX_USD_PER_UNIT ||
    (currency === "USD" && value !== 1)
  ) {
    return { ok: false, problem: "invalid-rate" };
  }
  let rateDate = new Date();
  if (input.date != null && input.date !== "") {
    rateDate =
      input.date instanceof Date
        ? input.date
        : /^\d{4}-\d{2}-\d{2}$/.test(input.date)
          ? new Date(`${input.date}T00:00:00Z`)
          : new Date(Number.NaN);
    if (Number.isNaN(rateDate.getTime()) || rateDate.getTime() > Date.now() + 86_400_000) {
      return { ok: false, problem: "invalid-date" };
    }
  }
  const [row] = await db
    .insert(rates)
    .values({ currency, usdPerUnit: value, rateDate })
    .onConflictDoUpdate({ target: rates.currency, set: { usdPerUnit: value, rateDate } })
    .returning({
      currency: rates.currency,
      usdPerUnit: rates.usdPerUnit,
      rateDate: rates.rateDate,
    });
  if (!row) throw new Error("exchange rates: the rate was not stored");
  return { ok: true, value: { ...row, usdPerUnit: Number(row.usdPerUnit) } };
}

/**
 * How a list of amounts in several currencies is compared: in `currency` (the one asked for when
 * its rate is known, else US dollars), with the rates of `rateDate` (the oldest of those used);
 * `missing` lists the currencies without a rate (their amounts are not converted).
 */
export interface Comparison {
  currency: string;
  rateDate: Date | null;
  missing: string[];
  /** `amount` of `from` in the comparison's currency; null when a rate is missing. */
  convert: (amount: number, from: string) => number | null;
}

/** The comparison of amounts in `currencies`, in `preferred` when it has a rate. */
export function comparisonOf(
  all: readonly ExchangeRate[],
  currencies: readonly string[],
  preferred: string | null,
): Comparison {
  const byCode = new Map(all.map((rate) => [rate.currency, rate]));
  const target = preferred && byCode.has(preferred) ? preferred : "USD";
  const targetRate = byCode.get(target)?.usdPerUnit ?? (target === "USD" ? 1 : null);
  const used = [...new Set(currencies)];
  const missing = used.filter((code) => code !== target && !byCode.has(code));
  const dates = used
    .filter((code) => code !== target)
    .map((code) => byCode.get(code)?.rateDate)
    .concat(target !== "USD" ? [byCode.get(target)?.rateDate] : [])
    .filter((date): date is Date => date instanceof Date);
  const rateDate =
    dates.length === 0 ? null : new Date(Math.min(...dates.map((date) => date.getTime())));
  return {
    currency: target,
    rateDate,
    missing,
    convert: (amount, from) => {
      if (from === target) return amount;
      const rate = byCode.get(from)?.usdPerUnit;
      if (rate == null || targetRate == null) return null;
      return (amount * rate) / targetRate;
    },
  };
}
