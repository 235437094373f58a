/**
 * What can stop a use case of orders (app/features/orders/orders.server.ts), each problem with its
 * kind. Codes only: their words are `orders.problems` of the language packs.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const ORDER_PROBLEMS = problems({
  /** A field of the form breaks its rule (said by the field). */
  invalid: "invalid",
  /** No such order of the actor's (a stranger, another factory, a blocked account: the same). */
  "not-found": "missing",
  /** An admin reads orders, never changes them. */
  "read-only": "forbidden",
  /** The step is the other side's. */
  "not-your-step": "forbidden",
  /** The step is not the one due now (done already, not reached, or the order is over). */
  "wrong-step": "conflict",
  /** Cancelling once the goods are shipped, delivered, or the order is cancelled already. */
  "not-cancellable": "conflict",
  "too-many-attachments": "refused",
  /** The order's files, or the account's, would pass their storage limit (decision 025). */
  "order-storage-full": "too-large",
  "account-storage-full": "too-large",
  /** Terms change no more once the order is delivered or cancelled. */
  "terms-closed": "conflict",
  /** A proposal is open already: it is answered or withdrawn first. */
  "proposal-open": "conflict",
  /** The proposal changes nothing. */
  "no-change": "refused",
  /** The proposal answered is not the open one any more (answered, withdrawn, or newer). */
  "proposal-gone": "conflict",
  /** The proposer does not accept or decline their own proposal. */
  "own-proposal": "forbidden",
  /** Only the proposer withdraws a proposal. */
  "not-proposer": "forbidden",
  /** A planned date it moves belongs to a step done since: it cannot apply any more. */
  "terms-stale": "conflict",
  /** The order is flagged already; one dispute at a time. */
  "dispute-open": "conflict",
  /** No such open dispute (resolved already, or unknown). */
  "no-dispute": "conflict",
  /** Only an admin resolves a dispute. */
  "admins-only": "forbidden",
});

export type OrderProblem = ProblemOf<typeof ORDER_PROBLEMS>;
