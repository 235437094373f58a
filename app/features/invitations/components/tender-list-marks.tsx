import { MailOpen } from "lucide-react";
import { Link } from "~/components/ui/link";
import { invitations } from "~/domain/catalogue";
import { type TenderFilters, tendersHref } from "~/domain/tender-filters";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

/** The mark on a tender card of /tenders: the viewing factory is invited to quote on it. */
export function InvitedBadge() {
  const t = useMessages({ invitations }).invitations.tenderList;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 text-xs ring-1 ring-brand-200"
      data-testid="tender-invited"
    >
      <MailOpen className="size-3.5" aria-hidden="true" />
      {t.invited}
    </span>
  );
}

/**
 * A factory's two views of /tenders (links, so they work without JavaScript): the tenders that
 * fit its profile (the default) and all of them; the other filters are kept.
 */
export function FitViewTabs({ view, filters }: { view: "fit" | "all"; filters: TenderFilters }) {
  const t = useMessages({ invitations }).invitations.tenderList;
  const tab = (which: "fit" | "all", label: string) => (
    <Link
      to={tendersHref({ ...filters, page: 1, view: which === "fit" ? undefined : "all" })}
      aria-current={view === which ? "page" : undefined}
      className={cn(
        "rounded-lg px-3 py-1.5 font-semibold text-sm",
        view === which ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t.views} className="mb-4 space-y-1">
      <div className="inline-flex gap-1 rounded-xl border border-slate-200 bg-white p-1">
        {tab("fit", t.fit)}
        {tab("all", t.all)}
      </div>
      {view === "fit" && <p className="text-slate-600 text-sm">{t.fitHint}</p>}
    </nav>
  );
}
