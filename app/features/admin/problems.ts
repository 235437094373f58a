/**
 * Why an admin's action or decision was refused (app/features/admin/admin.server.ts and the
 * decision of app/features/verification/verification.server.ts); the page says it in its language
 * (`admin.problems`, `verification.problems`). Pure: components may name the types.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const ADMIN_PROBLEMS = problems({
  /** An admin never blocks themself. */
  "cannot-block-self": "forbidden",
  /** Nor another admin. */
  "cannot-block-admin": "forbidden",
  /** No such user (or factory). */
  "not-found": "missing",
  /** The verification note has control characters or broken Unicode. */
  "note-invalid": "refused",
  /** The reason for blocking has control characters or broken Unicode. */
  "reason-invalid": "refused",
});
export type AdminProblem = ProblemOf<typeof ADMIN_PROBLEMS>;

/** The admin's decision on a factory's verification request. */
export const VERIFICATION_DECISION_PROBLEMS = problems({
  /** The request is unknown or already decided. */
  "not-found": "missing",
});
/** A decision's problems; "invalid" when its note breaks the form's rules. */
export type VerificationDecisionProblem =
  | ProblemOf<typeof VERIFICATION_DECISION_PROBLEMS>
  | "invalid";
