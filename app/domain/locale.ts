/**
 * The languages of Fabricum and how an address names one. Russian lives at the root (`/factories`),
 * every other language under its prefix (`/en/factories`); a Russian address never changes.
 * Adding a language: its code here, its catalogue under `app/domain/messages/<code>/`, its
 * reference labels (README.md, "Adding a language").
 */

export const LOCALES = ["ru", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "ru";

/** What each language needs outside its catalogue. */
export const LOCALE_INFO: Readonly<
  Record<Locale, { tag: string; openGraph: string; name: string; short: string }>
> = {
  /** `tag` for Intl and `<html lang>`, `openGraph` for og:locale, `name` in the language itself. */
  ru: { tag: "ru-RU", openGraph: "ru_RU", name: "Русский", short: "RU" },
  en: { tag: "en-GB", openGraph: "en_GB", name: "English", short: "EN" },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The prefix that names a language other than the default: '/en/factories' → 'en'. */
function prefixOf(pathname: string): Locale | null {
  const first = pathname.split("/")[1] ?? "";
  return first !== DEFAULT_LOCALE && isLocale(first) ? first : null;
}

/** The language an address is in: '/en', '/en/tenders' → en; anything else → ru. */
export function localeOfPath(pathname: string): Locale {
  return prefixOf(pathname) ?? DEFAULT_LOCALE;
}

/** The address without its language: '/en/factory/1' → '/factory/1', '/en' → '/'. */
export function pathWithoutLocale(pathname: string): string {
  const locale = prefixOf(pathname);
  if (!locale) return pathname;
  return pathname.slice(locale.length + 1) || "/";
}

/**
 * The same address in `locale`, query and fragment kept: ('/factories?country=kg', 'en') →
 * '/en/factories?country=kg'; ('/en', 'ru') → '/'. Only site-relative addresses are changed.
 */
export function localizedHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? "" : href.slice(cut);
  const bare = pathWithoutLocale(pathname);
  if (locale === DEFAULT_LOCALE) return bare + rest;
  return (bare === "/" ? `/${locale}` : `/${locale}${bare}`) + rest;
}

/**
 * The first of our languages a browser asks for in `Accept-Language` ('de-DE,en;q=0.8' → en),
 * by quality; null when it asks for none of them. Used to offer a language, never to redirect.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const asked = acceptLanguage
    .slice(0, 500)
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        language: range.trim().toLowerCase().split("-")[0] ?? "",
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return asked.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * People's own words in the page's language: on an English page the English version they wrote,
 * when they wrote one; otherwise (and on Russian pages) the original. Nothing is translated.
 */
export function ownText<T extends string | null>(
  original: T,
  english: string | null | undefined,
  locale: Locale,
): T | string {
  return locale === "en" && english?.trim() ? english : original;
}

/** A factory or product with its own English name and description on English pages. */
export function withOwnTexts<
  T extends {
    name: string;
    nameEn?: string | null;
    description?: string | null;
    descriptionEn?: string | null;
  },
>(item: T, locale: Locale): T {
  if (locale !== "en") return item;
  return {
    ...item,
    name: ownText(item.name, item.nameEn, locale),
    description: ownText(item.description ?? null, item.descriptionEn, locale),
  };
}
