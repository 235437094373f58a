/**
 * Every namespace of the message catalogue in every language: `common.ru`, `common.en`. The
 * Russian files under `messages/` are the reference; each other language has a folder of its own
 * (`messages/en/`) whose files must have the same keys (`Translation<T>`, checked by `tsc`).
 *
 * Pages import the namespaces they use from here and pick their language with `useMessages`
 * (components) or `messagesFor` (loaders, actions, letters); unused namespaces are left out of
 * a page's bundle.
 */
import type { Localized } from "./catalogue/localized";
import type { Locale } from "./locale";
import type { Translation } from "./messages/shape";

export { admin } from "./catalogue/admin";
export { attachments } from "./catalogue/attachments";
export { auth } from "./catalogue/auth";
export { common } from "./catalogue/common";
export { conversations } from "./catalogue/conversations";
export { dashboard } from "./catalogue/dashboard";
export { deletion } from "./catalogue/deletion";
export { errors } from "./catalogue/errors";
export { factories } from "./catalogue/factories";
export { footer } from "./catalogue/footer";
export { images } from "./catalogue/images";
export { landing } from "./catalogue/landing";
export { legacy } from "./catalogue/legacy";
export type { Localized } from "./catalogue/localized";
export { mail } from "./catalogue/mail";
export { meta } from "./catalogue/meta";
export { nav } from "./catalogue/nav";
export { notFound } from "./catalogue/not-found";
export { notifications } from "./catalogue/notifications";
export { products } from "./catalogue/products";
export { profile } from "./catalogue/profile";
export { quoteForm } from "./catalogue/quote-form";
export { quotes } from "./catalogue/quotes";
export { support } from "./catalogue/support";
export { tenderQuotes } from "./catalogue/tender-quotes";
export { tenders } from "./catalogue/tenders";
export { users } from "./catalogue/users";

/** The text of one namespace in any language: the Russian keys and functions, strings widened. */
export type Messages<N extends Localized<unknown>> = Translation<N["ru"]>;

/** Namespaces, each in `locale`: messagesFor('en', { common, nav }) → { common: …, nav: … }. */
export function messagesFor<const N extends Record<string, Localized<unknown>>>(
  locale: Locale,
  namespaces: N,
): { readonly [K in keyof N]: Messages<N[K]> } {
  const picked: Record<string, unknown> = {};
  for (const [name, namespace] of Object.entries(namespaces)) picked[name] = namespace[locale];
  return picked as { readonly [K in keyof N]: Messages<N[K]> };
}
