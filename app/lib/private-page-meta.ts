import type { MetaDescriptor } from "react-router";
import { type Locale, localeOfPath } from "~/domain/locale";
import { type SiteInfo, seo } from "./seo";

/** What the tags of a page need from its meta function's arguments (the root's data names the site). */
interface PageMetaArgs {
  matches: readonly [{ loaderData?: { site: SiteInfo } } | undefined, ...unknown[]];
  location: { pathname: string };
}

/**
 * The meta function of a page that is someone's own (a workspace, notifications): its title in
 * the address's language, its address `path` (without the language), and `noindex`.
 */
export function privatePageMeta(path: string, title: (locale: Locale) => string) {
  return ({ matches, location }: PageMetaArgs): MetaDescriptor[] => {
    const locale = localeOfPath(location.pathname);
    return [
      ...seo(matches[0]?.loaderData?.site, { title: title(locale), path, locale }),
      { name: "robots", content: "noindex" },
    ];
  };
}
