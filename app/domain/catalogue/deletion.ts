import { deletion as ru } from "../messages/deletion";
import { deletion as en } from "../messages/en/deletion";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const deletion = /* @__PURE__ */ localized(ru, en);
