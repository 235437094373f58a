import type { ReactNode } from "react";
import { FactList } from "~/components/ui/fact-list";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { common, quoteForm } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import type { QuotableTender, QuoteDto } from "~/features/quotes/quotes.server";
import {
  formatBudget,
  formatQuantity,
  StatusBadge,
} from "~/features/tenders/components/tender-card";
import { TenderTitleLink } from "~/features/tenders/components/tender-title-link";
import { useLocale, useMessages } from "~/lib/i18n";
import { QuoteStatusBadge } from "./quote-status-badge";

/**
 * What a quote answers: the tender's title (a link to it), quantity, budget and place; then the
 * factory's own quote on it, if any: its status, when it was sent, and its conversation.
 */
export function QuotedTender({ tender, own }: { tender: QuotableTender; own: QuoteDto | null }) {
  const m = useMessages({ quoteForm, common });
  const p = m.quoteForm.page;
  const locale = useLocale();
  const rows: [string, ReactNode][] = [
    [p.quantity, formatQuantity(tender.quantity, locale)],
    [p.budget, formatBudget(tender, locale)],
    [p.location, locationText(tender.country, tender.city, locale) || m.common.notSpecified],
  ];
  return (
    <>
      <section
        aria-labelledby="quote-tender-title"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
              {p.tenderLabel}
            </p>
            <h2 id="quote-tender-title" className="mt-1 font-bold text-lg text-slate-900">
              <TenderTitleLink tender={tender} />
            </h2>
          </div>
          {tender.status !== "active" && <StatusBadge status={tender.status} />}
        </div>
        <FactList
          facts={rows}
          className="mt-4 grid gap-3 sm:grid-cols-3"
          valueClassName="mt-0.5 font-medium text-slate-900 text-sm"
        />
      </section>
      {own && (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-600 text-sm">
          <QuoteStatusBadge status={own.status} />
          <span>{p.sentOn(formatDate(own.createdAt, { locale }))}</span>
          <Link
            to={`/quotes/${own.id}`}
            className="font-medium text-brand-800 hover:underline sm:ml-auto"
          >
            {p.conversation}
          </Link>
        </div>
      )}
    </>
  );
}
