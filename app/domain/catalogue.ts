/**
 * Every namespace of the message catalogue in every language: `common.ru`, `common.en`. The
 * Russian files under `messages/` are the reference; each other language has a folder of its own
 * (`messages/en/`) whose files must have the same keys (`Translation<T>`, checked by `tsc`).
 *
 * Pages import the namespaces they use from here and pick their language with `useMessages`
 * (components) or `messagesFor` (loaders, actions, letters). The texts themselves are the
 * languages' packs (`messages/pack.ts`, `messages/en/pack.ts`): the server has them all; in the
 * browser a page loads only its own language's, through its language layout route
 * (routes/layout.ru.tsx, routes/layout.en.tsx).
 */
import { bundledPacks } from "./catalogue-packs";
import { LOCALES, type Locale } from "./locale";
import type { RussianPack } from "./messages/pack";
import type { Translation } from "./messages/shape";

/** A namespace in each language. */
export type Localized<T> = { readonly ru: T } & {
  readonly [L in Exclude<Locale, "ru">]: Translation<T>;
};

/** The text of one namespace in any language: the Russian keys and functions, strings widened. */
export type Messages<N extends Localized<unknown>> = Translation<N["ru"]>;

/** The texts of one language, every namespace. */
type Pack = { readonly [K in keyof RussianPack]: Translation<RussianPack[K]> };

const packs: Partial<Record<Locale, Pack>> = { ...bundledPacks };

/** Gives the catalogue a language's texts (in the browser: the page's language layout route). */
export function registerMessages(locale: Locale, pack: Pack) {
  packs[locale] = pack;
}

function packOf(locale: Locale): Pack {
  const pack = packs[locale];
  if (!pack) throw new Error(`The "${locale}" texts are not loaded on this page`);
  return pack;
}

/** A namespace whose text in each language is read from that language's pack. */
function namespace<K extends keyof RussianPack>(name: K): Localized<RussianPack[K]> {
  const localized = {};
  for (const locale of LOCALES) {
    Object.defineProperty(localized, locale, { enumerable: true, get: () => packOf(locale)[name] });
  }
  return localized as Localized<RussianPack[K]>;
}

export const admin = namespace("admin");
export const attachments = namespace("attachments");
export const auth = namespace("auth");
export const capabilities = namespace("capabilities");
export const certificates = namespace("certificates");
export const capabilityProfile = namespace("capabilityProfile");
export const invitations = namespace("invitations");
export const common = namespace("common");
export const conversations = namespace("conversations");
export const dashboard = namespace("dashboard");
export const deletion = namespace("deletion");
export const errors = namespace("errors");
export const factories = namespace("factories");
export const footer = namespace("footer");
export const images = namespace("images");
export const landing = namespace("landing");
export const legacy = namespace("legacy");
export const mail = namespace("mail");
export const meta = namespace("meta");
export const nav = namespace("nav");
export const notFound = namespace("notFound");
export const notifications = namespace("notifications");
export const orders = namespace("orders");
export const products = namespace("products");
export const profile = namespace("profile");
export const quoteForm = namespace("quoteForm");
export const quotes = namespace("quotes");
export const reviews = namespace("reviews");
export const saved = namespace("saved");
export const support = namespace("support");
export const tenderQuotes = namespace("tenderQuotes");
export const tenders = namespace("tenders");
export const users = namespace("users");
export const verification = namespace("verification");

/** Namespaces, each in `locale`: messagesFor('en', { common, nav }) → { common: …, nav: … }. */
export function messagesFor<const N extends Record<string, Localized<unknown>>>(
  locale: Locale,
  namespaces: N,
): { readonly [K in keyof N]: Messages<N[K]> } {
  const picked: Record<string, unknown> = {};
  for (const [name, namespace] of Object.entries(namespaces)) picked[name] = namespace[locale];
  return picked as { readonly [K in keyof N]: Messages<N[K]> };
}
