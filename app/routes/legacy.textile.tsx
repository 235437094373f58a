import { legacy } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { COLOR_SUGGESTIONS, FABRIC_TREE, fabricLabel } from "~/domain/reference";
import { filterTree } from "~/features/legacy/components/filter-tree";
import { LegacyCatalogue } from "~/features/legacy/components/legacy-catalogue";
import { LegacyFilters } from "~/features/legacy/components/legacy-filters";
import { legacyCatalogueMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import type { Route } from "./+types/legacy.textile";

/** Fabric categories and their fabrics, labelled in `locale`. */
function fabricTree(locale: Locale) {
  return filterTree(FABRIC_TREE, (category) => category.items, {
    group: (category) => fabricLabel(category.slug, locale),
    child: (item) => fabricLabel(item.slug, locale),
  });
}

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  legacyCatalogueMeta(matches[0]?.loaderData?.site, location.pathname, "textile");

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
