/**
 * Why a saved-factory or saved-search action did not happen (app/features/saved/saved.server.ts).
 * Their texts are the `problems` of the saved language pack (app/domain/messages/saved.ts).
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const SAVED_PROBLEMS = problems({
  /** The form's fields are refused (400). */
  invalid: "invalid",
  /** Only a buyer keeps saved factories and searches (403). */
  "not-a-buyer": "forbidden",
  /** The factory to save is not in the directory (404). */
  "factory-not-found": "missing",
  /** The factory is not among the actor's saved ones (404). */
  "not-saved": "missing",
  /** The saved search is not the actor's, or is gone (404). */
  "search-not-found": "missing",
  /** The actor keeps as many saved factories or searches as SAVED_LIMITS allow (429). */
  "too-many": "too-many",
});

export type SavedProblem = ProblemOf<typeof SAVED_PROBLEMS>;

/** How many saved factories and saved searches one buyer may keep. */
export const SAVED_LIMITS = { factories: 500, searches: 20 } as const;

/** The longest private note on a saved factory, in characters. */
export const MAX_NOTE_LENGTH = 1000;
