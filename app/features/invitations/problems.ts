/**
 * Why an invitation action did not happen (app/features/invitations/invitations.server.ts). Their
 * texts are the `problems` of the invitations language pack (app/domain/messages/invitations.ts).
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const INVITATION_PROBLEMS = problems({
  /** The form's fields are refused (400). */
  invalid: "invalid",
  /** The tender is not the actor's, or is gone (404). */
  "tender-not-found": "missing",
  /** The tender is closed or awarded: nobody is invited to it any more (409). */
  "tender-not-active": "conflict",
  /** No such factory in the directory, or its owner is blocked (404). */
  "factory-not-found": "missing",
  /** The buyer's own factory (an account with both) (400). */
  "own-factory": "refused",
  /** The factory is invited already (409). */
  "already-invited": "conflict",
  /** MAX_INVITATIONS_PER_TENDER reached (409). */
  "too-many-invitations": "conflict",
  /** Declining: the account has no factory (403). */
  "not-a-factory": "forbidden",
  /** Declining: the actor's factory has no invitation to this tender (404). */
  "invitation-not-found": "missing",
  /** Declining again (409). */
  "already-declined": "conflict",
  /** Declining after quoting: the quote stands until withdrawn (409). */
  "already-quoted": "conflict",
});

export type InvitationProblem = ProblemOf<typeof INVITATION_PROBLEMS>;
