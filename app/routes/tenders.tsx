import { AlertCircle, FileSearch, Plus, SearchX } from "lucide-react";
import { data, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { itemNamedBy, pageHref } from "~/components/page-href";
import { ListPagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { NoResults } from "~/components/ui/no-results";
import { messagesFor, meta as metaMessages, tenders } from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { localeOfPath, pathWithoutLocale } from "~/domain/locale";
import { formatLocation } from "~/domain/reference";
import { activeTenderFilterCount, tenderFiltersFromSearch } from "~/domain/tender-filters";
import { FitViewTabs, InvitedBadge } from "~/features/invitations/components/tender-list-marks";
import { ownInvitations } from "~/features/invitations/invitations.server";
import { FactoryQuoteLink } from "~/features/quotes/components/tender-actions";
import { QuotedBadge, TenderCard } from "~/features/tenders/components/tender-card";
import { TenderDialog } from "~/features/tenders/components/tender-dialog";
import { TenderFiltersForm } from "~/features/tenders/components/tender-filters";
import {
  findActiveTender,
  listActiveTenders,
  type OwnQuoteMark,
  ownQuotesOnTenders,
  TENDERS_PAGE_SIZE,
  type TenderList,
  tenderFitOf,
} from "~/features/tenders/tenders.server";
import { requestOf } from "~/http/request-context.server";
import { cn } from "~/lib/cn";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { keepDataWhenOnlyChanging } from "~/lib/revalidate";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { databaseUnavailable } from "~/platform/db.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback, namedItem } from "~/platform/partial-load.server";
import type { InvitationState } from "~db/schema";
import type { Route } from "./+types/tenders";

/** A 503 during a database outage says when to come back. */
/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  sitemap: true,
  // The list, and the tender its dialog shows (`?tender=`). A search's words nobody uses are
  // replaced by the nearest of the factories' and products' names: the directory's change.
  shows: ({ url }) => {
    const tender = url.searchParams.get("tender");
    return [
      pageTags.tenders(),
      ...(tender ? [pageTags.tender(tender)] : []),
      ...(tenderFiltersFromSearch(url.searchParams).q ? [pageTags.directory()] : []),
    ];
  },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The form sent without JavaScript carries its empty fields too: answer with a clean address.
  const filled = [...url.searchParams].filter(([, value]) => value.trim() !== "");
  if (filled.length < [...url.searchParams].length) {
    const query = new URLSearchParams(filled).toString();
    throw redirect(query ? `${url.pathname}?${query}` : url.pathname);
  }
  const [{ db }, viewer] = await Promise.all([
    requestOf(context).runtime,
    requestOf(context).user(),
  ]);
  const filters = tenderFiltersFromSearch(url.searchParams);
  // Issue 29: a factory with a profile opens on the tenders that fit it ('?view=all': every one).
  const fit = await tenderFitOf(db, viewer).catch(() => null);
  const fitting = fit !== null && filters.view !== "all";
  const { value: list, failed: listFailed } = await loadOrFallback(
    "[tenders] list",
    () => listActiveTenders(db, viewer, filters, fitting ? fit : null),
    { ...emptyPage<TenderList["items"][number]>(TENDERS_PAGE_SIZE), filters, error: null },
  );
  const tenderId = url.searchParams.get("tender");
  const lookup = await namedItem("[tenders] lookup", tenderId, list.items, (id) =>
    findActiveTender(db, viewer, id),
  );
  const selected = lookup.value;
  // A factory sees which tenders it quoted already, and answers from the dialog.
  const quoted = await loadOrFallback(
    "[tenders] own quotes",
    () => ownQuotesOnTenders(db, viewer, [...list.items.map((item) => item.id), selected?.id]),
    {} as Record<string, OwnQuoteMark>,
  );
  const invited = await ownInvitations(
    db,
    viewer,
    list.items.map((item) => item.id),
  ).catch(() => ({}) as Record<string, InvitationState>);
  const loadFailed = listFailed || lookup.failed || quoted.failed;
  return data(
    {
      list,
      selected,
      loadFailed,
      signedIn: viewer !== null,
      factory: viewer?.userType === "factory",
      quoted: quoted.value,
      invited,
      fitView: fit ? (fitting ? ("fit" as const) : ("all" as const)) : null,
    },
    // A database that does not answer is a passing outage (503), not a missing tender (404).
    loadFailed ? databaseUnavailable() : { status: tenderId && !selected ? 404 : 200 },
  );
}

/** Opening or closing a tender changes only `?tender`: the page's data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyChanging("tender");

type Loaded = Route.ComponentProps["loaderData"];

function selectedTender(loaded: Loaded, search: string) {
  return itemNamedBy(search, "tender", loaded.list.items, loaded.selected);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = matches[0]?.loaderData?.site;
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  if (!loaderData) return seo(site, { title: m.meta.tenders, path: "/tenders", locale });
  const tender = selectedTender(loaderData, location.search);
  const filtered = activeTenderFilterCount(loaderData.list.filters) > 0;
  const tags = seo(site, {
    title: tender ? tender.title : m.meta.tenders,
    description: tender
      ? truncate(
          tender.description ||
            `${tender.title}. ${formatLocation(tender.country, tender.city, locale)}`,
          200,
        )
      : m.meta.tendersDescription,
    path: tender ? `/tenders?tender=${tender.id}` : "/tenders",
    image: tender?.photos[0],
    locale,
  });
  if (filtered || loaderData.list.page > 1)
    tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
};

export default function Tenders({ loaderData }: Route.ComponentProps) {
  const { list, loadFailed, signedIn, factory, quoted, invited, fitView } = loaderData;
  const m = useMessages({ tenders });
  const t = m.tenders;
  const href = useLocalizedHref();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    pathWithoutLocale(navigation.location?.pathname ?? "") === "/tenders";
  const selected = selectedTender(loaderData, location.search);
  const filtered = activeTenderFilterCount(list.filters) > 0;
  const closeHref = href(pageHref("/tenders", location.search, list.page, ["tender"]));
  const openHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("tender", id);
    return href(`/tenders?${params.toString()}`);
  };
  const close = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  const loginHref = `/login?redirectTo=${encodeURIComponent(
    href(selected ? `/tenders?tender=${selected.id}` : "/tenders"),
  )}`;

  return (
    <HeadedPage
      title={t.title}
      subtitle={t.subtitle}
      gutter
      action={
        <Link
          to="/place-tender"
          className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
        >
          <Plus aria-hidden="true" />
          {t.place.title}
        </Link>
      }
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {fitView && <FitViewTabs view={fitView} filters={list.filters} />}
        <TenderFiltersForm
          filters={list.filters}
          rangeError={list.error !== null}
          resultsId="tender-results"
        />

        <section
          id="tender-results"
          aria-labelledby="tenders-found"
          aria-busy={pending || undefined}
          className="mt-6 scroll-mt-20"
        >
          <p
            id="tenders-found"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="font-semibold text-slate-700"
          >
            {list.error ? "" : t.list.found(list.total)}
          </p>
          {loadFailed && (
            <div className="mt-4">
              <FormAlert message={t.loadFailed} />
            </div>
          )}
          {!loadFailed && !selected && new URLSearchParams(location.search).has("tender") && (
            // A shared link to a tender that was closed or deleted (the page answers 404).
            <div className="mt-4">
              <FormAlert message={t.gone} />
            </div>
          )}
          {list.error ? (
            <div
              role="alert"
              className="mt-4 flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-900"
            >
              <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p className="font-medium">{t.quantityRange}</p>
            </div>
          ) : list.items.length > 0 ? (
            <ul
              aria-labelledby="tenders-found"
              className={cn(
                "mt-4 grid gap-4 transition-opacity sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4",
                pending && "opacity-60",
              )}
            >
              {list.items.map((tender, index) => (
                <li key={tender.id} className="flex">
                  <div className="w-full">
                    <TenderCard
                      tender={tender}
                      href={openHref(tender.id)}
                      linkState={{ fromList: true }}
                      eager={index < 2}
                      badge={
                        quoted[tender.id] || invited[tender.id] ? (
                          <>
                            {invited[tender.id] && <InvitedBadge />}
                            {quoted[tender.id] && <QuotedBadge />}
                          </>
                        ) : undefined
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            !loadFailed && (
              <NoResults
                icon={
                  filtered ? (
                    <SearchX aria-hidden="true" className="size-7" />
                  ) : (
                    <FileSearch aria-hidden="true" className="size-7" />
                  )
                }
                title={filtered ? t.list.emptyFiltered : t.list.empty}
                reset={
                  filtered
                    ? { hint: t.list.emptyHint, to: "/tenders", label: t.filters.reset }
                    : undefined
                }
              />
            )
          )}
          <ListPagination className="mt-10" list={list} path="/tenders" drop={["tender"]} />
        </section>
      </div>

      <TenderDialog
        tender={selected}
        closeHref={closeHref}
        onClose={close}
        loginHref={signedIn ? "/login" : loginHref}
        action={
          factory && selected ? (
            <FactoryQuoteLink
              tenderId={selected.id}
              myQuote={quoted[selected.id] ?? null}
              active={selected.status === "active"}
              className="mt-3 max-sm:w-full"
            />
          ) : undefined
        }
      />
    </HeadedPage>
  );
}
