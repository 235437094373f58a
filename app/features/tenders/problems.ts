/**
 * Why a tender action did not happen (the codes of app/features/tenders/*.server.ts). Their texts
 * are the `problems` of the tenders language pack (app/domain/messages/tenders.ts); each kind keeps
 * the HTTP status the pages of /place-tender and /my-tenders have always answered.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const TENDER_PROBLEMS = problems({
  /** The session ran out before the post: nothing is read or stored (401). */
  "signed-out": "unauthenticated",
  /** The form's fields (or its photos' contents) are refused (400). */
  invalid: "invalid",
  /** The tender is not the actor's, or is gone, when adding photos (404). */
  "not-found": "missing",
  /** Saving, closing or reopening matched none of the actor's open tenders (404). */
  "not-updated": "missing",
  /** Deleting matched none of the actor's tenders (404). */
  "not-deleted": "missing",
  /** The photo is not on the actor's tender (404). */
  "photo-not-removed": "missing",
  /** The tender is awarded: its terms are what the chosen factory agreed to (409). */
  locked: "conflict",
  /** The account has placed as many tenders as TENDER_LIMITS allow within a day (429). */
  "too-many-tenders": "too-many",
  /** More photos than MAX_TENDER_PHOTOS (400). */
  "too-many-photos": "refused",
  /** "Add photos" was posted without a file (400). */
  "no-photos": "refused",
  /** Storing the photos failed on our side; nothing was changed (500). */
  "photos-failed": "failed",
});

export type TenderProblem = ProblemOf<typeof TENDER_PROBLEMS>;
