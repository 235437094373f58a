import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLocation } from "react-router";
import { pageHref } from "~/components/page-href";
import { Link } from "~/components/ui/link";
import { common } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useLocalizedHref, useMessages } from "~/lib/i18n";

/**
 * The pages to show around `page`: the first, the last, two on each side of the current one,
 * and null where pages are skipped. [1, null, 4, 5, 6, 7, 8, null, 20]
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const near = Math.abs(n - page) <= around;
    // A gap of one page shows that page instead of an ellipsis.
    const edge = n === 1 || n === pageCount;
    const bridge =
      (n === 2 && page - around === 3) || (n === pageCount - 1 && page + around === n - 1);
    if (near || edge || bridge) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

const item =
  "inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 font-semibold text-sm transition-colors";

/**
 * Numbered page links with previous and next (rel="prev"/"next"). Each link is a real address,
 * so the list pages work without JavaScript and can be shared.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  className?: string;
}) {
  const m = useMessages({ common });
  if (pageCount <= 1) return null;
  const t = m.common.pagination;
  const edge = (target: number, label: string, rel: "prev" | "next") => {
    const icon = rel === "prev" ? <ChevronLeft aria-hidden="true" className="size-4" /> : null;
    const iconAfter =
      rel === "next" ? <ChevronRight aria-hidden="true" className="size-4" /> : null;
    if (target < 1 || target > pageCount) {
      return (
        <span aria-disabled="true" className={cn(item, "text-slate-400")}>
          {icon}
          <span className="max-sm:sr-only">{label}</span>
          {iconAfter}
        </span>
      );
    }
    return (
      <Link
        to={hrefFor(target)}
        rel={rel}
        aria-label={label}
        className={cn(item, "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
      >
        {icon}
        <span className="max-sm:sr-only">{label}</span>
        {iconAfter}
      </Link>
    );
  };
  return (
    <nav aria-label={t.label} className={cn("flex flex-col items-center gap-3", className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>{edge(page - 1, t.previous, "prev")}</li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-current={n === page ? "page" : undefined}
                aria-label={t.page(n, pageCount)}
                className={cn(
                  item,
                  n === page
                    ? "bg-brand-700 text-white"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>{edge(page + 1, t.next, "next")}</li>
      </ul>
      <p className="text-slate-500 text-sm">{t.page(page, pageCount)}</p>
    </nav>
  );
}

/**
 * The pages of the list at `path` (a site path, kept in the page's language): each link keeps the
 * page's query but `drop` (the key of an open dialog) and sets `page`.
 */
export function ListPagination({
  list,
  path,
  drop,
  className,
}: {
  list: { page: number; pageCount: number };
  path: string;
  drop?: readonly string[];
  className?: string;
}) {
  const { search } = useLocation();
  const href = useLocalizedHref();
  return (
    <Pagination
      className={className}
      page={list.page}
      pageCount={list.pageCount}
      hrefFor={(page) => href(pageHref(path, search, page, drop))}
    />
  );
}
