/**
 * The languages' packs bundled with the code: all of them on the server. The browser's build
 * replaces this module with an empty one (vite.config.ts): there each page loads its own
 * language's pack through its language layout route (app/domain/catalogue.ts).
 */
import { en } from "./messages/en/pack";
import { ru } from "./messages/pack";

export const bundledPacks = { ru, en };
