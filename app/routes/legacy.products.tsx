import { legacy } from "~/domain/catalogue";
import { pathWithoutLocale } from "~/domain/locale";
import { legacyMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { getUser } from "~/http/session.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import type { Route } from "./+types/legacy.products";

/** /clothing-products, /textile-products and /clothing-seller-products. */
/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return {
    // The Russian address: seo() puts it into the page's language.
    path: pathWithoutLocale(new URL(request.url).pathname),
    isFactory: user?.userType === "factory",
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  legacyMeta(
    matches[0]?.loaderData?.site,
    location.pathname,
    (m) => ({
      title: m.legacy.unavailable.title,
      description: m.legacy.unavailable.text,
      path: loaderData?.path,
    }),
    { notice: true },
  );

export default function LegacyProducts({ loaderData }: Route.ComponentProps) {
  const m = useMessages({ legacy });
  const t = m.legacy.unavailable;
  return (
    <LegacyPage title={t.title}>
      <LegacyNotice
        title={t.title}
        text={t.text}
        actions={[
          ...(loaderData.isFactory
            ? [{ to: "/factory-dashboard", label: t.factoryDashboard }]
            : []),
          { to: "/factories", label: m.legacy.goToFactories },
        ]}
      />
    </LegacyPage>
  );
}
