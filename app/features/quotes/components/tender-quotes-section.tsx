import { ExternalLink, Inbox, Scale, Star } from "lucide-react";
import { EmptyState } from "~/components/ui/empty-state";
import { tenderQuotes } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import type { TenderQuotes } from "~/features/quotes/quotes.server";
import { useLocale, useMessages } from "~/lib/i18n";
import type { QuoteListView, TenderQuote } from "./tender-quote-facts";
import { QuoteCard, QuoteTable } from "./tender-quote-list";
import { ShortlistFilter, SortBar } from "./tender-quote-sort";
import { tenderQuotesHref } from "./tender-quotes-href";

/** How the page compares amounts in several currencies (the loader sends the date as a Date). */
export type ComparisonView = TenderQuotes["comparison"];

/**
 * The quotes a buyer's tender received, with their count, the shortlist filter and orders: a
 * comparison table on wide screens and cards below `xl`, with a note of the currency and the
 * day of the rates that prices in other currencies were compared with; an empty state with a
 * link to the public page when none came (or to all quotes when none is shortlisted).
 */
export function TenderQuotesSection({
  quotes: list,
  view,
  counts,
  comparison,
}: {
  quotes: TenderQuote[];
  view: QuoteListView;
  counts: TenderQuotes["counts"];
  comparison: ComparisonView;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    <section aria-labelledby="quotes-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 id="quotes-heading" className="font-extrabold text-slate-900 text-xl tracking-tight">
          {t.heading}{" "}
          <span className="ml-2 font-semibold text-base text-slate-500" data-testid="quote-count">
            {list.length}
          </span>
        </h2>
        {list.length > 1 && <SortBar view={view} />}
      </div>
      {counts.all > 0 && <ShortlistFilter view={view} counts={counts} />}
      <ComparisonNote quotes={list} comparison={comparison} />

      {list.length === 0 && view.shortlisted && counts.all > 0 ? (
        <EmptyState
          icon={Star}
          title={t.shortlistedEmpty}
          text={t.shortlistedEmptyText}
          wideText
          action={{
            to: tenderQuotesHref(view.tenderId, { sort: view.sort, shortlisted: false }),
            label: t.shortlistedEmptyAction,
            icon: Inbox,
          }}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t.empty}
          text={t.emptyText}
          wideText
          action={{ to: `/tenders/${view.tenderId}`, label: t.emptyAction, icon: ExternalLink }}
        />
      ) : (
        <>
          <QuoteTable quotes={list} view={view} />
          <ul className="grid gap-4 md:grid-cols-2 xl:hidden" data-testid="quote-cards">
            {list.map((quote) => (
              <li key={quote.id} className="flex min-w-0">
                <QuoteCard quote={quote} view={view} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Which currency and rates the list compares in, when a quote is in another currency; and the
 * currencies without a rate.
 */
function ComparisonNote({
  quotes: list,
  comparison,
}: {
  quotes: TenderQuote[];
  comparison: ComparisonView;
}) {
  const locale = useLocale();
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const converted = list.some((quote) => quote.currency !== comparison.currency);
  if (!converted) return null;
  const missing = comparison.missing.filter((code) =>
    list.some((quote) => quote.currency === code),
  );
  return (
    <p
      className="flex items-start gap-2 rounded-xl bg-white px-4 py-3 text-slate-700 text-sm leading-6 ring-1 ring-slate-200"
      data-testid="comparison-note"
    >
      <Scale className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span className="min-w-0">
        {comparison.rateDate &&
          t.comparedIn(comparison.currency, formatDate(comparison.rateDate, { locale }))}
        {missing.length > 0 && <> {t.noRates(missing.join(", "))}</>}
      </span>
    </p>
  );
}
