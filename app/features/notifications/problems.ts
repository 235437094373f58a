/**
 * Why a notification use case (app/features/notifications/notifications.server.ts) was refused;
 * the page says it in its language (`notifications.problems`). Pure: components may name the
 * types.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const NOTIFICATION_PROBLEMS = problems({
  /** Not one of the account's own notifications (another's, hidden, unknown or malformed). */
  "not-found": "missing",
});
export type NotificationProblem = ProblemOf<typeof NOTIFICATION_PROBLEMS>;

/** An email's unsubscribe link, used without a session. */
export const UNSUBSCRIBE_PROBLEMS = problems({
  /** The link's token belongs to no account (mistyped, or the account is gone). */
  "unknown-token": "missing",
});
export type UnsubscribeProblem = ProblemOf<typeof UNSUBSCRIBE_PROBLEMS>;
