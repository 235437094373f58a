/** Russian formatting helpers: plurals, counts, dates, money, truncation. Pure functions. */

import { currencySymbol, DEFAULT_CURRENCY } from "~/domain/reference";

/** Word forms for 1, 2–4 and 5+ items: ['фабрика', 'фабрики', 'фабрик']. */
export type PluralForms = readonly [one: string, few: string, many: string];

const russianPlurals = new Intl.PluralRules("ru-RU");

/**
 * Russian plural form for `n` by the language's own rules (`Intl.PluralRules`): 1, 21, 101 →
 * one; 2–4, 22–24 → few; 0, 5–20, 11–14, 111 → many; a fraction ('1,5 фабрики') → few.
 */
export function pluralRu(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(n)) return many;
  const rule = russianPlurals.select(n);
  if (rule === "one") return one;
  if (rule === "many") return many;
  return few; // 'few', and 'other', which Russian uses for fractions
}

const numberFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

/** '12 фабрик', '1 фабрика', '1 500 фабрик' (thousands separated by a no-break space). */
export function formatCount(n: number, forms: PluralForms): string {
  return `${numberFormat.format(n)} ${pluralRu(n, forms)}`;
}

/**
 * ru-RU date 'dd.mm.yyyy'. Defaults to UTC so the server and the browser render the same text;
 * pass another IANA `timeZone` if needed. Empty or invalid input → ''.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: { timeZone?: string } = {},
): string {
  if (value == null || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString("ru-RU", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: options.timeZone ?? "UTC",
  });
}

export const PRICE_ON_REQUEST = "Цена по запросу";

const wholeMoney = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
const centsMoney = new Intl.NumberFormat("ru-RU", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * '1 500 $', '25 000 сом', '99,90 €' — number in ru-RU grouping, then the currency symbol, both
 * separated by no-break spaces. Accepts numeric strings (decimal columns). Missing or non-numeric
 * amount → 'Цена по запросу'. Missing currency → USD; unknown currency → its code.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currencyCode?: string | null,
): string {
  if (amount == null || (typeof amount === "string" && amount.trim() === "")) {
    return PRICE_ON_REQUEST;
  }
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return PRICE_ON_REQUEST;
  const number = (Number.isInteger(value) ? wholeMoney : centsMoney).format(value);
  return `${number}\u00a0${currencySymbol(currencyCode || DEFAULT_CURRENCY)}`;
}

/** Cuts `text` to at most `max` characters, adding '…' when it was cut. Null → ''. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max)).trimEnd()}…`;
}
