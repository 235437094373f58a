import { useLocation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { legacy } from "~/domain/catalogue";
import { pathWithoutLocale } from "~/domain/locale";
import { legacyItemMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import type { Route } from "./+types/legacy.item";

/**
 * /clothing/{id} and /textile/{id}: an old item address lands on the notice itself, rendered at
 * once and answered with 200, marked noindex.
 */

function catalogueOf(pathname: string): "clothing" | "textile" {
  return pathWithoutLocale(pathname).startsWith("/textile/") ? "textile" : "clothing";
}

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export const meta: Route.MetaFunction = ({ matches, params, location }) =>
  legacyItemMeta(
    matches[0]?.loaderData?.site,
    location.pathname,
    catalogueOf(location.pathname),
    params.id,
  );

export default function LegacyItem() {
  const m = useMessages({ legacy });
  const textile = catalogueOf(useLocation().pathname) === "textile";
  return (
    <LegacyPage title={textile ? m.legacy.textileItem : m.legacy.clothingItem}>
      {textile && (
        <BackLink to="/textile" className="w-fit">
          {m.legacy.backToTextile}
        </BackLink>
      )}
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          textile
            ? { to: "/textile", label: m.legacy.toTextile }
            : { to: "/clothing", label: m.legacy.backToClothing },
        ]}
      />
    </LegacyPage>
  );
}
