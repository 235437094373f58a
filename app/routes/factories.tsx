import { redirect, useNavigation } from "react-router";
import { addressWithoutBlanks } from "~/components/page-href";
import { Pagination } from "~/components/pagination";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { NoResults } from "~/components/ui/no-results";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import {
  capabilityProfile,
  factories,
  messagesFor,
  meta as metaMessages,
} from "~/domain/catalogue";
import {
  activeFilterCount,
  directorySeo,
  factoriesHref,
  factoryFiltersFromSearch,
} from "~/domain/factory-filters";
import { localeOfPath, pathWithoutLocale } from "~/domain/locale";
import { categoryLabel, countryLabel } from "~/domain/reference";
import { FactoryCard } from "~/features/factories/components/factory-card";
import { FactoryFiltersForm } from "~/features/factories/components/factory-filters";
import { type FactoryList, listFactories } from "~/features/factories/factories.server";
import {
  SaveFactoryButton,
  SaveSearchButton,
  useViewerIsBuyer,
} from "~/features/saved/components/save-factory";
import { requestOf } from "~/http/request-context.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import type { Route } from "./+types/factories";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  sitemap: true,
  // The directory, of one country when the filters name one (as the loader reads them), and the
  // cards on the page: a new description drops the pages that show that factory's card. A search
  // shows the whole directory: a word nobody uses is replaced by the nearest of every factory's
  // and product's names (search_lexicon), which change with factories of any country; and any
  // factory's texts may change what it matches.
  shows: ({ url, data }) => {
    const filters = factoryFiltersFromSearch(url.searchParams);
    if (filters.q) return [pageTags.directory(), pageTags.factoryTexts()];
    const cards = (data as Partial<FactoryList> | undefined)?.items;
    // Without its list (an error page) the page says nothing, which is everything.
    if (!Array.isArray(cards)) return undefined;
    return [pageTags.directory(filters.country), ...cards.map((card) => pageTags.card(card.id))];
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The form sent without JavaScript carries its empty fields too: answer with a clean address.
  const clean = addressWithoutBlanks(url);
  if (clean) throw redirect(clean);
  const { db } = requestOf(context).runtime;
  return listFactories(db, factoryFiltersFromSearch(url.searchParams)).catch(
    unavailableWhenUnreachable,
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages, factories });
  const site = matches[0]?.loaderData?.site;
  if (!loaderData) return seo(site, { title: m.meta.factories, path: "/factories", locale });
  const { filters, page } = loaderData;
  const { index, canonical } = directorySeo(filters);
  let title: string = m.meta.factories;
  let description: string = m.meta.factoriesDescription;
  if (index && filters.category) {
    title = m.factories.seo.categoryTitle(categoryLabel(filters.category, locale));
    description = m.factories.seo.categoryDescription(categoryLabel(filters.category, locale));
  } else if (index && filters.country) {
    title = m.factories.seo.countryTitle(countryLabel(filters.country, locale));
    description = m.factories.seo.countryDescription(countryLabel(filters.country, locale));
  }
  if (index && page > 1) title = m.factories.seo.page(title, page);
  const tags = seo(site, { title, description, path: canonical, locale });
  if (!index) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

export default function Factories({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters } = loaderData;
  const m = useMessages({ factories, capabilityProfile });
  const locale = useLocale();
  const buyer = useViewerIsBuyer();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    pathWithoutLocale(navigation.location?.pathname ?? "") === "/factories";
  const filtered = activeFilterCount(filters) > 0;
  return (
    <HeadedPage title={m.factories.title} subtitle={m.factories.subtitle}>
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <FactoryFiltersForm filters={filters} total={total}>
          <section aria-labelledby="factories-found" aria-busy={pending || undefined}>
            <div className="flex min-h-9 flex-wrap items-center justify-between gap-x-4 gap-y-1">
              <p
                id="factories-found"
                role="status"
                aria-live="polite"
                aria-atomic="true"
                className="font-semibold text-slate-700"
              >
                {loaderData.totalCapped
                  ? m.capabilityProfile.filters.atLeast(total)
                  : m.factories.found(total)}
              </p>
              <SaveSearchButton
                buyer={buyer}
                query={factoriesHref({ ...filters, page: 1 }).split("?")[1] ?? ""}
              />
              {filtered && items.length > 0 && (
                <Link
                  to="/factories"
                  className="-mx-2 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 text-sm hover:bg-brand-50"
                >
                  <SpriteIcon name="x" className="size-4" />
                  {m.factories.filters.resetAll}
                </Link>
              )}
            </div>
            {loaderData.suggestion && (
              <p className="mt-2 text-slate-700">
                {m.factories.didYouMean}{" "}
                <Link
                  to={factoriesHref({ ...filters, q: loaderData.suggestion, page: 1 })}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  «{loaderData.suggestion}»
                </Link>
                ? <span className="text-slate-500 text-sm">{m.factories.didYouMeanHint}</span>
              </p>
            )}
            {items.length > 0 ? (
              <ul
                aria-labelledby="factories-found"
                className={cn(
                  "mt-4 grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3",
                  pending && "opacity-60",
                )}
              >
                {items.map((factory, i) => (
                  <li key={factory.id} className="grid gap-2">
                    <FactoryCard factory={factory} eager={i < 3} />
                    <SaveFactoryButton
                      buyer={buyer}
                      factoryId={factory.id}
                      name={locale === "en" && factory.nameEn ? factory.nameEn : factory.name}
                      size="sm"
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <NoResults
                icon={<SpriteIcon name="search-x" className="size-7" />}
                title={filtered ? m.factories.emptyFiltered : m.factories.empty}
                reset={
                  filtered
                    ? {
                        hint: m.factories.emptyHint,
                        to: "/factories",
                        label: m.factories.filters.resetAll,
                      }
                    : undefined
                }
              />
            )}
            <Pagination
              className="mt-10"
              page={page}
              pageCount={pageCount}
              hrefFor={(n) => factoriesHref({ ...filters, page: n })}
            />
          </section>
        </FactoryFiltersForm>
      </div>
    </HeadedPage>
  );
}
