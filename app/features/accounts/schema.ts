/**
 * The sign-in, registration and password forms: one Zod schema per form, run in the browser
 * (Conform) and again on the server, with the messages of docs/product.md ("Validation").
 */
import { z } from "zod";
import { auth, common, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { line, perLocale, text, trimText } from "~/domain/schemas/base";
import type { UserType } from "~db/schema";

/** Latin letters, digits and common special characters (docs/product.md, "Validation"). */
export const PASSWORD_PATTERN = /^[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]+$/;
/**
 * An address as the sign-up itself checks it (better-auth validates with Zod's email rule): no
 * '..', no label starting with '-', a top-level domain of letters. The form refuses what the
 * sign-up would, with the form's own message.
 */
export const EMAIL_PATTERN = z.regexes.email;
/** Printable ASCII only. */
const LATIN = /^[\x21-\x7E]+$/;

/**
 * The field that repeats another (the new password's confirmation): the same value, or this
 * field's message. The schemas refine with it, and the browser checks it from it too.
 */
export const REPEATED_FIELD = { field: "confirmPassword", of: "password" } as const;

/** The stored user types (db/schema.ts) a person can register as. */
export const USER_TYPE_OPTIONS = ["buyer", "factory"] as const satisfies readonly UserType[];

/** The forms' schemas in one language (built once per language by `perLocale`). */
const schemasIn = perLocale((locale: Locale) => {
  const m = messagesFor(locale, { auth, common });
  const t = m.auth;

  const registrationEmail = z.preprocess(
    trimText,
    z
      .string({ message: t.register.emailInvalid })
      .min(1, t.register.emailInvalid)
      .max(254, t.register.emailInvalid)
      .regex(LATIN, t.register.emailNotLatin)
      .regex(EMAIL_PATTERN, t.register.emailInvalid)
      .transform((v) => v.toLowerCase()),
  );

  const newPassword = z
    .string({ message: t.register.passwordTooShort })
    .min(6, t.register.passwordTooShort)
    .max(128, t.register.weakPassword)
    .regex(PASSWORD_PATTERN, t.register.passwordInvalidChars);

  const passwordFields = { password: newPassword, confirmPassword: z.string().optional() };
  /**
   * The confirmation must equal the password; the message sits on the confirmation field. It is
   * checked whatever else is wrong with the form (`when`), so every message that applies shows at
   * once: a short password and a different confirmation get both.
   */
  const passwordsMatch: [
    (v: Partial<Record<string, unknown>>) => boolean,
    { path: string[]; message: string; when: () => boolean },
  ] = [
    (v) =>
      typeof v?.[REPEATED_FIELD.of] !== "string" ||
      v[REPEATED_FIELD.of] === v[REPEATED_FIELD.field],
    {
      path: [REPEATED_FIELD.field],
      message: t.register.passwordsMismatch,
      when: () => true,
    },
  ];

  const registerSchema = z
    .object({
      name: z.preprocess(
        trimText,
        line(locale, t.register.nameTooShort)
          .min(2, t.register.nameTooShort)
          .max(120, m.common.tooLong(120)),
      ),
      userType: z.enum(USER_TYPE_OPTIONS, { message: t.register.userTypeRequired }),
      email: registrationEmail,
      ...passwordFields,
    })
    .refine(...passwordsMatch);

  const loginSchema = z.object({
    email: z.preprocess(
      trimText,
      text(locale, t.login.emailRequired)
        .min(1, t.login.emailRequired)
        .max(254, t.login.emailInvalid)
        .regex(EMAIL_PATTERN, t.login.emailInvalid)
        .transform((v) => v.toLowerCase()),
    ),
    password: z
      .string({ message: t.login.passwordRequired })
      .min(1, t.login.passwordRequired)
      .max(128, m.common.tooLong(128)),
    redirectTo: z.string().optional(),
  });

  const forgotPasswordSchema = z.object({
    email: loginSchema.shape.email,
  });

  const resetPasswordSchema = z
    .object({
      // A hidden field: the link's token; the route shows its message above the form.
      token: text(locale, m.auth.reset.linkInvalid).min(1, m.auth.reset.linkInvalid).max(1000),
      ...passwordFields,
    })
    .refine(...passwordsMatch);

  return {
    registerSchema,
    loginSchema,
    forgotPasswordSchema,
    resetPasswordSchema,
    repeatMessage: t.register.passwordsMismatch,
  };
});

export const registerSchema = (locale: Locale) => schemasIn(locale).registerSchema;
export const loginSchema = (locale: Locale) => schemasIn(locale).loginSchema;
export const forgotPasswordSchema = (locale: Locale) => schemasIn(locale).forgotPasswordSchema;
export const resetPasswordSchema = (locale: Locale) => schemasIn(locale).resetPasswordSchema;
/** The message of a confirmation that differs from the password (REPEATED_FIELD). */
export const repeatMessage = (locale: Locale) => schemasIn(locale).repeatMessage;
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;
export type LoginInput = z.infer<ReturnType<typeof loginSchema>>;

/**
 * Where to go after signing in: only a path of this site ('/profile?x=1'), never another
 * origin ('//evil.example', 'https://…', '/\\evil').
 */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  // Browsers drop tabs and newlines from a URL ('/\t/evil.example' becomes '//evil.example').
  const local = target?.startsWith("/") && !/^\/[/\\]|[\s\p{Cc}]/u.test(target);
  if (!local) return fallback;
  // A Location header carries bytes: letters beyond ASCII ('/factories?q=платье') go
  // percent-encoded, as a browser would send them; a lone surrogate cannot be, so it is refused.
  try {
    return (target as string).replace(/[^\x21-\x7e]+/gu, encodeURIComponent);
  } catch {
    return fallback;
  }
}
