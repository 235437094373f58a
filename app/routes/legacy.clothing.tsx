import { legacy } from "~/domain/catalogue";
import { type Locale, localizedHref } from "~/domain/locale";
import {
  GARMENT_GROUPS,
  garmentGroupLabel,
  garmentTypeLabel,
  SIZE_SYSTEMS,
  sizeSystemLabel,
} from "~/domain/reference";
import { filterTree } from "~/features/legacy/components/filter-tree";
import { LegacyCatalogue } from "~/features/legacy/components/legacy-catalogue";
import { LegacyFilters } from "~/features/legacy/components/legacy-filters";
import { legacyCatalogueMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import type { Route } from "./+types/legacy.clothing";

/** Garment groups and their types, labelled in `locale`. */
function garmentTree(locale: Locale) {
  return filterTree(GARMENT_GROUPS, (group) => group.types, {
    group: (group) => garmentGroupLabel(group, locale),
    child: (type) => garmentTypeLabel(type.slug, locale),
  });
}

/** A size as shown: the sizes in inches name centimetres ('W28 (71 см)' → 'W28 (71 cm)'). */
function sizeText(size: string, locale: Locale): string {
  return locale === "ru" ? size : size.replace("\u0441\u043c)", "cm)");
}

/** Size systems as option groups; the values stay the Russian `system:size` pairs. */
function sizeGroups(locale: Locale) {
  return SIZE_SYSTEMS.map((system) => ({
    label: sizeSystemLabel(system.slug, locale),
    options: system.sizes.map((size) => ({
      value: `${system.slug}:${size}`,
      label: sizeText(size, locale),
    })),
  }));
}

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  legacyCatalogueMeta(matches[0]?.loaderData?.site, location.pathname, "clothing");

/** JSON for a script element: `<` escaped so no value can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export default function Clothing({ matches }: Route.ComponentProps) {
  const locale = useLocale();
  const m = useMessages({ legacy });
  const baseUrl = matches[0]?.loaderData?.site?.baseUrl ?? "";
  const count = 0;
  const structured = {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: m.legacy.clothing.title,
    description: m.legacy.clothing.subtitle,
    url: `${baseUrl}${localizedHref("/clothing", locale)}`,
    mainEntity: { "@type": "ItemList", numberOfItems: count, itemListElement: [] },
  };
  return (
    <LegacyPage title={m.legacy.clothing.title} subtitle={m.legacy.clothing.subtitle} wide>
      <LegacyNotice />
      <LegacyCatalogue
        id="clothing-found"
        filters={
          <LegacyFilters action="/clothing" tree={garmentTree(locale)} sizes={sizeGroups(locale)} />
        }
        found={m.legacy.clothing.found(count)}
        empty={m.legacy.clothing.empty}
        emptyText={m.legacy.clothing.emptyText}
      />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON with `<` escaped
        dangerouslySetInnerHTML={{ __html: jsonLdText(structured) }}
      />
    </LegacyPage>
  );
}
