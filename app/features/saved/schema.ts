/**
 * The forms of /saved-factories: a saved factory's private note, and the save/remove forms that
 * name a factory or a saved search by its id.
 */
import { z } from "zod";
import { messagesFor, saved } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { asList, perLocale, text } from "~/domain/schemas/base";
import { MAX_NOTE_LENGTH } from "./problems";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a posted id can name a row at all (anything else names nothing: 404, never a 500). */
export const isRowId = (value: unknown): value is string =>
  typeof value === "string" && UUID.test(value);

const schemas = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { saved }).saved.errors;
  return z.object({
    // The first of the form's factory ids, as the other intents read it (FormData.get).
    factoryId: z.preprocess((value) => asList(value)[0], z.string({ message: t.factoryMissing })),
    note: text(locale)
      .max(MAX_NOTE_LENGTH, { message: t.noteTooLong(MAX_NOTE_LENGTH) })
      .optional()
      .transform((value) => value?.replace(/\r\n?/g, "\n").trim() ?? ""),
  });
});

/** The note form of one saved factory. */
export const noteSchema = (locale: Locale) => schemas(locale);
