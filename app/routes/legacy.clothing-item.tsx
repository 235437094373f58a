import { legacyItemMeta } from "~/components/legacy/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/catalogue";
import { htmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";
import type { Route } from "./+types/legacy.clothing-item";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

// Answered with 200: the page is the notice itself (old links land on it), marked noindex.
export const meta: Route.MetaFunction = ({ matches, params, location }) =>
  legacyItemMeta(matches[0]?.loaderData?.site, location.pathname, "clothing", params.id);

export default function ClothingItem() {
  const m = useMessages({ legacy });
  return (
    <LegacyPage title={m.legacy.clothingItem}>
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/clothing", label: m.legacy.backToClothing },
        ]}
      />
    </LegacyPage>
  );
}
