/**
 * Why an account call (app/server/accounts.server.ts) did not go through; the page says it in its
 * language (`app/lib/account-problems.ts`). No problem carries the auth library's or the database's
 * own words: those stay in the server's log.
 */
export type AccountProblem =
  | { code: "rate-limited" }
  | { code: "email-taken" }
  | { code: "invalid-email-format" }
  | { code: "email-invalid" }
  | { code: "weak-password" }
  | { code: "database-error" }
  | { code: "unexpected" }
  | { code: "auth-error" }
  | { code: "invalid-credentials" }
  | { code: "email-not-confirmed" }
  | { code: "banned" }
  | { code: "resend-wait"; seconds: number }
  | { code: "link-invalid" };
