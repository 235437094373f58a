/**
 * Every namespace of the message catalogue in every language: `common.ru`, `common.en`. The
 * Russian files under `messages/` are the reference; each other language has a folder of its own
 * (`messages/en/`) whose files must have the same keys (`Translation<T>`, checked by `tsc`).
 *
 * Pages import the namespaces they use from here and pick their language with `useMessages`
 * (components) or `messagesFor` (loaders, actions, letters); unused namespaces are left out of
 * a page's bundle.
 */
import type { Locale } from "./locale";

import { admin as adminRu } from "./messages/admin";
import { attachments as attachmentsRu } from "./messages/attachments";
import { auth as authRu } from "./messages/auth";
import { common as commonRu } from "./messages/common";
import { conversations as conversationsRu } from "./messages/conversations";
import { dashboard as dashboardRu } from "./messages/dashboard";
import { deletion as deletionRu } from "./messages/deletion";
import { admin as adminEn } from "./messages/en/admin";
import { attachments as attachmentsEn } from "./messages/en/attachments";
import { auth as authEn } from "./messages/en/auth";
import { common as commonEn } from "./messages/en/common";
import { conversations as conversationsEn } from "./messages/en/conversations";
import { dashboard as dashboardEn } from "./messages/en/dashboard";
import { deletion as deletionEn } from "./messages/en/deletion";
import { errors as errorsEn } from "./messages/en/errors";
import { factories as factoriesEn } from "./messages/en/factories";
import { footer as footerEn } from "./messages/en/footer";
import { images as imagesEn } from "./messages/en/images";
import { landing as landingEn } from "./messages/en/landing";
import { legacy as legacyEn } from "./messages/en/legacy";
import { mail as mailEn } from "./messages/en/mail";
import { meta as metaEn } from "./messages/en/meta";
import { nav as navEn } from "./messages/en/nav";
import { notFound as notFoundEn } from "./messages/en/not-found";
import { notifications as notificationsEn } from "./messages/en/notifications";
import { products as productsEn } from "./messages/en/products";
import { profile as profileEn } from "./messages/en/profile";
import { quoteForm as quoteFormEn } from "./messages/en/quote-form";
import { quotes as quotesEn } from "./messages/en/quotes";
import { support as supportEn } from "./messages/en/support";
import { tenderQuotes as tenderQuotesEn } from "./messages/en/tender-quotes";
import { tenders as tendersEn } from "./messages/en/tenders";
import { users as usersEn } from "./messages/en/users";
import { errors as errorsRu } from "./messages/errors";
import { factories as factoriesRu } from "./messages/factories";
import { footer as footerRu } from "./messages/footer";
import { images as imagesRu } from "./messages/images";
import { landing as landingRu } from "./messages/landing";
import { legacy as legacyRu } from "./messages/legacy";
import { mail as mailRu } from "./messages/mail";
import { meta as metaRu } from "./messages/meta";
import { nav as navRu } from "./messages/nav";
import { notFound as notFoundRu } from "./messages/not-found";
import { notifications as notificationsRu } from "./messages/notifications";
import { products as productsRu } from "./messages/products";
import { profile as profileRu } from "./messages/profile";
import { quoteForm as quoteFormRu } from "./messages/quote-form";
import { quotes as quotesRu } from "./messages/quotes";
import type { Translation } from "./messages/shape";
import { support as supportRu } from "./messages/support";
import { tenderQuotes as tenderQuotesRu } from "./messages/tender-quotes";
import { tenders as tendersRu } from "./messages/tenders";
import { users as usersRu } from "./messages/users";

/** A namespace in each language. */
export type Localized<T> = { readonly ru: T } & {
  readonly [L in Exclude<Locale, "ru">]: Translation<T>;
};

/** The text of one namespace in any language: the Russian keys and functions, strings widened. */
export type Messages<N extends Localized<unknown>> = Translation<N["ru"]>;

const localized = <T>(ru: T, en: Translation<T>): Localized<T> => ({ ru, en });

export const admin = localized(adminRu, adminEn);
export const attachments = localized(attachmentsRu, attachmentsEn);
export const auth = localized(authRu, authEn);
export const common = localized(commonRu, commonEn);
export const conversations = localized(conversationsRu, conversationsEn);
export const dashboard = localized(dashboardRu, dashboardEn);
export const deletion = localized(deletionRu, deletionEn);
export const errors = localized(errorsRu, errorsEn);
export const factories = localized(factoriesRu, factoriesEn);
export const footer = localized(footerRu, footerEn);
export const images = localized(imagesRu, imagesEn);
export const landing = localized(landingRu, landingEn);
export const legacy = localized(legacyRu, legacyEn);
export const mail = localized(mailRu, mailEn);
export const meta = localized(metaRu, metaEn);
export const nav = localized(navRu, navEn);
export const notFound = localized(notFoundRu, notFoundEn);
export const notifications = localized(notificationsRu, notificationsEn);
export const products = localized(productsRu, productsEn);
export const profile = localized(profileRu, profileEn);
export const quoteForm = localized(quoteFormRu, quoteFormEn);
export const quotes = localized(quotesRu, quotesEn);
export const support = localized(supportRu, supportEn);
export const tenderQuotes = localized(tenderQuotesRu, tenderQuotesEn);
export const tenders = localized(tendersRu, tendersEn);
export const users = localized(usersRu, usersEn);

/** Namespaces, each in `locale`: messagesFor('en', { common, nav }) → { common: …, nav: … }. */
export function messagesFor<const N extends Record<string, Localized<unknown>>>(
  locale: Locale,
  namespaces: N,
): { readonly [K in keyof N]: Messages<N[K]> } {
  const picked: Record<string, unknown> = {};
  for (const [name, namespace] of Object.entries(namespaces)) picked[name] = namespace[locale];
  return picked as { readonly [K in keyof N]: Messages<N[K]> };
}
