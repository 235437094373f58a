import { dashboard as ru } from "../messages/dashboard";
import { dashboard as en } from "../messages/en/dashboard";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const dashboard = /* @__PURE__ */ localized(ru, en);
