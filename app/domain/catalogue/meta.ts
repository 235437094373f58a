import { meta as en } from "../messages/en/meta";
import { meta as ru } from "../messages/meta";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const meta = /* @__PURE__ */ localized(ru, en);
