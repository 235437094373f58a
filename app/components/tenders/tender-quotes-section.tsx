import { ExternalLink, Inbox } from "lucide-react";
import { EmptyState } from "~/components/ui/empty-state";
import { tenderQuotes } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import type { QuoteListView, TenderQuote } from "./tender-quote-facts";
import { QuoteCard, QuoteTable } from "./tender-quote-list";
import { SortBar } from "./tender-quote-sort";

/**
 * The quotes a buyer's tender received, with their count and orders: a comparison table on wide
 * screens and cards below `xl`; an empty state with a link to the public page when none came.
 */
export function TenderQuotesSection({
  quotes: list,
  view,
}: {
  quotes: TenderQuote[];
  view: QuoteListView;
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
        {list.length > 1 && <SortBar tenderId={view.tenderId} sort={view.sort} />}
      </div>

      {list.length === 0 ? (
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
