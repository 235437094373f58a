import type { deletion as ru } from "../deletion";
import type { Translation } from "../shape";

export const deletion: Translation<typeof ru> = {
  success: "Your profile has been deleted completely",
  failed: (message: string) => `Couldn’t delete the profile: ${message}`,
  // SPEC.md's partial-deletion state cannot happen (deletion is one transaction, DECISIONS.md);
  // the strings are kept only so the catalogue mirrors SPEC.md section 8.
  partialTitle: "Profile partly deleted",
  partialText:
    "Your data has been deleted, but to remove the account completely, contact the admin",
};
