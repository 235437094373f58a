/**
 * Why an account call (app/features/accounts/accounts.server.ts) did not go through, and what it
 * says in the page's language. No problem carries the auth library's or the database's own
 * words: those stay in the server's log. Pure: components may name the types.
 */
import type { auth, common, Messages } from "~/domain/catalogue";
import { type Failure, type ProblemOf, problems } from "~/domain/outcome";

export const ACCOUNT_PROBLEMS = problems({
  /** better-auth's limit per client address (with its wait when it gives one). */
  "rate-limited": "too-many",
  /** Too many wrong passwords for the account; sign-in opens again in `seconds`. */
  "sign-in-locked": "too-many",
  "email-taken": "refused",
  /** The address passed the form's check but not better-auth's stricter one. */
  "invalid-email-format": "refused",
  /** The address is not one (said at the email field). */
  "email-invalid": "refused",
  "weak-password": "refused",
  /** The new account's profile could not be written (the account was taken back). */
  "database-error": "failed",
  /** Something of ours failed (the auth library could not be reached). */
  unexpected: "failed",
  /** The auth library refused without a reason of ours (logged). */
  "auth-error": "refused",
  "invalid-credentials": "unauthenticated",
  /** The account's address is not confirmed yet (with its letters' state). */
  "email-not-confirmed": "forbidden",
  /** The account is blocked: it is not signed in. */
  banned: "unauthenticated",
  /** The last confirmation letter went a short while ago; the next may go in `seconds`. */
  "resend-wait": "too-many",
  /** The password reset link is unknown, used or stale. */
  "link-invalid": "refused",
});
export type AccountProblem = ProblemOf<typeof ACCOUNT_PROBLEMS> | "invalid";

/** What some problems know besides their code. */
export interface AccountProblemDetails {
  /** rate-limited, sign-in-locked, resend-wait: the seconds to wait (when known). */
  readonly seconds?: number;
  /** email-not-confirmed, resend-wait: the address concerned, as the form read it. */
  readonly email?: string;
  /** email-not-confirmed: this sign-in sent a new confirmation letter. */
  readonly letterSent?: boolean;
  /** email-not-confirmed: seconds until the account may get the next letter (0: now). */
  readonly nextLetterIn?: number;
}

export type AccountFailure = Failure<AccountProblem> & AccountProblemDetails;
export type AccountOutcome<T> = { readonly ok: true; readonly value: T } | AccountFailure;

/** An account failure of `problem`, with what it knows. */
export function accountFailure(
  problem: Exclude<AccountProblem, "invalid">,
  details: AccountProblemDetails = {},
): AccountFailure {
  return { ok: false, problem, kind: ACCOUNT_PROBLEMS[problem], ...details };
}

type Texts = { auth: Messages<typeof auth>; common: Messages<typeof common> };
/** The forms that word some problems their own way. */
export type AccountForm = "register" | "login" | "other";

/**
 * What each account problem says on `form`, in the language of `m`; `details` (the failure's)
 * give the waits. `form` picks the wording the form has always used for the same problem.
 */
export function accountProblemTexts(
  m: Texts,
  form: AccountForm,
  details: AccountProblemDetails = {},
): Record<Exclude<AccountProblem, "invalid">, string> {
  const { login, register } = m.auth;
  const seconds = details.seconds ?? 0;
  return {
    "email-taken": register.emailTaken,
    "email-invalid": login.emailInvalid,
    "weak-password": register.weakPassword,
    "database-error": register.databaseError,
    "invalid-credentials": login.invalidCredentials,
    "email-not-confirmed": login.emailNotConfirmed,
    banned: login.banned,
    "link-invalid": m.auth.reset.linkInvalid,
    "invalid-email-format":
      form === "register" ? register.invalidEmailFormat : login.invalidEmailFormat,
    "auth-error":
      form === "register"
        ? register.error(register.unknownError)
        : login.error(m.common.unknownError),
    unexpected:
      form === "register"
        ? register.unexpectedError
        : form === "login"
          ? login.unexpectedError
          : m.common.unexpectedError,
    "rate-limited": seconds > 0 ? m.common.rateLimitedFor(seconds) : m.common.rateLimited,
    "sign-in-locked": login.locked(seconds),
    "resend-wait": m.auth.confirm.resendWait(seconds),
  };
}

/** What one problem says on `form` (the texts of accountProblemTexts). */
export function accountProblemText(
  failure: { problem: Exclude<AccountProblem, "invalid"> } & AccountProblemDetails,
  m: Texts,
  form: AccountForm,
): string {
  return accountProblemTexts(m, form, failure)[failure.problem];
}
