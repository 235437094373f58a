/**
 * The language of the page being rendered, for components (server and browser alike): it is the
 * language of the address (`/en/…` → English), so a shared link always opens in its language.
 */
import { useLocation } from "react-router";
import { type Localized, type Messages, messagesFor } from "~/domain/catalogue";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";

export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** The namespaces a component uses, in the page's language: useMessages({ common, nav }). */
export function useMessages<const N extends Record<string, Localized<unknown>>>(
  namespaces: N,
): { readonly [K in keyof N]: Messages<N[K]> } {
  return messagesFor(useLocale(), namespaces);
}

/** Puts a site address into the page's language: href('/factories') → '/en/factories'. */
export function useLocalizedHref(): (href: string) => string {
  const locale = useLocale();
  return (href) => localizedHref(href, locale);
}
