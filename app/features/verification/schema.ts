/**
 * A factory's verification request (documents and a note to the admin) and an admin's decision
 * on it (verify or refuse, with a note that a refusal needs): Zod schemas run by Conform in the
 * browser and on the server, and again by app/features/verification/verification.server.ts before it writes.
 */

import { z } from "zod";
import { common, messagesFor, verification } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { blankToUndefined, perLocale, text } from "~/domain/schemas/base";
import type { VerificationStatus } from "~db/schema";

export const MAX_VERIFICATION_MESSAGE = 2000;
export const MAX_VERIFICATION_NOTE = 1000;

/** What an admin may decide about an open request. */
export const VERIFICATION_DECISIONS = [
  "verified",
  "refused",
] as const satisfies readonly VerificationStatus[];
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

const requestSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { common });
  return z.object({
    message: z.preprocess(
      blankToUndefined,
      text(locale)
        .max(MAX_VERIFICATION_MESSAGE, m.common.tooLong(MAX_VERIFICATION_MESSAGE))
        .optional(),
    ),
    documents: z.unknown().optional(),
  });
});

/** The factory's request: the files travel apart (`documents`), checked by the attachments. */
export const verificationRequestSchema = (locale: Locale) => requestSchemaIn(locale);
export type VerificationRequestInput = z.output<ReturnType<typeof verificationRequestSchema>>;

const decisionSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { common, verification });
  return z
    .object({
      requestId: z.string().max(100),
      decision: z.enum(VERIFICATION_DECISIONS),
      note: z.preprocess(
        blankToUndefined,
        text(locale).max(MAX_VERIFICATION_NOTE, m.common.tooLong(MAX_VERIFICATION_NOTE)).optional(),
      ),
    })
    .superRefine((value, context) => {
      if (value.decision === "refused" && !value.note) {
        context.addIssue({
          code: "custom",
          path: ["note"],
          message: m.verification.problems["note-required"],
        });
      }
    });
});

/** An admin's decision on one request; a refusal says why. */
export const verificationDecisionSchema = (locale: Locale) => decisionSchemaIn(locale);
export type VerificationDecisionInput = z.output<ReturnType<typeof verificationDecisionSchema>>;
