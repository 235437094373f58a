import type { MetaDescriptor } from "react-router";
import { common } from "~/domain/messages/common";
import { meta as metaMessages } from "~/domain/messages/meta";

const m = { common, meta: metaMessages } as const;

export interface SeoInput {
  /** Page title without the site name; undefined → the home title. */
  title?: string;
  description?: string;
  /** Path of the canonical URL ('/factories'). */
  path?: string;
  /** Absolute or site-relative image for link previews. */
  image?: string;
  type?: "website" | "article" | "profile";
}

export interface SiteInfo {
  siteName: string;
  baseUrl: string;
}

/**
 * Title, description, canonical link and Open Graph tags of a page, rendered on the server so
 * messenger link previews and search engines see them without JavaScript.
 */
export function seo(site: SiteInfo | undefined, input: SeoInput): MetaDescriptor[] {
  const siteName = site?.siteName ?? "Fabricum";
  const baseUrl = site?.baseUrl ?? "";
  const title = input.title
    ? m.common.pageTitle(input.title, siteName)
    : m.meta.homeTitle(siteName);
  const description = input.description ?? m.meta.defaultDescription;
  const url = input.path !== undefined ? `${baseUrl}${input.path}` : undefined;
  const image = input.image
    ? input.image.startsWith("http")
      ? input.image
      : `${baseUrl}${input.image}`
    : `${baseUrl}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "ru_RU" },
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
    );
  }
  return tags;
}
