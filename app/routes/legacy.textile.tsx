import { LegacyCatalogue } from "~/components/legacy/legacy-catalogue";
import { LegacyFilters } from "~/components/legacy/legacy-filters";
import { legacyMeta } from "~/components/legacy/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { COLOR_SUGGESTIONS, FABRIC_TREE, fabricLabel } from "~/domain/reference";
import { htmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import type { Route } from "./+types/legacy.textile";

/** Fabric categories and their fabrics, labelled in `locale`. */
function fabricTree(locale: Locale) {
  return FABRIC_TREE.map((category) => ({
    slug: category.slug,
    label: fabricLabel(category.slug, locale),
    children: category.items.map((item) => ({
      slug: item.slug,
      label: fabricLabel(item.slug, locale),
    })),
  }));
}

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  legacyMeta(matches[0]?.loaderData?.site, location.pathname, (m) => ({
    title: m.legacy.textile.title,
    description: m.legacy.textile.subtitle,
    path: "/textile",
  }));

export default function Textile() {
  const locale = useLocale();
  const m = useMessages({ legacy });
  return (
    <LegacyPage title={m.legacy.textile.title} subtitle={m.legacy.textile.subtitle} wide>
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/", label: m.legacy.home },
        ]}
      />
      <LegacyCatalogue
        id="textile-found"
        filters={
          <LegacyFilters action="/textile" tree={fabricTree(locale)} colors={COLOR_SUGGESTIONS} />
        }
        found={m.legacy.textile.found(0)}
        empty={m.legacy.textile.empty}
        emptyText={m.legacy.textile.emptyText}
      />
    </LegacyPage>
  );
}
