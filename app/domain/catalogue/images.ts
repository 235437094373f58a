import { images as en } from "../messages/en/images";
import { images as ru } from "../messages/images";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const images = /* @__PURE__ */ localized(ru, en);
