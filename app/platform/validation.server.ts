/**
 * One way for a service to check its input again with the form's schema (docs/guides/forms.md)
 * and to report what it refuses: the messages by field, as Conform's `submission.reply` takes
 * them: refused input is an InvalidFields outcome (app/domain/outcome.ts's "invalid").
 */
import type { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { type Failure, invalid } from "~/domain/outcome";
import { fieldErrorsOf } from "~/domain/schemas/base";

/** Messages by field name. */
export type FieldErrors = Record<string, string[]>;

/** The outcome of refused input. */
export type InvalidFields = Failure<"invalid"> & { fieldErrors: FieldErrors };

/**
 * Runs a form's schema on a service's input, leaving out the form's file field (files are stored
 * apart and handed over as URLs). The route has checked the form in the visitor's language; this
 * second check guards the service's other callers, and what it refuses is reported in the default
 * language.
 */
export function checkFields<Schema extends z.ZodType, FileField extends string = never>(
  schemaIn: (locale: Locale) => Schema,
  input: unknown,
  fileField?: FileField,
): { ok: true; value: Omit<z.output<Schema>, FileField> } | InvalidFields {
  const given = typeof input === "object" && input !== null ? input : {};
  const parsed = schemaIn(DEFAULT_LOCALE).safeParse(
    fileField ? { ...given, [fileField]: undefined } : given,
  );
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return { ...invalid(fieldErrors), fieldErrors };
  }
  if (!fileField) return { ok: true, value: parsed.data };
  const { [fileField]: _files, ...fields } = parsed.data as Record<string, unknown>;
  return { ok: true, value: fields as Omit<z.output<Schema>, FileField> };
}
