import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A list page (/factories, /tenders, /admin): a white band with the title, a line under it and,
 * beside them, the page's main `action`; then `children` (the page's column and its dialogs) on
 * a light background. `compact` is the smaller heading of a work page; `gutter` widens the side
 * padding on large screens.
 */
export function HeadedPage({
  title,
  subtitle,
  action,
  compact = false,
  gutter = false,
  children,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
  compact?: boolean;
  gutter?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <>
      <h1
        className={
          compact
            ? "font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl"
            : "font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl"
        }
      >
        {title}
      </h1>
      <p className={compact ? "mt-1 text-slate-600" : "mt-2 max-w-2xl text-slate-600"}>
        {subtitle}
      </p>
    </>
  );
  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-slate-200 border-b bg-white">
        <div
          className={cn(
            "mx-auto",
            action
              ? "flex w-full max-w-7xl flex-wrap items-end justify-between gap-4"
              : "w-full max-w-7xl",
            compact ? "px-4 py-6 sm:px-6 sm:py-8" : "px-4 py-8 sm:px-6 sm:py-10",
            gutter && "lg:px-8",
          )}
        >
          {action ? (
            <>
              <div className="min-w-0">{heading}</div>
              {action}
            </>
          ) : (
            heading
          )}
        </div>
      </header>
      {children}
    </div>
  );
}
