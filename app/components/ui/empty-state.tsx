/**
 * What a list shows when it has nothing (workspace pattern, docs/decisions/014-workspace-pattern.md):
 * an icon, a title, a line of text and, optionally, the link that starts filling it or leads to
 * where things are. Used by /my-tenders, /my-tenders/{id}, /factory-products, /my-quotes,
 * /notifications, a factory's empty portfolio and the legacy catalogues (/clothing, /textile).
 */
import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { Link } from "./link";

export interface EmptyStateAction {
  /** Where it goes (a site path; kept in the page's language). */
  to: string;
  label: string;
  /** An icon before the label. */
  icon?: LucideIcon;
}

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  wideText = false,
  className,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
  action?: EmptyStateAction;
  /** A wider line of text, for a longer explanation. */
  wideText?: boolean;
  className?: string;
}) {
  const ActionIcon = action?.icon;
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-14 text-center",
        className,
      )}
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-4 font-bold text-lg text-slate-900">{title}</p>
      {text && (
        <p
          className={cn(
            "mt-2 text-slate-600 text-sm leading-6",
            wideText ? "max-w-md" : "max-w-sm",
          )}
        >
          {text}
        </p>
      )}
      {action && (
        <Link to={action.to} className={buttonVariants({ variant: "primary", className: "mt-6" })}>
          {ActionIcon && <ActionIcon aria-hidden="true" />}
          {action.label}
        </Link>
      )}
    </div>
  );
}
