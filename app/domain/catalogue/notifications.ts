import { notifications as en } from "../messages/en/notifications";
import { notifications as ru } from "../messages/notifications";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const notifications = /* @__PURE__ */ localized(ru, en);
