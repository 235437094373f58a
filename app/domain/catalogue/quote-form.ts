import { quoteForm as en } from "../messages/en/quote-form";
import { quoteForm as ru } from "../messages/quote-form";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const quoteForm = /* @__PURE__ */ localized(ru, en);
