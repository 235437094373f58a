/**
 * What can stop a use case of reviews (app/features/reviews/reviews.server.ts), each problem with
 * its kind. Codes only: their words are `reviews.problems` of the language packs.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const REVIEW_PROBLEMS = problems({
  /** A field of the form breaks its rule (said by the field). */
  invalid: "invalid",
  /** No such order of the actor's (a stranger, another buyer or factory, a blocked account). */
  "not-found": "missing",
  /** Only the order's buyer reviews it. */
  "not-buyer": "forbidden",
  /** Only the factory of the order answers its review. */
  "not-factory": "forbidden",
  /** Only an admin hides a review. */
  "not-admin": "forbidden",
  /** A review needs the order delivered (confirmed by the buyer) first. */
  "not-delivered": "conflict",
  /** The factory's account is gone: there is no page to review. */
  "factory-gone": "conflict",
  /** One review per order. */
  "already-reviewed": "conflict",
  /** The order has no review (to answer or hide). */
  "no-review": "missing",
  /** One answer per review. */
  "already-answered": "conflict",
  /** A hidden review is not answered, nor hidden again. */
  "review-hidden": "conflict",
});

export type ReviewProblem = ProblemOf<typeof REVIEW_PROBLEMS>;
