import { notFound as en } from "../messages/en/not-found";
import { notFound as ru } from "../messages/not-found";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const notFound = /* @__PURE__ */ localized(ru, en);
