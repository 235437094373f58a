import { MessagesSquare, Pencil, Send } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { FactList } from "~/components/ui/fact-list";
import { Link } from "~/components/ui/link";
import { quoteForm, quotes } from "~/domain/catalogue";
import { formatDate, formatMoney } from "~/domain/format";
import type { OwnQuote } from "~/features/quotes/quotes.server";
import { formatQuantity } from "~/features/tenders/components/tender-card";
import { TenderTitleLink } from "~/features/tenders/components/tender-title-link";
import { useLocale, useMessages } from "~/lib/i18n";
import { QuoteStatusBadge } from "./quote-status-badge";
import { WithdrawQuote } from "./withdraw-quote";

/**
 * One of the factory's quotes on /my-quotes: its tender, status, terms, the buyer's reason for a
 * refusal, and its actions (the conversation; edit and withdraw while the buyer has not decided).
 * `action` is the list's address, where withdrawing posts.
 */
export function OwnQuoteCard({ quote, action }: { quote: OwnQuote; action: string }) {
  const locale = useLocale();
  const m = useMessages({ quoteForm, quotes });
  const my = m.quoteForm.my;
  const open = quote.status === "submitted";
  const headingId = `quote-${quote.id}-title`;
  const facts: [string, string][] = [
    [
      my.price,
      my.priceTimesQuantity(
        formatMoney(quote.unitPrice, quote.currency, locale),
        formatQuantity(quote.quantity, locale),
      ),
    ],
    [my.leadTime, m.quotes.days(quote.leadTimeDays)],
    [my.sent, formatDate(quote.createdAt, { locale })],
    [my.validUntil, formatDate(quote.validUntil, { locale })],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
      data-testid="own-quote"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="min-w-0 font-bold text-lg text-slate-900 leading-snug">
          <TenderTitleLink tender={quote.tender} />
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      {open && quote.tender.status !== "active" && (
        <p className="mt-1 text-slate-500 text-sm">{my.tenderClosed}</p>
      )}
      <FactList
        facts={facts}
        className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4"
        valueClassName="mt-0.5 font-semibold text-slate-900 text-sm"
      />
      {quote.status === "declined" && quote.declineReason && (
        <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-900 text-sm">
          <span className="font-semibold">{my.declineReason}</span>{" "}
          <span data-user-content>{quote.declineReason}</span>
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-2 border-slate-100 border-t pt-4">
        <Link
          to={`/quotes/${quote.id}`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <MessagesSquare aria-hidden="true" />
          {my.conversation}
          {quote.unread > 0 && (
            <span
              className="rounded-full bg-brand-700 px-2 py-0.5 font-bold text-white text-xs"
              data-testid="quote-unread"
            >
              <span aria-hidden="true">{quote.unread}</span>
              <span className="sr-only">{my.unread(quote.unread)}</span>
            </span>
          )}
        </Link>
        {quote.status === "withdrawn" && quote.tender.status === "active" && (
          <Link
            to={`/tenders/${quote.tender.id}/quote`}
            className={buttonVariants({ variant: "secondary", size: "sm" })}
          >
            <Send aria-hidden="true" />
            {my.sendAgain}
          </Link>
        )}
        {open && (
          <>
            <Link
              to={`/tenders/${quote.tender.id}/quote`}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              <Pencil aria-hidden="true" />
              {my.edit}
            </Link>
            <WithdrawQuote
              quoteId={quote.id}
              tenderTitle={quote.tender.title}
              action={action}
              label={my.withdraw}
              size="sm"
            />
          </>
        )}
      </div>
    </article>
  );
}
