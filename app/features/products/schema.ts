/**
 * The product form (add and edit are one form): one Zod schema, run by Conform in the browser and
 * on the server, and run again by the service (app/features/products/products.server.ts) before it writes.
 *
 * The schema accepts both what a form sends (strings, repeated fields) and what it produced
 * itself (numbers, arrays), so parsing a parsed value gives the same value.
 */

import { z } from "zod";
import { images, messagesFor, products } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import {
  COLOR_SUGGESTIONS,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  FABRIC_TREE,
  findGarmentType,
} from "~/domain/reference";
import { asList, blankToUndefined, decimalText, perLocale, text } from "~/domain/schemas/base";
import { amountField, chosenPicturesField } from "~/domain/schemas/row-fields";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "~/domain/uploads";
import { profileFieldsIn } from "~/features/factories/schema";

export const MAX_PRODUCT_COLORS = 20;
export const MAX_COLOR_LENGTH = 40;
/** numeric(14, 2): twelve digits before the point. */
export const MAX_PRICE = 999_999_999_999.99;
/** integer column. */
export const MAX_QUANTITY = 2_147_483_647;
/** Every fabric slug of the fabric tree (the categories themselves are not materials). */
export const FABRIC_SLUGS: ReadonlySet<string> = new Set(
  FABRIC_TREE.flatMap((category) => category.items.map((item) => item.slug)),
);

const suggestionByKey = new Map(COLOR_SUGGESTIONS.map((label) => [colorKey(label), label]));

function colorKey(color: string): string {
  return color.toLocaleLowerCase("ru-RU").replaceAll("ё", "е");
}

/**
 * Colour entries as a person types them: split at commas, trimmed, inner spaces collapsed, empty
 * entries dropped, a suggested colour written as suggested ('красный' → 'Красный'), and a colour
 * met again (in any letter case) ignored. Order is kept.
 */
export function normalizeColors(input: unknown): string[] {
  const raw = Array.isArray(input) ? input : input == null ? [] : [input];
  const seen = new Set<string>();
  const colors: string[] = [];
  for (const value of raw) {
    if (typeof value !== "string") continue;
    for (const part of value.split(",")) {
      const cleaned = part.replace(/\s+/g, " ").trim();
      if (!cleaned) continue;
      const key = colorKey(cleaned);
      if (seen.has(key)) continue;
      seen.add(key);
      colors.push(suggestionByKey.get(key) ?? cleaned);
    }
  }
  return colors;
}

/** The product form's schema in one language. */
const productSchemaIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { products, images });
  const t = m.products.form;
  const { optionalText, optionalLine } = profileFieldsIn(locale);

  const quantityField = z.preprocess(
    decimalText,
    z
      .string({ message: t.quantityInvalid })
      .regex(/^\d+$/, t.quantityInvalid)
      .transform(Number)
      .refine((quantity) => quantity <= MAX_QUANTITY, t.quantityTooLarge)
      .optional(),
  );

  const colorsField = z.preprocess(
    normalizeColors,
    z
      .array(text(locale).max(MAX_COLOR_LENGTH, t.colorTooLong(MAX_COLOR_LENGTH)))
      .max(MAX_PRODUCT_COLORS, t.colorsTooMany(MAX_PRODUCT_COLORS)),
  );

  const materialsField = z.preprocess(
    (value) => [...new Set(asList(value))],
    z
      .array(z.string().refine((slug) => FABRIC_SLUGS.has(slug), t.materialsInvalid))
      .max(FABRIC_SLUGS.size, t.materialsInvalid),
  );

  /** New pictures chosen in the form (add mode); the server checks their content again. */
  const imageFile = z
    .file({ message: m.images.fileMissing })
    .max(MAX_IMAGE_BYTES, m.images.fileTooLarge)
    .mime([...IMAGE_TYPES], m.images.fileTypeNotSupported);

  const productSchema = z.object({
    name: z.preprocess(
      blankToUndefined,
      text(locale, t.nameRequired).min(1, t.nameRequired).max(120, t.tooLong(120)),
    ),
    clothingType: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine((slug) => findGarmentType(slug) !== undefined, t.clothingTypeInvalid)
        .optional(),
    ),
    price: amountField(MAX_PRICE, {
      invalid: t.priceInvalid,
      step: t.priceStep,
      tooLarge: t.priceTooLarge,
    }),
    currency: z.preprocess(
      blankToUndefined,
      z.enum(CURRENCY_CODES, { message: t.currencyInvalid }).default(DEFAULT_CURRENCY),
    ),
    quantityProduced: quantityField,
    productionTime: optionalText(100),
    colors: colorsField,
    materials: materialsField,
    description: optionalText(5000),
    /** The English name and description, shown on English pages (optional). */
    nameEn: optionalLine(120),
    descriptionEn: optionalText(5000),
    /** Pictures uploaded with the first save; not stored by the schema's consumers as files. */
    photos: chosenPicturesField(imageFile, MAX_PRODUCT_IMAGES, t.imagesTooMany(MAX_PRODUCT_IMAGES)),
  });

  return productSchema;
});

export const productSchema = (locale: Locale) => productSchemaIn(locale);

export type ProductFormInput = z.input<ReturnType<typeof productSchema>>;
export type ProductInput = z.output<ReturnType<typeof productSchema>>;
/** What the service stores: the form's fields without the chosen files. */
export type ProductFields = Omit<ProductInput, "photos">;
