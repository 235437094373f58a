/**
 * What every form schema shares: the messages for the rules a schema states without its own
 * message (a value of the wrong type, a duplicated field, a missing field, a limit), the one rule
 * for all text (no control characters and no broken Unicode), and the way a schema exists in each
 * language (`perLocale`).
 *
 * Every schema module exports its schemas as functions of the language (`registerSchema(locale)`),
 * built once per language. Forms parse with `formErrorMap(locale)` so the rules without their own
 * message speak the page's language too; Russian is also Zod's global default, so a parse that
 * names no language (a service checking its input again) still answers in words.
 */
import { z } from "zod";
import { common, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";

/** Builds a language's version of something once, on first use, and keeps it. */
export function perLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let value = built.get(locale);
    if (value === undefined) {
      value = build(locale);
      built.set(locale, value);
    }
    return value;
  };
}

/** The messages of the rules that state none, in `locale` (`parseWithZod(…, { error })`). */
export const formErrorMap = perLocale((locale): z.core.$ZodErrorMap => {
  return (issue) => {
    // Read when a rule fails, not before: the browser holds only the page's language.
    const m = messagesFor(locale, { common });
    switch (issue.code) {
      case "invalid_type":
        // Absent, or a file, a list (the field sent twice) or anything else where text belongs.
        return issue.input === undefined ? m.common.required : m.common.invalidValue;
      case "too_big":
        return issue.origin === "string"
          ? m.common.tooLong(Number(issue.maximum))
          : m.common.tooMany(Number(issue.maximum));
      case "too_small":
        return issue.origin === "string" && Number(issue.minimum) <= 1
          ? m.common.required
          : m.common.invalidValue;
      default:
        return m.common.invalidValue;
    }
  };
});

z.config({ customError: formErrorMap("ru") });

/**
 * C0 control characters other than tab and line breaks (NUL among them: PostgreSQL text cannot
 * hold it), DEL, and UTF-16 surrogates that are not part of a pair (not text at all).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const INVALID_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]/u;

/** Whether a text holds characters no form field accepts. */
export function hasInvalidChars(value: string): boolean {
  return INVALID_CHARS.test(value);
}

/**
 * A one-line text (a name, a title): `text()` without line breaks or tabs, which no input of one
 * line can send and which would break the line wherever the text is shown (a letter's greeting).
 */
export function line(locale: Locale, message?: string) {
  return text(locale, message).refine((value) => !/[\r\n\t\u2028\u2029]/.test(value), {
    message: common[locale].singleLine,
    abort: true,
  });
}

/** A string without control characters or broken Unicode; `message` when it is not a string. */
export function text(locale: Locale, message?: string) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine((value) => !hasInvalidChars(value), {
      message: common[locale].invalidChars,
      abort: true,
    });
}

// biome-ignore lint/suspicious/noExplicitAny: Zod's internal definitions are walked generically
type AnyDef = any;

/** The longest text a schema takes (its `.max()`), looking through optional, default and pipes. */
function maxLengthOf(schema: z.ZodType | undefined, depth = 0): number | undefined {
  const def: AnyDef = (schema as AnyDef)?._zod?.def;
  if (!def || depth > 8) return undefined;
  if (def.type === "string") {
    const maxima = (def.checks ?? [])
      .map((check: AnyDef) => check?._zod?.def)
      .filter((check: AnyDef) => check?.check === "max_length")
      .map((check: AnyDef) => Number(check.maximum));
    return maxima.length ? Math.min(...maxima) : undefined;
  }
  if (def.type === "pipe") return maxLengthOf(def.in, depth + 1) ?? maxLengthOf(def.out, depth + 1);
  if (def.innerType) return maxLengthOf(def.innerType, depth + 1);
  return undefined;
}

/**
 * The `maxLength` of each text field of a form's object schema, for the browser: an input stops
 * at the same length the server accepts.
 */
export function textMaxLengths(schema: z.ZodType): Record<string, number> {
  const def: AnyDef = (schema as AnyDef)._zod?.def;
  const shape: Record<string, z.ZodType> | undefined = def?.shape ?? def?.in?._zod?.def?.shape;
  const lengths: Record<string, number> = {};
  for (const [name, field] of Object.entries(shape ?? {})) {
    const max = maxLengthOf(field);
    if (max !== undefined) lengths[name] = max;
  }
  return lengths;
}

/** Text without the spaces around it; other values pass unchanged (`z.preprocess(trimText, …)`). */
export function trimText(value: unknown): unknown {
  return typeof value === "string" ? value.trim() : value;
}

