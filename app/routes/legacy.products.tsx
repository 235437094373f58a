import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/messages/legacy";
import { seo } from "~/lib/seo";
import { getUser } from "~/server/session.server";
import type { Route } from "./+types/legacy.products";

const m = { legacy } as const;

/** /clothing-products, /textile-products and /clothing-seller-products. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return { path: new URL(request.url).pathname, isFactory: user?.userType === "factory" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seo(matches[0]?.loaderData?.site, {
    title: m.legacy.unavailable.title,
    description: m.legacy.unavailable.text,
    path: loaderData?.path,
  }),
  { name: "robots", content: "noindex, follow" },
];

export default function LegacyProducts({ loaderData }: Route.ComponentProps) {
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
