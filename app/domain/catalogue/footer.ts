import { footer as en } from "../messages/en/footer";
import { footer as ru } from "../messages/footer";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const footer = /* @__PURE__ */ localized(ru, en);
