import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { quotes, tenderQuotes } from "~/domain/catalogue";
import { FactoryLogo } from "~/features/factories/components/factory-logo";
import { VerifiedBadge } from "~/features/factories/components/verified-badge";
import { QuoteStatusBadge } from "~/features/quotes/components/quote-status-badge";
import type { QuoteSort } from "~/features/quotes/quotes.server";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import { ConversationLink, DecisionLinks, ShortlistToggle } from "./tender-quote-actions";
import {
  Amount,
  ExpiredMark,
  FactoryName,
  isOutOfRunning,
  type QuoteListView,
  type TenderQuote,
  useQuoteFacts,
} from "./tender-quote-facts";
import { hasQuoteNotes, QuoteNotes } from "./tender-quote-notes";
import { SortHeader } from "./tender-quote-sort";

// The buyer's quotes in two layouts of the same facts and controls: a comparison table on wide
// screens (from `xl`) and cards below it.

/** The buyer's quotes side by side (wide screens); each quote's notes take a row below it. */
export function QuoteTable({ quotes: list, view }: { quotes: TenderQuote[]; view: QuoteListView }) {
  const m = useMessages({ quotes, tenderQuotes });
  const c = m.quotes.columns;
  const t = m.tenderQuotes;
  const head =
    "whitespace-nowrap px-3 py-3 text-left font-semibold text-slate-600 text-xs uppercase tracking-wider";
  // The columns after the shortlist mark; those with an order sort the table.
  const columns: [label: string, order?: QuoteSort][] = [
    [c.factory],
    [c.price, "price"],
    [c.quantity, "quantity"],
    [t.columns.total, "total"],
    [c.minOrder, "minOrder"],
    [c.leadTime, "leadTime"],
    [c.sample],
    [c.validity, "validity"],
    [t.columns.conversation],
  ];
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white xl:block">
      <table className="w-full border-collapse text-sm" data-testid="quote-table">
        <caption className="sr-only">{t.heading}</caption>
        <thead className="border-slate-200 border-b bg-slate-50">
          <tr>
            <th scope="col" className={cn(head, "w-12")}>
              <span className="sr-only">{t.columns.shortlist}</span>
            </th>
            {columns.map(([label, order]) =>
              order ? (
                <SortHeader key={label} column={order} label={label} view={view} className={head} />
              ) : (
                <th key={label} scope="col" className={head}>
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        {list.map((quote) => (
          <QuoteRows key={quote.id} quote={quote} view={view} />
        ))}
      </table>
    </div>
  );
}

function QuoteRows({ quote, view }: { quote: TenderQuote; view: QuoteListView }) {
  const facts = useQuoteFacts(quote);
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const cell = "px-3 py-3 align-top";
  const muted = isOutOfRunning(quote);
  const canDecide = view.decides && quote.status === "submitted";
  return (
    <tbody
      className={cn(
        "border-slate-200 border-b last:border-b-0",
        quote.shortlisted && "bg-amber-50/50",
        quote.status === "accepted" && "bg-emerald-50/50",
      )}
      data-testid="quote-row"
      data-quote-id={quote.id}
    >
      <tr className={cn(muted && "text-slate-500")}>
        <td className={cn(cell, "pr-0")}>
          <ShortlistToggle quote={quote} name={facts.name} viewer={view.viewer} />
        </td>
        <th scope="row" className={cn(cell, "min-w-56 text-left font-normal")}>
          <div className="flex items-start gap-3">
            <FactoryLogo url={quote.factory.logoUrl} name={facts.name} alt="" size={40} />
            <div className="min-w-0">
              <FactoryName quote={quote} name={facts.name} />
              {/* The status sits under the name, so the table fits beside the total. */}
              <div className="mt-1 flex flex-wrap items-center gap-1.5">
                <QuoteStatusBadge status={quote.status} />
                {quote.factory.verified && <VerifiedBadge className="px-2 py-0.5" />}
              </div>
              {facts.location && (
                <p className="mt-1 flex items-start gap-1 text-slate-500 text-xs">
                  <MapPin className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>{facts.location}</span>
                </p>
              )}
            </div>
          </div>
        </th>
        <td className={cn(cell, "whitespace-nowrap")}>
          <Amount
            value={facts.price}
            compared={facts.comparedPrice}
            className={cn("font-bold text-base", muted ? "text-slate-500" : "text-slate-900")}
          />
          <span className="block text-slate-500 text-xs">{t.perPiece}</span>
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.quantity}</td>
        <td className={cn(cell, "whitespace-nowrap")} data-testid="quote-total">
          <Amount value={facts.total} compared={facts.comparedTotal} className="font-semibold" />
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.minOrder}</td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.leadTime}</td>
        <td className={cn(cell, "min-w-28")}>{facts.sample}</td>
        <td className={cn(cell, "whitespace-nowrap")}>
          {facts.validUntil}
          <ExpiredMark quote={quote} />
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>
          <ConversationLink quote={quote} name={facts.name} viewer={view.viewer} />
        </td>
      </tr>
      {(hasQuoteNotes(quote) || canDecide) && (
        <tr>
          <td />
          <td colSpan={9} className="px-3 pt-0 pb-4">
            <div className="flex items-end justify-between gap-6">
              <div className="min-w-0 flex-1">
                <QuoteNotes quote={quote} />
              </div>
              {canDecide && (
                <div className="flex shrink-0 gap-2">
                  <DecisionLinks quote={quote} name={facts.name} view={view} />
                </div>
              )}
            </div>
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** One of the buyer's quotes as a card (phones and tablets, where the table does not fit). */
export function QuoteCard({ quote, view }: { quote: TenderQuote; view: QuoteListView }) {
  const facts = useQuoteFacts(quote);
  const m = useMessages({ quotes, tenderQuotes });
  const c = m.quotes.columns;
  const t = m.tenderQuotes;
  const fact = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900 text-sm">{value}</dd>
    </div>
  );
  return (
    <article
      className={cn(
        "flex w-full min-w-0 flex-col gap-4 rounded-2xl border bg-white p-4",
        quote.shortlisted ? "border-amber-300" : "border-slate-200",
        quote.status === "accepted" && "border-emerald-300 bg-emerald-50/40",
      )}
      data-testid="quote-card"
      data-quote-id={quote.id}
    >
      <div className="flex items-start gap-3">
        <FactoryLogo url={quote.factory.logoUrl} name={facts.name} alt="" size={44} />
        <div className="min-w-0 flex-1">
          <h3 className="leading-snug">
            <FactoryName quote={quote} name={facts.name} />
          </h3>
          {facts.location && (
            <p className="mt-0.5 flex items-start gap-1 text-slate-500 text-xs">
              <MapPin className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">{facts.location}</span>
            </p>
          )}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {quote.factory.verified && <VerifiedBadge className="px-2 py-0.5" />}
            <QuoteStatusBadge status={quote.status} />
          </div>
        </div>
        <div className="-mt-1 -mr-1 shrink-0">
          <ShortlistToggle quote={quote} name={facts.name} viewer={view.viewer} />
        </div>
      </div>
      <p
        className={cn(
          "font-extrabold text-2xl tracking-tight",
          isOutOfRunning(quote) ? "text-slate-500" : "text-slate-900",
        )}
      >
        {facts.price}
        <span className="ml-1.5 font-medium text-slate-500 text-sm">{t.perPiece}</span>
        {facts.comparedPrice && (
          <span className="block font-medium text-slate-500 text-sm tracking-normal">
            {facts.comparedPrice}
          </span>
        )}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {fact(c.quantity, facts.quantity)}
        {fact(t.columns.total, <Amount value={facts.total} compared={facts.comparedTotal} />)}
        {fact(c.minOrder, facts.minOrder)}
        {fact(c.leadTime, facts.leadTime)}
        {fact(c.sample, facts.sample)}
        {fact(
          c.validity,
          <>
            {facts.validUntil}
            <ExpiredMark quote={quote} />
          </>,
        )}
      </dl>
      <QuoteNotes quote={quote} />
      <div className="mt-auto flex flex-wrap gap-2 border-slate-100 border-t pt-3">
        {view.decides && quote.status === "submitted" && (
          <DecisionLinks quote={quote} name={facts.name} view={view} />
        )}
        <ConversationLink quote={quote} name={facts.name} viewer={view.viewer} />
      </div>
    </article>
  );
}
