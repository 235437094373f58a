import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/messages/legacy";
import { meta as metaMessages } from "~/domain/messages/meta";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.supplier";

const m = { meta: metaMessages, legacy } as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches[0]?.loaderData?.site, {
    title: m.meta.supplier,
    description: m.legacy.supplier.text,
    path: "/supplier",
  });

export default function Supplier() {
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
