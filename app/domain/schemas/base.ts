/**
 * What every form schema shares: Russian messages for the rules a schema states without its own
 * message (a value of the wrong type, a duplicated field, a missing field, a limit), and the one
 * rule for all text: no control characters and no broken Unicode.
 *
 * Imported by each schema module, so the messages are set wherever a schema runs (browser and
 * server).
 */
import { z } from "zod";
import { common } from "~/domain/messages/common";

const m = { common } as const;

z.config({
  customError: (issue) => {
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
  },
});

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

/** A string without control characters or broken Unicode; `message` when it is not a string. */
export function text(message?: string) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine((value) => !hasInvalidChars(value), { message: m.common.invalidChars, abort: true });
}
