import { ArrowRight, EyeOff } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { dashboard } from "~/domain/catalogue";
import type { DirectoryGap } from "~/features/factories/factory-workspace.server";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * Tells a factory's owner that the directory does not list the factory yet and what it lacks;
 * nothing when nothing is missing. `fillLink` adds a link to the profile form.
 */
export function DirectoryNotice({
  gaps,
  fillLink = false,
}: {
  gaps: readonly DirectoryGap[];
  fillLink?: boolean;
}) {
  const locale = useLocale();
  const t = useMessages({ dashboard }).dashboard;
  if (gaps.length === 0) return null;
  const items = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    gaps.map((gap) => t.directoryNeeds[gap]),
  );
  return (
    <section
      aria-labelledby="directory-notice"
      className="flex flex-col gap-4 rounded-2xl border border-accent-500/40 bg-accent-100/50 p-5 sm:flex-row sm:items-center"
      data-testid="directory-notice"
    >
      <EyeOff className="size-6 shrink-0 text-accent-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="directory-notice" className="font-bold text-slate-900">
          {t.directoryHidden}
        </h2>
        <p className="mt-1 text-slate-700 text-sm">{t.directoryMissing(items)}</p>
        <p className="mt-1 text-slate-600 text-sm">{t.directoryRanking}</p>
      </div>
      {fillLink && (
        <Link
          to="/profile"
          className={buttonVariants({ variant: "secondary", size: "sm", className: "shrink-0" })}
        >
          {t.directoryFill}
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </section>
  );
}
