/**
 * The forms of an order's page: one form per action (its `intent`), with the words and numbers
 * that action asks for; its files are the attachments of app/platform/attachments.server.ts
 * (photos re-encoded to WebP, PDFs kept privately).
 */
import { z } from "zod";
import { messagesFor, orders } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { ORDER_ACTION_NAMES } from "~/domain/orders";
import { blankToUndefined, line, perLocale, text } from "~/domain/schemas/base";

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
