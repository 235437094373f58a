import { landing as en } from "../messages/en/landing";
import { landing as ru } from "../messages/landing";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const landing = /* @__PURE__ */ localized(ru, en);
