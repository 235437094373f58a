import { factories as en } from "../messages/en/factories";
import { factories as ru } from "../messages/factories";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const factories = /* @__PURE__ */ localized(ru, en);
