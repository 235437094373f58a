import { legacy as en } from "../messages/en/legacy";
import { legacy as ru } from "../messages/legacy";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const legacy = /* @__PURE__ */ localized(ru, en);
