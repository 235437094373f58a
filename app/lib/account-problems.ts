/**
 * What an account call's problem (app/features/accounts/accounts.server.ts) says to the person, in the
 * page's language. `form` picks the wording the form has always used for the same problem.
 */

import type { AccountProblem } from "~/domain/account-problem";
import type { auth, common, Messages } from "~/domain/catalogue";

type Texts = { auth: Messages<typeof auth>; common: Messages<typeof common> };

/** The problems whose text is the same on every form. */
const SAME_ON_EVERY_FORM = {
  "email-taken": (m) => m.auth.register.emailTaken,
  "email-invalid": (m) => m.auth.login.emailInvalid,
  "weak-password": (m) => m.auth.register.weakPassword,
  "database-error": (m) => m.auth.register.databaseError,
  "invalid-credentials": (m) => m.auth.login.invalidCredentials,
  "email-not-confirmed": (m) => m.auth.login.emailNotConfirmed,
  banned: (m) => m.auth.login.banned,
  "link-invalid": (m) => m.auth.reset.linkInvalid,
} satisfies Partial<Record<AccountProblem["code"], (m: Texts) => string>>;

export function accountProblemText(
  problem: AccountProblem,
  m: Texts,
  form: "register" | "login" | "other",
): string {
  const { login, register } = m.auth;
  switch (problem.code) {
    case "invalid-email-format":
      return form === "register" ? register.invalidEmailFormat : login.invalidEmailFormat;
    case "auth-error":
      return form === "register"
        ? register.error(register.unknownError)
        : login.error(m.common.unknownError);
    case "unexpected":
      if (form === "register") return register.unexpectedError;
      return form === "login" ? login.unexpectedError : m.common.unexpectedError;
    case "rate-limited":
      return problem.seconds ? m.common.rateLimitedFor(problem.seconds) : m.common.rateLimited;
    case "sign-in-locked":
      return m.auth.login.locked(problem.seconds);
    case "resend-wait":
      return m.auth.confirm.resendWait(problem.seconds);
    default:
      return SAME_ON_EVERY_FORM[problem.code](m);
  }
}
