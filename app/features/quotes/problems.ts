/**
 * What can stop a use case of quotes and of their conversations, each problem with its kind (and
 * so its HTTP status, app/http/reply.server.ts). Codes only: their words are in the language packs
 * (`quotes.problems` and `conversations.problems` of app/domain/messages/ and messages/en/).
 * Pure, so pages may name the types.
 */
import { failures, type ProblemOf, problems } from "~/domain/outcome";

export const QUOTE_PROBLEMS = problems({
  /** A field of the form breaks its rule (said by the field). */
  invalid: "invalid",
  /** No such quote of the actor's (or a malformed id). */
  "not-found": "missing",
  /** No such tender, or somebody else's closed one. */
  "tender-not-found": "missing",
  "tender-not-active": "conflict",
  "own-tender": "forbidden",
  /** An account without a factory profile. */
  "not-a-factory": "forbidden",
  /** A new quote's form, while the factory has a quote on the tender already. */
  "already-quoted": "conflict",
  /** The buyer decided (or the factory withdrew): the quote is fixed. */
  "already-decided": "conflict",
  "too-many-attachments": "refused",
  "not-allowed": "forbidden",
  "conversation-storage-full": "too-large",
  "account-storage-full": "too-large",
  /** Writing the quote failed after its files were stored (they are removed again). */
  "save-failed": "failed",
});
export type QuoteProblem = ProblemOf<typeof QUOTE_PROBLEMS>;
/** `return quoteFailure("own-tender")` */
export const quoteFailure = failures(QUOTE_PROBLEMS);

export const CONVERSATION_PROBLEMS = problems({
  /** The text breaks its rule (said by the field). */
  invalid: "invalid",
  /** No such quote, or not the actor's to see. */
  "not-found": "missing",
  /** The admin reads a conversation but writes nothing in it. */
  "not-allowed": "forbidden",
  /** Neither text nor files. */
  empty: "refused",
  "too-many-attachments": "refused",
  "conversation-storage-full": "too-large",
  "account-storage-full": "too-large",
});
export type ConversationProblem = ProblemOf<typeof CONVERSATION_PROBLEMS>;
export const conversationFailure = failures(CONVERSATION_PROBLEMS);

/**
 * Each problem's text after what failed, for a toast: "Не удалось отозвать отклик: Отклик не
 * найден".
 */
export function failedBecause<P extends string>(
  failed: string,
  why: Readonly<Record<P, string>>,
): Record<P, string> {
  const texts = {} as Record<P, string>;
  for (const problem of Object.keys(why) as P[]) texts[problem] = `${failed}: ${why[problem]}`;
  return texts;
}
