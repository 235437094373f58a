import { LegacyFilters } from "~/components/legacy/legacy-filters";
import { LegacyEmpty, LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/messages/legacy";
import { GARMENT_GROUPS, SIZE_SYSTEMS } from "~/domain/reference";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.clothing";

const m = { legacy } as const;

const TREE = GARMENT_GROUPS.map((group) => ({ ...group, children: group.types }));
const SIZES = SIZE_SYSTEMS.map((system) => ({
  label: system.label,
  options: system.sizes.map((size) => ({ value: `${system.slug}:${size}`, label: size })),
}));

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches[0]?.loaderData?.site, {
    title: m.legacy.clothing.title,
    description: m.legacy.clothing.subtitle,
    path: "/clothing",
  });

/** JSON for a script element: `<` escaped so no value can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

export default function Clothing({ matches }: Route.ComponentProps) {
  const baseUrl = matches[0]?.loaderData?.site?.baseUrl ?? "";
  const count = 0;
  const structured = {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: m.legacy.clothing.title,
    description: m.legacy.clothing.subtitle,
    url: `${baseUrl}/clothing`,
    mainEntity: { "@type": "ItemList", numberOfItems: count, itemListElement: [] },
  };
  return (
    <LegacyPage title={m.legacy.clothing.title} subtitle={m.legacy.clothing.subtitle} wide>
      <LegacyNotice />
      <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <LegacyFilters action="/clothing" tree={TREE} sizes={SIZES} />
        <section aria-labelledby="clothing-found" className="min-w-0">
          <p
            id="clothing-found"
            role="status"
            className="flex min-h-9 items-center font-semibold text-slate-700"
          >
            {m.legacy.clothing.found(count)}
          </p>
          <div className="mt-4">
            <LegacyEmpty title={m.legacy.clothing.empty} text={m.legacy.clothing.emptyText} />
          </div>
        </section>
      </div>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own JSON with `<` escaped
        dangerouslySetInnerHTML={{ __html: jsonLdText(structured) }}
      />
    </LegacyPage>
  );
}
