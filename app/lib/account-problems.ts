/**
 * What an account call's problem (app/server/accounts.server.ts) says to the person, in the
 * page's language. `form` picks the wording the form has always used for the same problem.
 */

import type { AccountProblem } from "~/domain/account-problem";
import type { auth, common, Messages } from "~/domain/catalogue";

type Texts = { auth: Messages<typeof auth>; common: Messages<typeof common> };

export function accountProblemText(
  problem: AccountProblem,
  m: Texts,
  form: "register" | "login" | "other",
): string {
  const { login, register } = m.auth;
  switch (problem.code) {
    case "rate-limited":
      return m.common.rateLimited;
    case "email-taken":
      return register.emailTaken;
    case "invalid-email-format":
      return form === "register" ? register.invalidEmailFormat : login.invalidEmailFormat;
    case "email-invalid":
      return login.emailInvalid;
    case "weak-password":
      return register.weakPassword;
    case "database-error":
      return register.databaseError;
    case "auth-error":
      return form === "register"
        ? register.error(problem.detail ?? register.unknownError)
        : login.error(problem.detail ?? m.common.unknownError);
    case "unexpected":
      if (form === "register") {
        return problem.detail ? register.exception(problem.detail) : register.unexpectedError;
      }
      return form === "login" ? login.unexpectedError : m.common.unexpectedError;
    case "invalid-credentials":
      return login.invalidCredentials;
    case "email-not-confirmed":
      return login.emailNotConfirmed;
    case "banned":
      return login.banned;
    case "resend-wait":
      return m.auth.confirm.resendWait(problem.seconds);
    case "link-invalid":
      return m.auth.reset.linkInvalid;
  }
}
