import { tenderQuotes as en } from "../messages/en/tender-quotes";
import { tenderQuotes as ru } from "../messages/tender-quotes";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const tenderQuotes = /* @__PURE__ */ localized(ru, en);
