/** Formatting helpers: plurals, counts, dates, money, truncation, in a language. Pure functions. */

import { common } from "~/domain/catalogue";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import { type PluralForms, pluralRu } from "~/domain/messages/plural";
import { currencySymbol, DEFAULT_CURRENCY } from "~/domain/reference";

export { type PluralForms, pluralRu };

const numberFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

const numberFormats = new Map<string, Intl.NumberFormat>();
/** One cached Intl.NumberFormat per language and options. */
function numberFormatOf(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].tag, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** '1 500' in Russian, '1,500' in English. */
export function formatNumber(n: number, locale: Locale = "ru"): string {
  return numberFormatOf(locale, { maximumFractionDigits: 2 }).format(n);
}

/** '12 фабрик', '1 фабрика', '1 500 фабрик' (thousands separated by a no-break space). */
export function formatCount(n: number, forms: PluralForms): string {
  return `${numberFormat.format(n)} ${pluralRu(n, forms)}`;
}

type DateInput = Date | string | number | null | undefined;

/** The date a value stands for; null for empty or invalid input. */
function dateOf(value: DateInput): Date | null {
  if (value == null || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The language (Russian by default) and time zone (UTC by default) a date is written in. */
type DateTextOptions = { timeZone?: string; locale?: Locale };

/** How each language writes a date: '05.03.2026' in Russian, '5 Mar 2026' in English. */
const DAY_MONTH_YEAR: Readonly<Record<Locale, Intl.DateTimeFormatOptions>> = {
  ru: { day: "2-digit", month: "2-digit", year: "numeric" },
  en: { day: "numeric", month: "short", year: "numeric" },
};

/** `value` written with the date `parts` in the options' language and zone; invalid → ''. */
function dateText(
  value: DateInput,
  options: DateTextOptions,
  parts: Intl.DateTimeFormatOptions,
): string {
  const date = dateOf(value);
  if (!date) return "";
  return date.toLocaleString(LOCALE_INFO[options.locale ?? "ru"].tag, {
    ...parts,
    timeZone: options.timeZone ?? "UTC",
  });
}

/**
 * A date as the language writes it: 'dd.mm.yyyy' in Russian, '27 Nov 2026' in English (a
 * month's name leaves no doubt which number is the day).
 * Defaults to UTC so the server and the browser render the same text; pass another IANA
 * `timeZone` if needed. Empty or invalid input → ''.
 */
export function formatDate(value: DateInput, options: DateTextOptions = {}): string {
  return dateText(value, options, DAY_MONTH_YEAR[options.locale ?? "ru"]);
}

/**
 * A date and time as the language writes them: '12.03.2025, 14:05' in Russian, '12 Mar 2025,
 * 14:05' in English (24-hour clock). UTC unless a `timeZone` is given (the browser passes its
 * own once the page runs). Empty or invalid input → ''.
 */
export function formatDateTime(value: DateInput, options: DateTextOptions = {}): string {
  return dateText(value, options, {
    ...DAY_MONTH_YEAR[options.locale ?? "ru"],
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

/**
 * '1 500 $', '25 000 сом', '99,90 €' — the number in the language's grouping, then the currency
 * symbol, separated by a no-break space ('1,500 $', '25,000 som' in English). Accepts numeric
 * strings (decimal columns). Missing or non-numeric amount → 'Цена по запросу' ('Price on
 * request'). Missing currency → USD; unknown currency → its code.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currencyCode?: string | null,
  locale: Locale = "ru",
): string {
  const onRequest = common[locale].priceOnRequest;
  if (amount == null || (typeof amount === "string" && amount.trim() === "")) return onRequest;
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return onRequest;
  const digits = Number.isInteger(value) ? 0 : 2;
  const number = numberFormatOf(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${number}\u00a0${currencySymbol(currencyCode || DEFAULT_CURRENCY, locale)}`;
}

/** Cuts `text` to at most `max` characters, adding '…' when it was cut. Null → ''. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return "";
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max)).trimEnd()}…`;
}
