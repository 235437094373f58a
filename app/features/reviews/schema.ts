/**
 * The forms of reviews (decision 033), on the order page: the buyer's review (three marks 1–5 and
 * a text), the factory's answer, an admin's hiding with a reason. Plain posts (no files).
 */
import { z } from "zod";
import { messagesFor, reviews } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { blankToUndefined, perLocale, text } from "~/domain/schemas/base";
import { REVIEW_REASON_MAX, REVIEW_TEXT_MAX } from "~db/schema";

export { REVIEW_REASON_MAX, REVIEW_TEXT_MAX };

/** The three marks of a review, in the order the form and the page show them. */
export const REVIEW_CRITERIA = ["quality", "communication", "onTime"] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];
export const REVIEW_MARKS = [5, 4, 3, 2, 1] as const;

/** The intents of the review forms (the order page dispatches them beside the order's steps). */
export const REVIEW_INTENTS = ["review", "answer-review", "hide-review"] as const;
export type ReviewIntent = (typeof REVIEW_INTENTS)[number];

/**
 * A mark 1–5 exactly as a form's radio posts it ('4'); anything else ('1e0', '4.0', ' 4') is
 * refused with `message`. A string choice, not a number: the form parser would coerce any
 * number-looking text into a number first.
 */
function mark(message: string) {
  const marks = REVIEW_MARKS.map(String) as [string, ...string[]];
  return z.enum(marks, { message }).transform(Number);
}

/** Required text of at most `max` characters, trimmed. */
function required(locale: Locale, max: number, missing: string, tooLong: string) {
  return z.preprocess(
    blankToUndefined,
    text(locale, missing).min(1, { message: missing }).max(max, { message: tooLong }),
  );
}

export const reviewSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { reviews }).reviews.errors;
  return z.object({
    intent: z.literal("review", { message: t.intent }),
    quality: mark(t.mark),
    communication: mark(t.mark),
    onTime: mark(t.mark),
    text: required(locale, REVIEW_TEXT_MAX, t.textRequired, t.tooLong(REVIEW_TEXT_MAX)),
  });
});
export type ReviewInput = z.output<ReturnType<typeof reviewSchema>>;

export const answerSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { reviews }).reviews.errors;
  return z.object({
    intent: z.literal("answer-review", { message: t.intent }),
    answer: required(locale, REVIEW_TEXT_MAX, t.answerRequired, t.tooLong(REVIEW_TEXT_MAX)),
  });
});

export const hideSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { reviews }).reviews.errors;
  return z.object({
    intent: z.literal("hide-review", { message: t.intent }),
    reason: required(locale, REVIEW_REASON_MAX, t.reasonRequired, t.tooLong(REVIEW_REASON_MAX)),
  });
});
