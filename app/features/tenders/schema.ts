/**
 * The tender form (create and edit are one form): one Zod schema, run by Conform in the browser
 * and on the server, and run again by the service (app/features/tenders/tenders.server.ts) before it
 * writes. Text is trimmed and empty becomes undefined (stored as null); contacts are normalised
 * as in profiles (app/domain/contacts.ts); a budget without a currency is in USD; the activity
 * categories are up to MAX_TENDER_CATEGORIES distinct slugs of CATEGORIES.
 */

import { z } from "zod";
import { common, images, messagesFor, tenders } from "~/domain/catalogue";
import { formatNumber } from "~/domain/format";
import { MAX_TENDER_PHOTOS } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import {
  CATEGORY_SLUGS,
  COUNTRY_CODES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  isCityOf,
  TENDER_GENDERS,
} from "~/domain/reference";
import { asList, blankToUndefined, decimalText, perLocale, text } from "~/domain/schemas/base";
import { amountField, chosenPicturesField } from "~/domain/schemas/row-fields";
import { profileFieldsIn } from "~/features/factories/schema";

/** 5 MB (5242880 bytes): docs/product.md, "Validation". */
export const MAX_TENDER_PHOTO_BYTES = 5 * 1024 * 1024;
/** Files the browser may pick (the server judges the content again). */
export const TENDER_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/**
 * Typo guards, well below the columns' limits: ten billion in any currency (a large order in
 * sum or tenge stays under it) and ten million pieces.
 */
export const MAX_BUDGET = 10_000_000_000;
export const MAX_TENDER_QUANTITY = 10_000_000;
export const MAX_TITLE_LENGTH = 200;
/** Activity categories (CATEGORIES) a tender may name: tender alerts go to their factories. */
export const MAX_TENDER_CATEGORIES = 3;

/** Checked boxes: one value or several, blanks dropped, each once. */
const distinctList = (value: unknown): unknown[] => [
  ...new Set(asList(value).filter((item) => item !== "")),
];

/** Why a chosen photo is refused before it is sent (the server checks the content again). */
export function photoProblem(file: { size: number; type: string }, locale: Locale): string | null {
  const t = tenders[locale];
  if (file.size > MAX_TENDER_PHOTO_BYTES) return t.photoTooLarge;
  if (!(TENDER_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return t.photoTypeNotSupported;
  }
  return null;
}

/** The tender form's schema in one language. */
const tenderSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { tenders, images, common });
  const t = m.tenders;
  const { optionalText, phoneField, telegramField, whatsappField } = profileFieldsIn(locale);

  const photoFile = z
    .file({ message: m.images.fileMissing })
    .max(MAX_TENDER_PHOTO_BYTES, t.photoTooLarge)
    .mime([...TENDER_PHOTO_TYPES], t.photoTypeNotSupported);

  const tenderSchema = z
    .object({
      title: z.preprocess(
        blankToUndefined,
        text(locale, t.titleRequired)
          .min(1, t.titleRequired)
          .max(MAX_TITLE_LENGTH, m.common.tooLong(MAX_TITLE_LENGTH)),
      ),
      description: optionalText(5000),
      category: z.preprocess(
        blankToUndefined,
        z.enum(TENDER_GENDERS, { message: t.genderInvalid }).optional(),
      ),
      quantity: z.preprocess(
        decimalText,
        z
          .string({ message: t.quantityInvalid })
          .regex(/^-?\d+$/, { message: t.quantityInvalid, abort: true })
          .transform(Number)
          .refine((n) => n >= 1, t.quantityMin)
          .refine(
            (n) => n <= MAX_TENDER_QUANTITY,
            t.quantityTooLarge(formatNumber(MAX_TENDER_QUANTITY, locale)),
          )
          .optional(),
      ),
      country: z.preprocess(
        (value) => (typeof value === "string" ? blankToUndefined(value.toLowerCase()) : value),
        z.enum(COUNTRY_CODES, { message: t.countryInvalid }).optional(),
      ),
      city: optionalText(60),
      requirements: optionalText(5000),
      phone: phoneField,
      whatsapp: whatsappField,
      telegram: telegramField,
      budget: amountField(MAX_BUDGET, {
        invalid: t.budgetInvalid,
        step: t.budgetStep,
        tooLarge: t.budgetTooLarge(formatNumber(MAX_BUDGET, locale)),
      }),
      currency: z.preprocess(
        blankToUndefined,
        z.enum(CURRENCY_CODES, { message: t.currencyInvalid }).optional(),
      ),
      /** Activity category slugs (none: the tender is for every factory). */
      categories: z.preprocess(
        distinctList,
        z
          .array(z.enum(CATEGORY_SLUGS, { message: t.categoriesInvalid }))
          .max(MAX_TENDER_CATEGORIES, t.categoriesTooMany(MAX_TENDER_CATEGORIES)),
      ),
      /** Issue 29: only the invited factories see a private tender (a checkbox: 'on' when ticked). */
      private: z.preprocess((value) => {
        const first = asList(value)[0];
        return first === "on" || first === "true" || first === true;
      }, z.boolean()),
      /** Photos sent with a new tender; the service never sees the files. */
      photos: chosenPicturesField(photoFile, MAX_TENDER_PHOTOS, t.photosTooMany(MAX_TENDER_PHOTOS)),
      /**
       * The tech pack's new files (PDFs and pictures): checked by content and stored by the use
       * case (storeAttachments); the service never sees them.
       */
      techPack: z.unknown().optional(),
    })
    .superRefine((value, ctx) => {
      if (value.city && !isCityOf(value.country, value.city)) {
        ctx.addIssue({ code: "custom", path: ["city"], message: t.cityInvalid });
      }
    });

  return tenderSchema;
});

export const tenderSchema = (locale: Locale) => tenderSchemaIn(locale);

export type TenderFormInput = z.input<ReturnType<typeof tenderSchema>>;
export type TenderInput = z.output<ReturnType<typeof tenderSchema>>;
/** What the service stores: the form's fields without the chosen files. */
export type TenderFields = Omit<TenderInput, "photos" | "techPack">;

/** The form field of the tech pack's new files, and of the keys of its files to delete. */
export const TECH_PACK_FIELD = "techPack";
export const REMOVE_TECH_PACK_FIELD = "removeTechPack";

/** The currency stored with a budget: the chosen one, USD by default; none without a budget. */
export function storedCurrency(fields: Pick<TenderFields, "budget" | "currency">): string | null {
  return fields.budget == null ? null : (fields.currency ?? DEFAULT_CURRENCY);
}
