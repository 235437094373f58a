import type { MetaDescriptor } from "react-router";
import { common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { LOCALE_INFO, LOCALES, type Locale, localizedHref } from "~/domain/locale";

export interface SeoInput {
  /** Page title without the site name; undefined → the home title. */
  title?: string;
  description?: string;
  /** Path of the canonical URL in Russian, without a language ('/factories'). */
  path?: string;
  /** Absolute or site-relative image for link previews. */
  image?: string;
  type?: "website" | "article" | "profile";
  /** The page's language (default Russian): titles, og:locale, the canonical address. */
  locale?: Locale;
}

export interface SiteInfo {
  siteName: string;
  baseUrl: string;
}

/**
 * Title, description, canonical link, the page's address in each language (hreflang) and Open
 * Graph tags of a page, rendered on the server so messenger link previews and search engines see
 * them without JavaScript.
 */
export function seo(site: SiteInfo | undefined, input: SeoInput): MetaDescriptor[] {
  const locale = input.locale ?? "ru";
  const m = messagesFor(locale, { common, meta: metaMessages });
  const siteName = site?.siteName ?? "Fabricum";
  const baseUrl = site?.baseUrl ?? "";
  const title = input.title
    ? m.common.pageTitle(input.title, siteName)
    : m.meta.homeTitle(siteName);
  const description = input.description ?? m.meta.defaultDescription;
  const urlIn = (language: Locale) =>
    input.path !== undefined ? `${baseUrl}${localizedHref(input.path, language)}` : undefined;
  const url = urlIn(locale);
  const image = input.image
    ? input.image.startsWith("http")
      ? input.image
      : `${baseUrl}${input.image}`
    : `${baseUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: LOCALE_INFO[locale].openGraph },
    ...LOCALES.filter((other) => other !== locale).map((other) => ({
      property: "og:locale:alternate",
      content: LOCALE_INFO[other].openGraph,
    })),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (url) {
    tags.push(
      { property: "og:url", content: url },
      { tagName: "link", rel: "canonical", href: url },
      ...LOCALES.map((language) => ({
        tagName: "link",
        rel: "alternate",
        hrefLang: language,
        href: urlIn(language),
      })),
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn("ru") },
    );
  }
  return tags;
}
