import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "~/components/ui/link";
import { tenderQuotes } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import type { QuoteSort } from "~/server/quotes.server";
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
};

/** The orders as links (every width; the table's headers sort too). */
export function SortBar({ tenderId, sort }: { tenderId: string; sort: QuoteSort }) {
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
          to={tenderQuotesHref(tenderId, key)}
          preventScrollReset
          aria-current={key === sort ? "true" : undefined}
          className={cn(
            "shrink-0 whitespace-nowrap rounded-full px-3 py-1 font-medium ring-1 ring-inset transition-colors",
            key === sort
              ? "bg-brand-700 text-white ring-brand-700"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
          )}
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
  sort,
  tenderId,
  className,
}: {
  column: QuoteSort;
  label: string;
  sort: QuoteSort;
  tenderId: string;
  className?: string;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const active = column === sort;
  const Arrow = DIRECTION[column] === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? DIRECTION[column] : undefined} className={className}>
      <Link
        to={tenderQuotesHref(tenderId, column)}
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
