import { quotes as en } from "../messages/en/quotes";
import { quotes as ru } from "../messages/quotes";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const quotes = /* @__PURE__ */ localized(ru, en);
