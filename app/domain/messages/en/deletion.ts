import type { deletion as ru } from "../deletion";
import type { Translation } from "../shape";

export const deletion: Translation<typeof ru> = {
  success: "Your profile has been deleted completely",
  failed: (message: string) => `Couldn’t delete the profile: ${message}`,
  // The original specification's partial-deletion state cannot happen (deletion is one
  // transaction: docs/product.md); the strings are kept only so the catalogue mirrors it.
  partialTitle: "Profile partly deleted",
  partialText:
    "Your data has been deleted, but to remove the account completely, contact the admin",
  nothingDeleted: "nothing was deleted, please try again a little later",
};
