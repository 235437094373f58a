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
});

export type OrderProblem = ProblemOf<typeof ORDER_PROBLEMS>;
