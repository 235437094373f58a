import { mail as en } from "../messages/en/mail";
import { mail as ru } from "../messages/mail";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const mail = /* @__PURE__ */ localized(ru, en);
