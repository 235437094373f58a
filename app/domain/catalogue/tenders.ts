import { tenders as en } from "../messages/en/tenders";
import { tenders as ru } from "../messages/tenders";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const tenders = /* @__PURE__ */ localized(ru, en);
