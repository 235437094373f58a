/**
 * The forms of certificates: the factory's new certificate (a certification, its file and an
 * optional last day of validity), the new file of one it has, and an admin's decision (verify or
 * reject, a note that a rejection needs). Zod schemas run by Conform in the browser and by the
 * use cases (certificates.server.ts) on the server, in the request's language.
 */
import { z } from "zod";
import { certificates, common, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { blankToUndefined, perLocale, text } from "~/domain/schemas/base";
import { CERTIFICATIONS } from "~db/schema";

export const MAX_CERTIFICATE_NOTE = 1000;
/** How far ahead a certificate's last day may lie (ten years and a bit). */
export const MAX_VALIDITY_YEARS = 11;

/** What an admin may decide about a pending certificate. */
export const CERTIFICATE_DECISIONS = ["verified", "rejected"] as const;
export type CertificateDecision = (typeof CERTIFICATE_DECISIONS)[number];

/** The day a date input names ('YYYY-MM-DD') at 00:00 UTC, or null for anything else. */
export function dayOf(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-31 rolls over into March: not a date.
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
}

/** Today at 00:00 UTC. */
export function today(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The optional last day: a real date, not past, not absurdly far ahead. */
const validUntil = (locale: Locale) => {
  const t = certificates[locale].form;
  return z.preprocess(
    blankToUndefined,
    z
      .string({ message: t.dateInvalid })
      .max(20, t.dateInvalid)
      .transform((value, context) => {
        const date = dayOf(value);
        if (!date) {
          context.addIssue({ code: "custom", message: t.dateInvalid });
          return z.NEVER;
        }
        const start = today();
        if (date < start) {
          context.addIssue({ code: "custom", message: t.datePast });
          return z.NEVER;
        }
        const last = new Date(start);
        last.setUTCFullYear(last.getUTCFullYear() + MAX_VALIDITY_YEARS);
        if (date > last) {
          context.addIssue({ code: "custom", message: t.dateTooFar });
          return z.NEVER;
        }
        return date;
      })
      .optional(),
  );
};

const newCertificateIn = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { certificates, common });
  return z.object({
    certification: z.enum(CERTIFICATIONS, { message: t.common.invalidValue }),
    validUntil: validUntil(locale),
    /** The file travels apart (the use case stores it); required there. */
    file: z.unknown().optional(),
  });
});

/** The factory's new certificate. */
export const newCertificateSchema = (locale: Locale) => newCertificateIn(locale);

const replaceIn = perLocale((locale: Locale) =>
  z.object({
    certificateId: z.string().max(100),
    validUntil: validUntil(locale),
    file: z.unknown().optional(),
  }),
);

/** A new file (and last day) for one of the factory's certificates: back to review. */
export const replaceCertificateSchema = (locale: Locale) => replaceIn(locale);

const decisionIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { certificates, common });
  return z
    .object({
      certificateId: z.string().max(100),
      decision: z.enum(CERTIFICATE_DECISIONS, { message: m.common.invalidValue }),
      note: z.preprocess(
        blankToUndefined,
        text(locale).max(MAX_CERTIFICATE_NOTE, m.common.tooLong(MAX_CERTIFICATE_NOTE)).optional(),
      ),
    })
    .superRefine((value, context) => {
      if (value.decision === "rejected" && !value.note) {
        context.addIssue({
          code: "custom",
          path: ["note"],
          message: m.certificates.problems["note-required"],
        });
      }
    });
});

/** An admin's decision on a pending certificate; a rejection says why. */
export const certificateDecisionSchema = (locale: Locale) => decisionIn(locale);
