import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "~/components/ui/link";
import { tenderQuotes } from "~/domain/catalogue";
import type { QuoteSort } from "~/features/quotes/quotes.server";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import type { QuoteListView } from "./tender-quote-facts";
import { tenderQuotesHref } from "./tender-quotes-href";

// The orders of a buyer's quotes: links (?sort=), so they work without JavaScript.

/** Which way each order runs, for aria-sort. */
const DIRECTION: Record<QuoteSort, "ascending" | "descending"> = {
  price: "ascending",
  quantity: "descending",
  minOrder: "ascending",
  leadTime: "ascending",
  validity: "descending",
  newest: "descending",
  total: "ascending",
};

const pill = (current: boolean) =>
  cn(
    "shrink-0 whitespace-nowrap rounded-full px-3 py-1 font-medium ring-1 ring-inset transition-colors",
    current
      ? "bg-brand-700 text-white ring-brand-700"
      : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
  );

/** All quotes or the shortlisted only: links (?only=shortlisted), so they work without JavaScript. */
export function ShortlistFilter({
  view,
  counts,
}: {
  view: QuoteListView;
  counts: { all: number; shortlisted: number };
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const choices = [
    [false, t.allQuotes(counts.all)],
    [true, t.shortlistedOnly(counts.shortlisted)],
  ] as const;
  return (
    <nav aria-label={t.show} className="flex flex-wrap items-center gap-1.5 text-sm">
      <span className="mr-1 shrink-0 text-slate-500" aria-hidden="true">
        {t.show}:
      </span>
      {choices.map(([shortlisted, label]) => (
        <Link
          key={label}
          to={tenderQuotesHref(view.tenderId, { sort: view.sort, shortlisted })}
          preventScrollReset
          aria-current={view.shortlisted === shortlisted ? "true" : undefined}
          className={pill(view.shortlisted === shortlisted)}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** The orders as links (every width; the table's headers sort too). */
export function SortBar({ view }: { view: QuoteListView }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    // On phones one row that scrolls by itself (the page does not), from `sm` up it wraps.
    <nav
      aria-label={t.sortBy}
      className="flex min-w-0 items-center gap-1.5 text-sm max-sm:-mx-4 max-sm:w-[calc(100%+2rem)] max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-1 sm:flex-wrap"
    >
      <span className="mr-1 shrink-0 text-slate-500" aria-hidden="true">
        {t.sortBy}:
      </span>
      {(Object.keys(t.sorts) as QuoteSort[]).map((key) => (
        <Link
          key={key}
          to={tenderQuotesHref(view.tenderId, { ...view, sort: key })}
          preventScrollReset
          aria-current={key === view.sort ? "true" : undefined}
          className={pill(key === view.sort)}
        >
          {t.sorts[key]}
        </Link>
      ))}
    </nav>
  );
}

/** A column header of the comparison table that sorts by its column. */
export function SortHeader({
  column,
  label,
  view,
  className,
}: {
  column: QuoteSort;
  label: string;
  view: QuoteListView;
  className?: string;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const active = column === view.sort;
  const Arrow = DIRECTION[column] === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? DIRECTION[column] : undefined} className={className}>
      <Link
        to={tenderQuotesHref(view.tenderId, { ...view, sort: column })}
        preventScrollReset
        title={t.sortColumn(label)}
        className={cn(
          "inline-flex items-center gap-1 rounded hover:text-brand-800",
          active && "text-brand-800",
        )}
      >
        {label}
        <Arrow
          className={cn("size-3.5", active ? "opacity-100" : "opacity-30")}
          aria-hidden="true"
        />
      </Link>
    </th>
  );
}
