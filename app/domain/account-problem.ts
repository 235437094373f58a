/**
 * Why an account call (app/features/accounts/accounts.server.ts) did not go through; the page says it in its
 * language (`app/lib/account-problems.ts`). No problem carries the auth library's or the database's
 * own words: those stay in the server's log.
 */
export type AccountProblem =
  | { code: "rate-limited"; seconds?: number }
  /** Too many wrong passwords for the account; sign-in opens again in `seconds`. */
  | { code: "sign-in-locked"; seconds: number }
  | { code: "email-taken" }
  | { code: "invalid-email-format" }
  | { code: "email-invalid" }
  | { code: "weak-password" }
  | { code: "database-error" }
  | { code: "unexpected" }
  | { code: "auth-error" }
  | { code: "invalid-credentials" }
  /**
   * `letterSent`: this sign-in sent a new confirmation letter; `nextLetterIn`: seconds until the
   * account may get the next one (0: now).
   */
  | { code: "email-not-confirmed"; letterSent?: boolean; nextLetterIn?: number }
  | { code: "banned" }
  | { code: "resend-wait"; seconds: number }
  | { code: "link-invalid" };
