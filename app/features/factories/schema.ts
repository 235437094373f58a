/**
 * The two profile forms (factory and buyer): one Zod schema each, run in the browser and on the
 * server. Text is trimmed, empty becomes undefined (stored as null), contacts are normalised to
 * the form links need (app/domain/contacts.ts).
 */
import { z } from "zod";
import { profile } from "~/domain/catalogue";
import {
  normalizeInstagram,
  normalizePhone,
  normalizeTelegram,
  normalizeWebsite,
  normalizeWhatsapp,
} from "~/domain/contacts";
import type { Locale } from "~/domain/locale";
import { CATEGORY_SLUGS, COUNTRY_CODES, isCityOf } from "~/domain/reference";
import { line, perLocale, text } from "~/domain/schemas/base";
import { EMAIL_PATTERN } from "~/features/accounts/schema";

const blankToUndefined = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};

/**
 * The profile schemas and the fields other forms share with them (optional text, contacts), in
 * one language.
 */
export const profileFieldsIn = perLocale((locale: Locale) => {
  const t = profile[locale];

  /** Optional free text, trimmed, at most `max` characters. */
  /** Optional one-line text (a name in another language), trimmed, at most `max` characters. */
  const optionalLine = (max: number) =>
    z.preprocess(blankToUndefined, line(locale).max(max, t.invalid.tooLong(max)).optional());

  const optionalText = (max: number) =>
    z.preprocess(blankToUndefined, text(locale).max(max, t.invalid.tooLong(max)).optional());

  /** Optional contact checked and normalised by `normalize`. */
  const contact = (normalize: (v: string) => string | null, message: string, max = 200) =>
    z.preprocess(
      blankToUndefined,
      text(locale, message)
        .max(max, t.invalid.tooLong(max))
        .transform((value, ctx) => {
          const normalized = normalize(value);
          if (normalized === null) {
            ctx.addIssue({ code: "custom", message });
            return z.NEVER;
          }
          return normalized;
        })
        .optional(),
    );

  const phoneField = contact(normalizePhone, t.invalid.phone, 40);
  const whatsappField = contact(normalizeWhatsapp, t.invalid.whatsapp, 60);
  const telegramField = contact(normalizeTelegram, t.invalid.telegram);
  const instagramField = contact(normalizeInstagram, t.invalid.instagram);
  const websiteField = contact(normalizeWebsite, t.invalid.website, 300);
  const emailField = z.preprocess(
    blankToUndefined,
    text(locale, t.invalid.email)
      .max(254, t.invalid.email)
      .regex(EMAIL_PATTERN, t.invalid.email)
      .transform((v) => v.toLowerCase())
      .optional(),
  );

  const requiredName = (message: string) =>
    z.preprocess(
      blankToUndefined,
      line(locale, message).min(1, message).max(120, t.invalid.tooLong(120)),
    );

  const factoryProfileSchema = z
    .object({
      name: requiredName(t.factory.nameRequired),
      email: emailField,
      phone: phoneField,
      website: websiteField,
      country: z.preprocess(
        blankToUndefined,
        z.enum(COUNTRY_CODES, { message: t.invalid.country }).optional(),
      ),
      city: optionalText(60),
      address: optionalText(300),
      instagramUrl: instagramField,
      telegramUrl: telegramField,
      whatsappNumber: whatsappField,
      categories: z
        .array(z.enum(CATEGORY_SLUGS, { message: t.invalid.categories }))
        .max(CATEGORY_SLUGS.length)
        .default([])
        .transform((list) => [...new Set(list)]),
      description: optionalText(5000),
      /** The English name and description, shown on English pages (optional). */
      nameEn: optionalLine(120),
      descriptionEn: optionalText(5000),
    })
    .superRefine((value, ctx) => {
      if (value.city && !isCityOf(value.country, value.city)) {
        ctx.addIssue({ code: "custom", path: ["city"], message: t.invalid.city });
      }
    });

  const buyerProfileSchema = z.object({
    name: requiredName(t.buyer.nameRequired),
    phone: phoneField,
    whatsappNumber: whatsappField,
    telegramUrl: telegramField,
    instagramUrl: instagramField,
    aboutMe: optionalText(2000),
  });

  return {
    optionalText,
    optionalLine,
    phoneField,
    whatsappField,
    telegramField,
    instagramField,
    factoryProfileSchema,
    buyerProfileSchema,
  };
});

export const factoryProfileSchema = (locale: Locale) =>
  profileFieldsIn(locale).factoryProfileSchema;
export const buyerProfileSchema = (locale: Locale) => profileFieldsIn(locale).buyerProfileSchema;
export type FactoryProfileInput = z.output<ReturnType<typeof factoryProfileSchema>>;
export type BuyerProfileInput = z.output<ReturnType<typeof buyerProfileSchema>>;
