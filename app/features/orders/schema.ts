/**
 * The forms of an order's page: one form per action (its `intent`), with the words and numbers
 * that action asks for; its files are the attachments of app/platform/attachments.server.ts
 * (photos re-encoded to WebP, PDFs kept privately).
 */
import { z } from "zod";
import { messagesFor, orders } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { ORDER_ACTION_NAMES } from "~/domain/orders";
import { CURRENCY_CODES } from "~/domain/reference";
import { blankToUndefined, decimalText, line, perLocale, text } from "~/domain/schemas/base";

export { MAX_ATTACHMENTS as MAX_ORDER_FILES } from "~/domain/limits";
export const MAX_ORDER_COMMENT = 2000;
export const MAX_CARRIER = 120;
export const MAX_TRACKING = 80;

/** The intents of the order page's forms. */
export const ORDER_INTENTS = [...ORDER_ACTION_NAMES, "cancel"] as const;

export const orderStepSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { orders }).orders.errors;
  return z
    .object({
      intent: z.enum(ORDER_INTENTS, { message: t.intent }),
      comment: z.preprocess(
        blankToUndefined,
        text(locale)
          .max(MAX_ORDER_COMMENT, { message: t.commentTooLong(MAX_ORDER_COMMENT) })
          .optional(),
      ),
      carrier: z.preprocess(
        blankToUndefined,
        line(locale)
          .max(MAX_CARRIER, { message: t.tooLong(MAX_CARRIER) })
          .optional(),
      ),
      trackingNumber: z.preprocess(
        blankToUndefined,
        line(locale)
          .max(MAX_TRACKING, { message: t.tooLong(MAX_TRACKING) })
          .optional(),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.intent === "sample-returned" && !value.comment) {
        ctx.addIssue({ code: "custom", path: ["comment"], message: t.commentRequired });
      }
      if (value.intent === "cancel" && !value.comment) {
        ctx.addIssue({ code: "custom", path: ["comment"], message: t.reasonRequired });
      }
      if (value.intent === "shipped") {
        if (!value.carrier) {
          ctx.addIssue({ code: "custom", path: ["carrier"], message: t.carrierRequired });
        }
        if (!value.trackingNumber) {
          ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: t.trackingRequired });
        }
      }
    });
});

export type OrderStepInput = z.output<ReturnType<typeof orderStepSchema>>;

// ---------------------------------------------------------------------------------------------
// The terms changed by agreement, and disputes (decision 034)

/** The same typo guards as the quote form's (app/features/quotes/schema.ts). */
export const MAX_TERMS_PRICE = 100_000_000;
export const MAX_TERMS_QUANTITY = 10_000_000;
export const MAX_TERMS_LEAD_DAYS = 730;
export const MAX_TERMS_SAMPLE_DAYS = 365;
export const MAX_DISPUTE_REASON = 1000;
export const MAX_DISPUTE_RESOLUTION = 1000;

/** The intents of the terms' and the dispute's forms on the order page. */
export const TERMS_INTENTS = [
  "propose-terms",
  "accept-terms",
  "decline-terms",
  "withdraw-terms",
] as const;
export type TermsIntent = (typeof TERMS_INTENTS)[number];
export const DISPUTE_INTENT = "flag-dispute";

/** 'YYYY-MM-DD' of a planned date in UTC (the value of a date input). */
export function plannedDateValue(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/** The planned moment a date input names: the end of that day in UTC; null for anything else. */
export function plannedDateOfValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (year < 2000 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
}

/**
 * The form proposing a change of the terms: every field optional (a field left out or blank
 * stays as it is; the service keeps only what differs from the order's terms), a sample price
 * of 0 meaning a free sample, dates as date inputs send them.
 */
export const orderTermsSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { orders }).orders.errors;
  const number = (rule: RegExp, min: number, max: number, message: string) =>
    z.preprocess(
      decimalText,
      z
        .string({ message })
        .regex(rule, { message, abort: true })
        .transform(Number)
        .refine((n) => n >= min && n <= max, message)
        .optional(),
    );
  // Kept as the day it names ('YYYY-MM-DD'): the service checks the form's output again.
  const date = z.preprocess(
    blankToUndefined,
    z
      .string({ message: t.dateInvalid })
      .refine((value) => plannedDateOfValue(value) !== null, t.dateInvalid)
      .optional(),
  );
  return z.object({
    intent: z.literal("propose-terms", { message: t.intent }),
    unitPrice: number(/^\d+(\.\d{1,2})?$/, 0.01, MAX_TERMS_PRICE, t.priceInvalid),
    currency: z.preprocess(
      blankToUndefined,
      z.enum(CURRENCY_CODES, { message: t.currencyInvalid }).optional(),
    ),
    quantity: number(/^\d+$/, 1, MAX_TERMS_QUANTITY, t.quantityInvalid),
    leadTimeDays: number(/^\d+$/, 1, MAX_TERMS_LEAD_DAYS, t.daysInvalid(MAX_TERMS_LEAD_DAYS)),
    samplePrice: number(/^\d+(\.\d{1,2})?$/, 0, MAX_TERMS_PRICE, t.priceInvalid),
    sampleDays: number(/^\d+$/, 1, MAX_TERMS_SAMPLE_DAYS, t.daysInvalid(MAX_TERMS_SAMPLE_DAYS)),
    samplePlannedAt: date,
    productionPlannedAt: date,
    qualityPlannedAt: date,
    shippingPlannedAt: date,
    deliveryPlannedAt: date,
    comment: z.preprocess(
      blankToUndefined,
      text(locale)
        .max(MAX_ORDER_COMMENT, { message: t.commentTooLong(MAX_ORDER_COMMENT) })
        .optional(),
    ),
  });
});
export type OrderTermsInput = z.output<ReturnType<typeof orderTermsSchema>>;

/** The answer to the open proposal: accepted or declined by the other side, withdrawn by its own. */
export const termsAnswerSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { orders }).orders.errors;
  return z.object({
    intent: z.enum(["accept-terms", "decline-terms", "withdraw-terms"], { message: t.intent }),
    /** The proposal the page showed: an answer never reaches a newer one unseen. */
    proposalId: z.preprocess(blankToUndefined, line(locale, t.intent).max(64, t.intent)),
  });
});
export type TermsAnswerInput = z.output<ReturnType<typeof termsAnswerSchema>>;

/** Flagging a disagreement to the admins: its reason. */
export const disputeSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { orders }).orders.errors;
  return z.object({
    intent: z.literal(DISPUTE_INTENT, { message: t.intent }),
    reason: z.preprocess(
      blankToUndefined,
      text(locale, t.disputeReasonRequired).max(MAX_DISPUTE_REASON, {
        message: t.tooLong(MAX_DISPUTE_REASON),
      }),
    ),
  });
});
export type DisputeInput = z.output<ReturnType<typeof disputeSchema>>;

/** An admin resolving a dispute: which one, and the note both sides read. */
export const resolveDisputeSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { orders }).orders.errors;
  return z.object({
    intent: z.literal("resolve-dispute", { message: t.intent }),
    disputeId: z.preprocess(blankToUndefined, line(locale, t.intent).max(64, t.intent)),
    resolution: z.preprocess(
      blankToUndefined,
      text(locale, t.resolutionRequired).max(MAX_DISPUTE_RESOLUTION, {
        message: t.tooLong(MAX_DISPUTE_RESOLUTION),
      }),
    ),
  });
});
export type ResolveDisputeInput = z.output<ReturnType<typeof resolveDisputeSchema>>;
