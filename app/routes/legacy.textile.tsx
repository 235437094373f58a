import { LegacyFilters } from "~/components/legacy/legacy-filters";
import { LegacyEmpty, LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/messages/legacy";
import { COLOR_SUGGESTIONS, FABRIC_TREE } from "~/domain/reference";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.textile";

const m = { legacy } as const;

const TREE = FABRIC_TREE.map((category) => ({ ...category, children: category.items }));

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches[0]?.loaderData?.site, {
    title: m.legacy.textile.title,
    description: m.legacy.textile.subtitle,
    path: "/textile",
  });

export default function Textile() {
  return (
    <LegacyPage title={m.legacy.textile.title} subtitle={m.legacy.textile.subtitle} wide>
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/", label: m.legacy.home },
        ]}
      />
      <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <LegacyFilters action="/textile" tree={TREE} colors={COLOR_SUGGESTIONS} />
        <section aria-labelledby="textile-found" className="min-w-0">
          <p
            id="textile-found"
            role="status"
            className="flex min-h-9 items-center font-semibold text-slate-700"
          >
            {m.legacy.textile.found(0)}
          </p>
          <div className="mt-4">
            <LegacyEmpty title={m.legacy.textile.empty} text={m.legacy.textile.emptyText} />
          </div>
        </section>
      </div>
    </LegacyPage>
  );
}
