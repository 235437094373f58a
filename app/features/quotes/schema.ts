/**
 * The quote form (a factory's answer to a tender; create and edit are one form), the buyer's
 * decline form and the conversation's message form: Zod schemas run by Conform in the browser and
 * on the server, and again by the services (app/features/quotes/quotes.server.ts) before they write.
 */
import { z } from "zod";
import { isEmptyFileInput } from "~/domain/attachments";
import { common, conversations, messagesFor, quotes } from "~/domain/catalogue";
import { formatNumber } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { CURRENCY_CODES, DEFAULT_CURRENCY } from "~/domain/reference";
import { asList, blankToUndefined, decimalText, perLocale, text } from "~/domain/schemas/base";

/**
 * Typo guards, well below the columns' limits: a hundred million a piece in any currency, ten
 * million pieces (as a tender's quantity).
 */
export const MAX_QUOTE_PRICE = 100_000_000;
export const MAX_QUOTE_QUANTITY = 10_000_000;
/** Lead times above two years are a typo. */
export const MAX_LEAD_DAYS = 730;
export const MAX_SAMPLE_DAYS = 365;
/** An offer stands for at most a year. */
export const MAX_VALIDITY_DAYS = 366;
export const MAX_QUOTE_MESSAGE = 3000;
export const MAX_DECLINE_REASON = 500;
export const MAX_CHAT_MESSAGE = 4000;

const DAY = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a date in UTC (the value of a date input). */
export function dateInputValue(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The end (23:59:59.999 UTC) of the day a date input names, or null for anything else. */
export function endOfDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
  // 2026-02-31 rolls over into March: not a date.
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
}

/** Whether the offer's last day lies between today and a year ahead (UTC days). */
export function validityInRange(validUntil: Date, now: Date = new Date()): boolean {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const time = validUntil.getTime();
  return time >= today && time < today + (MAX_VALIDITY_DAYS + 1) * DAY;
}

const quoteSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { quotes, common });
  const t = m.quotes.errors;

  const money = (required: string) =>
    z.preprocess(
      decimalText,
      z
        .string({ message: required })
        .regex(/^\d+(\.\d+)?$/, { message: t.priceInvalid, abort: true })
        .regex(/^\d+(\.\d{1,2})?$/, t.priceStep)
        .transform(Number)
        .refine((n) => n > 0, t.priceInvalid)
        .refine(
          (n) => n <= MAX_QUOTE_PRICE,
          t.priceTooLarge(formatNumber(MAX_QUOTE_PRICE, locale)),
        ),
    );

  const count = (required: string) =>
    z.preprocess(
      decimalText,
      z
        .string({ message: required })
        .regex(/^-?\d+$/, { message: t.quantityInvalid, abort: true })
        .transform(Number)
        .refine((n) => n >= 1, t.quantityInvalid)
        .refine(
          (n) => n <= MAX_QUOTE_QUANTITY,
          t.quantityTooLarge(formatNumber(MAX_QUOTE_QUANTITY, locale)),
        ),
    );

  const days = (max: number, required: string) =>
    z.preprocess(
      decimalText,
      z
        .string({ message: required })
        .regex(/^-?\d+$/, { message: t.daysInvalid(max), abort: true })
        .transform(Number)
        .refine((n) => n >= 1 && n <= max, t.daysInvalid(max)),
    );

  return z
    .object({
      unitPrice: money(t.priceRequired),
      currency: z.preprocess(
        (value) => blankToUndefined(value) ?? DEFAULT_CURRENCY,
        z.enum(CURRENCY_CODES, { message: t.currencyInvalid }),
      ),
      quantity: count(t.quantityRequired),
      // Blank optional numbers are absent (the inner preprocess would call them missing).
      minOrder: z.preprocess(blankToUndefined, count(t.quantityInvalid).optional()),
      leadTimeDays: days(MAX_LEAD_DAYS, t.leadTimeRequired),
      // A checkbox: sent ('on') when ticked, absent otherwise.
      sampleAvailable: z.preprocess((value) => {
        const first = asList(value)[0];
        return first === "on" || first === "true" || first === true;
      }, z.boolean()),
      samplePrice: z.preprocess(blankToUndefined, money(t.priceInvalid).optional()),
      sampleDays: z.preprocess(
        blankToUndefined,
        days(MAX_SAMPLE_DAYS, t.daysInvalid(MAX_SAMPLE_DAYS)).optional(),
      ),
      validUntil: z.preprocess(
        blankToUndefined,
        z.string({ message: t.validUntilRequired }).transform((value, ctx) => {
          const date = endOfDay(value);
          if (!date || !validityInRange(date)) {
            ctx.addIssue({ code: "custom", message: t.validUntilInvalid });
            return z.NEVER;
          }
          return date;
        }),
      ),
      message: z.preprocess(
        blankToUndefined,
        text(locale).max(MAX_QUOTE_MESSAGE, m.common.tooLong(MAX_QUOTE_MESSAGE)).optional(),
      ),
      /** Files sent with the form; the service never sees them. */
      attachments: z.unknown().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.minOrder != null && value.minOrder > value.quantity) {
        ctx.addIssue({ code: "custom", path: ["minOrder"], message: t.minOrderTooLarge });
      }
      if (!value.sampleAvailable) {
        for (const key of ["samplePrice", "sampleDays"] as const) {
          if (value[key] != null) {
            ctx.addIssue({ code: "custom", path: [key], message: t.samplePriceWithoutSample });
          }
        }
      }
    });
});

