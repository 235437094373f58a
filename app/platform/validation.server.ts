/**
 * One way for a service to check its input again with the form's schema (docs/guides/forms.md)
 * and to report what it refuses: the messages by field, as Conform's `submission.reply` takes
 * them. A service that throws for refused input throws FieldValidationError; one that answers
 * with outcomes answers InvalidFields.
 */
import type { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { fieldErrorsOf } from "~/domain/schemas/base";

/** Messages by field name. */
export type FieldErrors = Record<string, string[]>;

/** The input broke a rule of the form's schema. */
export class FieldValidationError extends Error {
  readonly status = 400;
  constructor(readonly fieldErrors: FieldErrors) {
    super(Object.values(fieldErrors).flat().join("; "));
    this.name = "FieldValidationError";
  }
}

/** The outcome of refused input. */
export type InvalidFields = { ok: false; problem: "invalid"; fieldErrors: FieldErrors };

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
    return { ok: false, problem: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  }
  if (!fileField) return { ok: true, value: parsed.data };
  const { [fileField]: _files, ...fields } = parsed.data as Record<string, unknown>;
  return { ok: true, value: fields as Omit<z.output<Schema>, FileField> };
}

/** checkFields for a service that throws: the fields, or FieldValidationError. */
export function requireFields<Schema extends z.ZodType, FileField extends string = never>(
  schemaIn: (locale: Locale) => Schema,
  input: unknown,
  fileField?: FileField,
): Omit<z.output<Schema>, FileField> {
  const checked = checkFields(schemaIn, input, fileField);
  if (!checked.ok) throw new FieldValidationError(checked.fieldErrors);
  return checked.value;
}
