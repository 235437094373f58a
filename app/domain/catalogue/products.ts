import { products as en } from "../messages/en/products";
import { products as ru } from "../messages/products";
import { localized } from "./localized";

/** The namespace in every language (a module of its own: a page loads what it imports). */
export const products = /* @__PURE__ */ localized(ru, en);
