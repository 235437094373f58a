import type { ReactNode } from "react";
import { FormAlert } from "~/components/ui/field";

/**
 * The frame of a workspace page that lists one's own rows (docs/decisions/014-workspace-pattern.md):
 * the title with a summary line and the page's actions, a problem with the list when there is
 * one, then the page's content; `after` comes outside the content's column (an edit dialog).
 */
export function WorkspacePage({
  eyebrow,
  title,
  summary,
  summaryTestId,
  actions,
  problem,
  after,
  children,
}: {
  /** A line above the title (whose rows these are), written by a person. */
  eyebrow?: string;
  title: string;
  summary: ReactNode;
  summaryTestId: string;
  actions: ReactNode;
  /** Why the list or the row asked for could not be shown. */
  problem?: string | false;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            {eyebrow && (
              <p className="truncate font-semibold text-brand-700 text-sm" data-user-content>
                {eyebrow}
              </p>
            )}
            <h1
              className={
                eyebrow
                  ? "mt-1 font-extrabold text-3xl text-slate-900 tracking-tight"
                  : "font-extrabold text-3xl text-slate-900 tracking-tight"
              }
            >
              {title}
            </h1>
            <p className="mt-1.5 text-slate-600" data-testid={summaryTestId}>
              {summary}
            </p>
          </div>
          {actions}
        </header>
        {problem && (
          <div className="mt-6">
            <FormAlert message={problem} />
          </div>
        )}
        {children}
      </div>
      {after}
    </div>
  );
}
