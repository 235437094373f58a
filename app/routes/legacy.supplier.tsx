import { legacy, meta as metaMessages } from "~/domain/catalogue";
import { legacyMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import type { Route } from "./+types/legacy.supplier";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  legacyMeta(matches[0]?.loaderData?.site, location.pathname, (m) => ({
    title: m.meta.supplier,
    description: m.legacy.supplier.text,
    path: "/supplier",
  }));

export default function Supplier() {
  const m = useMessages({ meta: metaMessages, legacy });
  const t = m.legacy.supplier;
  return (
    <LegacyPage title={m.meta.supplier}>
      <LegacyNotice
        title={t.title}
        text={t.text}
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/register", label: t.register },
        ]}
      />
    </LegacyPage>
  );
}
