import { common as ru } from "../messages/common";
import { common as en } from "../messages/en/common";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const common = /* @__PURE__ */ localized(ru, en);
