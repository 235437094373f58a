import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { legacy } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

export interface NoticeAction {
  to: string;
  label: string;
  variant?: "primary" | "secondary" | "ghost";
}

/**
 * The 'system updated' notice of the legacy pages: the old catalogues are merged into the
 * factory directory, so it points to /factories (and any further `actions`).
 */
export function LegacyNotice({
  title,
  text,
  actions,
  children,
  className,
}: {
  title?: string;
  text?: string;
  actions?: NoticeAction[];
  children?: ReactNode;
  className?: string;
}) {
  const m = useMessages({ legacy });
  const links = actions ?? [{ to: "/factories", label: m.legacy.goToFactories }];
  return (
    <section
      data-testid="legacy-notice"
      aria-labelledby="legacy-notice-title"
      className={cn(
        "rounded-2xl border border-brand-200 bg-brand-50/70 p-5 sm:flex sm:items-start sm:gap-4 sm:p-6",
        className,
      )}
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white text-brand-700 shadow-xs">
        <RefreshCw aria-hidden="true" className="size-5" />
      </span>
      <div className="mt-3 min-w-0 flex-1 sm:mt-0">
        <h2 id="legacy-notice-title" className="font-bold text-lg text-slate-900">
          {title ?? m.legacy.updatedTitle}
        </h2>
        <p className="mt-1 text-slate-700 leading-6">{text ?? m.legacy.updatedText}</p>
        {children}
        {links.length > 0 && (
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {links.map((action, i) => (
              <Link
                key={action.to + action.label}
                to={action.to}
                className={buttonVariants({
                  variant: action.variant ?? (i === 0 ? "primary" : "secondary"),
                })}
              >
                {action.label}
              </Link>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** A legacy page's frame: a heading band and a centred column. */
export function LegacyPage({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-slate-200 border-b bg-white">
        <div
          className={cn(
            "mx-auto w-full px-4 py-8 sm:px-6 sm:py-10",
            wide ? "max-w-7xl" : "max-w-3xl",
          )}
        >
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {title}
          </h1>
          {subtitle && <p className="mt-2 max-w-2xl text-slate-600">{subtitle}</p>}
        </div>
      </header>
      <div
        className={cn(
          "mx-auto grid w-full gap-6 px-4 py-6 sm:px-6 sm:py-8",
          wide ? "max-w-7xl" : "max-w-3xl",
        )}
      >
        {children}
      </div>
    </div>
  );
}
