/**
 * Why the capability profile's use case (capabilities.server.ts) refused: each code with its kind,
 * so its HTTP status (app/http/reply.server.ts). Pure: pages may name the type.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const CAPABILITY_PROBLEMS = problems({
  /** A buyer (or an account without a profile) has no factory to describe. */
  "not-a-factory": "forbidden",
  /** The factory account has not saved its profile yet (or is blocked): no factory row to write. */
  "no-factory": "conflict",
});

export type CapabilityProblem = ProblemOf<typeof CAPABILITY_PROBLEMS> | "invalid";
