/**
 * Why a profile's use case (profiles.server.ts) refused: each code with its kind, so its HTTP
 * status (app/http/reply.server.ts). Pure: pages may name the type.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const PROFILE_PROBLEMS = problems({
  /** The account has no profile (sign-up makes both): it changes nothing. */
  "no-profile": "forbidden",
  /** The account could not be deleted; nothing was deleted. */
  "deletion-failed": "failed",
});

export type ProfileProblem = ProblemOf<typeof PROFILE_PROBLEMS>;
