import { errors as en } from "../messages/en/errors";
import { errors as ru } from "../messages/errors";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const errors = /* @__PURE__ */ localized(ru, en);
