import { attachments as ru } from "../messages/attachments";
import { attachments as en } from "../messages/en/attachments";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const attachments = /* @__PURE__ */ localized(ru, en);
