import { LegacyFilters } from "~/components/legacy/legacy-filters";
import { LegacyEmpty, LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy, messagesFor } from "~/domain/catalogue";
import { type Locale, localeOfPath } from "~/domain/locale";
import { COLOR_SUGGESTIONS, FABRIC_TREE, fabricLabel } from "~/domain/reference";
import { htmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
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

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { legacy });
  return seo(matches[0]?.loaderData?.site, {
    title: m.legacy.textile.title,
    description: m.legacy.textile.subtitle,
    path: "/textile",
    locale,
  });
};

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
      <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <LegacyFilters action="/textile" tree={fabricTree(locale)} colors={COLOR_SUGGESTIONS} />
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