/**
 * What the browser checks of a form field before anything is sent (the account forms, decision
 * 016), read from the field's schema so that its limits and messages are the server's: the
 * shortest and longest text and the patterns it must match, in the schema's order, each with the
 * message the server would give (the schema's own, or `formErrorMap`'s).
 */
export interface BrowserChecks {
  /** An empty field is refused (a form sends it as nothing), with `missing`. */
  required: boolean;
  missing?: string;
  minLength?: number;
  maxLength?: number;
  tooShort?: string;
  tooLong?: string;
  /** Regular expressions the text must match: source, flags, message. */
  patterns: [string, string, string][];
  /** The schema trims the text first (`z.preprocess(trimText, …)`). */
  trim: boolean;
}

/** The message of a check that failed with `issue`: the check's own, else the form's. */
function messageOf(def: AnyDef, issue: AnyDef, locale: Locale): string {
  const own = typeof def?.error === "function" ? def.error(issue) : undefined;
  if (typeof own === "string") return own;
  if (typeof own?.message === "string") return own.message;
  return formErrorMap(locale)(issue) as string;
}

/**
 * The browser's checks of one field's schema (looking through optional and pipes). A form's
 * empty field reaches the schema as nothing (Conform), so it meets the type's message, not the
 * shortest length's.
 */
function checksOf(schema: z.ZodType | undefined, locale: Locale): BrowserChecks | undefined {
  const found: BrowserChecks = { required: true, patterns: [], trim: false };
  let def: AnyDef = (schema as AnyDef)?._zod?.def;
  for (let depth = 0; def && depth < 8; depth++) {
    if (def.type === "optional") {
      found.required = false;
      def = def.innerType?._zod?.def;
    } else if (def.type === "pipe") {
      if (def.in?._zod?.def?.type === "transform") {
        if (def.in._zod.def.transform === trimText) found.trim = true;
        def = def.out?._zod?.def;
      } else def = def.in?._zod?.def;
    } else break;
  }
  if (def?.type !== "string" && def?.type !== "enum") return undefined;
  const missing = { code: "invalid_type", expected: def.type, input: undefined };
  if (found.required) found.missing = messageOf(def, missing, locale);
  if (def.type === "enum") return found;
  for (const check of def.checks ?? []) {
    const c: AnyDef = check?._zod?.def;
    if (c?.check === "min_length") {
      found.minLength = Number(c.minimum);
      found.tooShort = messageOf(
        c,
        { code: "too_small", origin: "string", minimum: c.minimum, input: "" },
        locale,
      );
    } else if (c?.check === "max_length") {
      found.maxLength = Number(c.maximum);
      found.tooLong = messageOf(
        c,
        { code: "too_big", origin: "string", maximum: c.maximum, input: "" },
        locale,
      );
    } else if (c?.check === "string_format" && c.pattern instanceof RegExp) {
      const issue = { code: "invalid_format", format: c.format, input: "" };
      found.patterns.push([c.pattern.source, c.pattern.flags, messageOf(c, issue, locale)]);
    }
  }
  return found;
}

/**
 * The browser's checks of each field of a form's object schema (`BrowserChecks`), in `locale`.
 * Rules the browser cannot read (a refinement's function) stay the server's alone.
 */
export function browserChecks(schema: z.ZodType, locale: Locale): Record<string, BrowserChecks> {
  const def: AnyDef = (schema as AnyDef)._zod?.def;
  const shape: Record<string, z.ZodType> | undefined = def?.shape ?? def?.in?._zod?.def?.shape;
  const checks: Record<string, BrowserChecks> = {};
  for (const [name, field] of Object.entries(shape ?? {})) {
    const found = checksOf(field, locale);
    if (found) checks[name] = found;
  }
  return checks;
}

/** Trimmed text, or undefined when blank (stored as null); other values pass unchanged. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** '1 250,50' → '1250.50'; numbers as their text; blank → undefined. */
export function decimalText(value: unknown): unknown {
  if (value == null) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NaN";
  if (typeof value !== "string") return value;
  const text = value.replace(/[\s\u00a0]/g, "").replace(",", ".");
  return text === "" ? undefined : text;
}

/** A field sent once, many times or not at all, as a list. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value == null || value === "" ? [] : [value];
}

/** A failed parse's messages by top-level field, as services report them (`fieldErrors`). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message];
  }
  return fieldErrors;
}
