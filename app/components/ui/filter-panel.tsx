import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { cn } from "~/lib/cn";
import { COLLAPSE_FILTERS_SCRIPT, SMALL_SCREEN_QUERY } from "~/lib/inline-scripts";

/**
 * The filter panel of a list page (/factories, /tenders): a `<details>` whose summary names the
 * filters and counts the active ones. It is rendered open, which is right for wide screens and
 * for browsers without JavaScript; on a small screen a constant inline script closes it before
 * the first paint, and after a client-side navigation or when the window crosses the breakpoint
 * the layout effect does.
 */
export function FilterPanel({
  id,
  title,
  activeCount,
  activeLabel,
  className,
  children,
}: {
  id?: string;
  title: string;
  activeCount: number;
  /** The spoken form of the count ('Выбрано фильтров: 2'). */
  activeLabel: (count: number) => string;
  className?: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    const small = window.matchMedia(SMALL_SCREEN_QUERY);
    if (panel.current && small.matches) panel.current.open = false;
    const follow = (event: MediaQueryListEvent) => {
      if (panel.current) panel.current.open = !event.matches;
    };
    small.addEventListener("change", follow);
    return () => small.removeEventListener("change", follow);
  }, []);
  return (
    <>
      <details
        ref={panel}
        id={id}
        open
        data-filter-panel=""
        suppressHydrationWarning
        className={cn("group rounded-2xl border border-slate-200 bg-white", className)}
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" className="size-5 text-brand-700" />
            {title}
            {activeCount > 0 && (
              <span className="grid h-6 min-w-6 place-items-center rounded-full bg-brand-700 px-1.5 text-white text-xs">
                <span aria-hidden="true">{activeCount}</span>
                <span className="sr-only">{activeLabel(activeCount)}</span>
              </span>
            )}
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 text-slate-500 transition-transform group-open:rotate-180"
          />
        </summary>
        {children}
      </details>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by its hash */}
      <script dangerouslySetInnerHTML={{ __html: COLLAPSE_FILTERS_SCRIPT }} />
    </>
  );
}

/**
 * After the filters are applied on a small screen, the panel closes and the results come into
 * view: the new count is what the person wants to see, not the fields they just set.
 */
export function showResultsOnSmallScreen(form: HTMLFormElement, resultsId: string): void {
  if (!window.matchMedia(SMALL_SCREEN_QUERY).matches) return;
  const panel = form.querySelector("details[data-filter-panel]");
  if (panel instanceof HTMLDetailsElement) panel.open = false;
  document.getElementById(resultsId)?.scrollIntoView({ block: "start" });
}
