/**
 * Why a verification request or decision (verification.server.ts) was refused: each code with
 * its kind, so its HTTP status (app/http/reply.server.ts). Pure: pages may name the type.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const VERIFICATION_PROBLEMS = problems({
  /** The account has no (listed) factory to verify. */
  "no-factory": "forbidden",
  /** The factory is verified already: it has nothing to ask for. */
  "already-verified": "conflict",
  /** A request of the factory is open already. */
  "already-pending": "conflict",
  /** The request is unknown or decided already. */
  "not-found": "missing",
  /** More documents than MAX_VERIFICATION_DOCUMENTS. */
  "too-many-documents": "refused",
});

export type VerificationProblem = ProblemOf<typeof VERIFICATION_PROBLEMS>;
