import { users as en } from "../messages/en/users";
import { users as ru } from "../messages/users";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const users = /* @__PURE__ */ localized(ru, en);
