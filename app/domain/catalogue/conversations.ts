import { conversations as ru } from "../messages/conversations";
import { conversations as en } from "../messages/en/conversations";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const conversations = /* @__PURE__ */ localized(ru, en);
