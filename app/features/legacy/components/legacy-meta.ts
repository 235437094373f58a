import type { MetaDescriptor } from "react-router";
import { legacy, type Messages, messagesFor, meta } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { type SeoInput, type SiteInfo, seo } from "~/lib/seo";

type Texts = { legacy: Messages<typeof legacy>; meta: Messages<typeof meta> };

/**
 * The tags of a legacy page in the language of its address; `page` picks its title, description
 * and path from the texts. A page that only stands in for an old address (`notice`) is answered
 * with 200 but marked `noindex, follow`.
 */
export function legacyMeta(
  site: SiteInfo | undefined,
  pathname: string,
  page: (m: Texts) => Omit<SeoInput, "locale">,
  { notice = false } = {},
): MetaDescriptor[] {
  const locale = localeOfPath(pathname);
  const tags = seo(site, { ...page(messagesFor(locale, { legacy, meta })), locale });
  return notice ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
}

/** The tags of an old item address (/clothing/{id}, /textile/{id}), which shows the notice. */
export function legacyItemMeta(
  site: SiteInfo | undefined,
  pathname: string,
  catalogue: "clothing" | "textile",
  id: string,
): MetaDescriptor[] {
  return legacyMeta(
    site,
    pathname,
    (m) => ({
      title: catalogue === "clothing" ? m.legacy.clothingItem : m.legacy.textileItem,
      description: m.legacy.updatedText,
      path: `/${catalogue}/${encodeURIComponent(id)}`,
    }),
    { notice: true },
  );
}

/** The tags of an old catalogue page (/clothing, /textile): its title and subtitle. */
export function legacyCatalogueMeta(
  site: SiteInfo | undefined,
  pathname: string,
  catalogue: "clothing" | "textile",
): MetaDescriptor[] {
  return legacyMeta(site, pathname, (m) => ({
    title: m.legacy[catalogue].title,
    description: m.legacy[catalogue].subtitle,
    path: `/${catalogue}`,
  }));
}