export const quoteSchema = (locale: Locale) => quoteSchemaIn(locale);
export type QuoteInput = z.output<ReturnType<typeof quoteSchema>>;
/** What the service stores: the form's fields without the chosen files. */
export type QuoteFields = Omit<QuoteInput, "attachments">;

const declineSchemaIn = perLocale((locale: Locale) => {
  const t = quotes[locale].errors;
  return z.object({
    reason: z.preprocess(
      blankToUndefined,
      text(locale).max(MAX_DECLINE_REASON, t.declineReasonTooLong(MAX_DECLINE_REASON)).optional(),
    ),
  });
});

/** The buyer's decline form: an optional reason. */
export const declineSchema = (locale: Locale) => declineSchemaIn(locale);

const chatMessageSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { common });
  return z.object({
    // Browsers send a textarea's line breaks as CRLF; kept (and counted, as `maxLength` does) as
    // LF. No text at all (a form leaves a blank field out) is an empty one; of a text sent twice,
    // the first is the message.
    body: z
      .preprocess((sent) => {
        const value = Array.isArray(sent) ? sent[0] : sent;
        return typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : value;
      }, text(locale).max(MAX_CHAT_MESSAGE, m.common.tooLong(MAX_CHAT_MESSAGE)).optional())
      .transform((body) => body ?? ""),
    attachments: z.unknown().optional(),
  });
});

/** A message of a quote's conversation: text (may be empty when files are attached). */
export const chatMessageSchema = (locale: Locale) => chatMessageSchemaIn(locale);

/** Whether a form's file field holds a chosen file (empty file inputs and blank text are none). */
function choosesFiles(files: unknown): boolean {
  return asList(files).some((file) =>
    typeof file === "string"
      ? file !== ""
      : typeof file === "object" && file !== null && "size" in file && "name" in file
        ? !isEmptyFileInput(file as { size: number; name: string })
        : true,
  );
}

const chatFormSchemaIn = perLocale((locale: Locale) =>
  chatMessageSchemaIn(locale).superRefine((value, ctx) => {
    if (value.body === "" && !choosesFiles(value.attachments)) {
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: messagesFor(locale, { conversations }).conversations.problems.empty,
      });
    }
  }),
);

/** The message form as posted: its text, or files, or both; neither is refused on the text. */
export const chatFormSchema = (locale: Locale) => chatFormSchemaIn(locale);

/** A text field of a posted form that no schema reads (an id, a file's key); "" when missing or a file. */
export function postedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
