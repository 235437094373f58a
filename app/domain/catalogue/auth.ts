import { auth as ru } from "../messages/auth";
import { auth as en } from "../messages/en/auth";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const auth = /* @__PURE__ */ localized(ru, en);
