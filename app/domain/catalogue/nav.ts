import { nav as en } from "../messages/en/nav";
import { nav as ru } from "../messages/nav";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const nav = /* @__PURE__ */ localized(ru, en);
