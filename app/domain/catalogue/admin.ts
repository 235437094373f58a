import { admin as ru } from "../messages/admin";
import { admin as en } from "../messages/en/admin";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const admin = /* @__PURE__ */ localized(ru, en);
