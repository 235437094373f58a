/**
 * The browser's checks of a form on an HTML-first page (docs/decisions/016-html-first-pages.md):
 * each control says what it takes and what to say otherwise in its attributes, rendered from the
 * form's schema (`browserChecks`, app/domain/schemas/base.ts), and the page's constant script
 * (`FORM_CHECKS_SCRIPT`, app/lib/inline-scripts.ts) reads them, so the script holds no limit and
 * no language. The form says `data-checked-form` and `noValidate` (the messages are ours, not the
 * browser's); its submit button's `data-busy` is its label while the form is being sent. Without
 * JavaScript nothing is checked before sending: the server says the same.
 */
import type { z } from "zod";
import type { Locale } from "~/domain/locale";
import { type BrowserChecks, browserChecks } from "~/domain/schemas/base";

/** The attributes the page script reads on a checked control (an input, or a fieldset of radios). */
export interface CheckAttributes {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  "data-check": "";
  /** What an empty field is told (a required one). */
  "data-missing"?: string;
  "data-too-short"?: string;
  "data-too-long"?: string;
  /** JSON: [source, flags, message] of each pattern, in the schema's order. */
  "data-patterns"?: string;
  "data-trim"?: "";
  /** The id of the control whose value this one repeats (a password's confirmation). */
  "data-same-as"?: string;
  "data-mismatch"?: string;
}

/** A control's attributes for `checks`; `repeats` when it must equal another control's value. */
export function checkAttributes(
  checks: BrowserChecks | undefined,
  repeats?: { id: string; message: string },
): CheckAttributes {
  const attributes: CheckAttributes = { "data-check": "" };
  if (checks?.required) attributes.required = true;
  if (checks?.missing) attributes["data-missing"] = checks.missing;
  if (checks?.minLength !== undefined && checks.minLength > 0) {
    attributes.minLength = checks.minLength;
    if (checks.tooShort) attributes["data-too-short"] = checks.tooShort;
  }
  if (checks?.maxLength !== undefined) attributes.maxLength = checks.maxLength;
  if (checks?.tooLong) attributes["data-too-long"] = checks.tooLong;
  if (checks?.patterns.length) attributes["data-patterns"] = JSON.stringify(checks.patterns);
  if (checks?.trim) attributes["data-trim"] = "";
  if (repeats) {
    attributes["data-same-as"] = repeats.id;
    attributes["data-mismatch"] = repeats.message;
  }
  return attributes;
}

/** The attributes of a checked form: the page script checks it, the browser's own messages are off. */
export const CHECKED_FORM = { noValidate: true, "data-checked-form": "" } as const;

const cache = new WeakMap<object, Record<string, CheckAttributes>>();

/**
 * The attributes of each field of a form whose schema is `schema` (one per language, like
 * `loginSchema(locale)`), worked out once per schema.
 */
export function checkAttributesOf<Schema extends z.ZodType>(
  schema: Schema,
  locale: Locale,
): Readonly<Record<string, CheckAttributes>> {
  let found = cache.get(schema);
  if (!found) {
    found = Object.fromEntries(
      Object.entries(browserChecks(schema, locale)).map(([name, checks]) => [
        name,
        checkAttributes(checks),
      ]),
    );
    cache.set(schema, found);
  }
  return found;
}
