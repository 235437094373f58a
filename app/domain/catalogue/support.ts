import { support as en } from "../messages/en/support";
import { support as ru } from "../messages/support";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const support = /* @__PURE__ */ localized(ru, en);
