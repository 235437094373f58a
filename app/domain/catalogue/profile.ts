import { profile as en } from "../messages/en/profile";
import { profile as ru } from "../messages/profile";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const profile = /* @__PURE__ */ localized(ru, en);
