import { Check, MessagesSquare, Star, X } from "lucide-react";
import { Form, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { tenderQuotes } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import type { QuoteListView, TenderQuote } from "./tender-quote-facts";
import { type QuoteDecision, tenderQuotesHref } from "./tender-quotes-href";

// What the buyer does with one quote on /my-tenders/{id}: mark it, open its conversation, and
// open the dialog of a decision. The table and the cards place the same controls.

/** A control of one quote: the quote, its factory's name (for the labels) and who looks. */
interface QuoteControlProps {
  quote: TenderQuote;
  name: string;
  viewer: QuoteListView["viewer"];
}

/** The shortlist star: a toggle for the buyer, a mark (when set) for an admin. */
export function ShortlistToggle({ quote, name, viewer }: QuoteControlProps) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const location = useLocation();
  if (viewer !== "buyer") {
    return quote.shortlisted ? (
      <span className="grid size-9 place-items-center text-amber-500" title={t.shortlisted}>
        <Star className="size-5 fill-current" aria-hidden="true" />
        <span className="sr-only">{t.shortlisted}</span>
      </span>
    ) : null;
  }
  const label = quote.shortlisted ? t.unshortlist(name) : t.shortlist(name);
  return (
    <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
      <input type="hidden" name="quoteId" value={quote.id} />
      <button
        type="submit"
        name="intent"
        value={quote.shortlisted ? "unshortlist" : "shortlist"}
        aria-pressed={quote.shortlisted}
        aria-label={label}
        title={label}
        className={cn(
          "grid size-9 place-items-center rounded-full transition-colors hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600",
          quote.shortlisted ? "text-amber-500" : "text-slate-400 hover:text-amber-500",
        )}
      >
        <Star className={cn("size-5", quote.shortlisted && "fill-current")} aria-hidden="true" />
      </button>
    </Form>
  );
}

/** 'Переписка', with the buyer's count of unread messages. */
export function ConversationLink({ quote, name, viewer }: QuoteControlProps) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const unread = viewer === "buyer" ? quote.unread : 0;
  return (
    <Link
      to={`/quotes/${quote.id}`}
      aria-label={`${t.conversation}: ${name}${unread > 0 ? `, ${t.unreadLong(unread)}` : ""}`}
      className={buttonVariants({ variant: "secondary", size: "sm" })}
    >
      <MessagesSquare aria-hidden="true" />
      {t.conversation}
      {unread > 0 && (
        <span
          className="rounded-full bg-red-600 px-1.5 py-0.5 font-bold text-[11px] text-white leading-none"
          data-testid="quote-unread"
        >
          {t.unread(unread)}
        </span>
      )}
    </Link>
  );
}

/** 'Принять' and 'Отклонить': links that open the decision dialogs by the page's address. */
export function DecisionLinks({
  quote,
  name,
  view,
}: {
  quote: TenderQuote;
  name: string;
  view: QuoteListView;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const dialogHref = (decision: QuoteDecision) =>
    tenderQuotesHref(view.tenderId, view, { decision, quoteId: quote.id });
  return (
    <>
      <Link
        to={dialogHref("accept")}
        preventScrollReset
        aria-label={t.acceptLabel(name)}
        className={buttonVariants({ variant: "primary", size: "sm" })}
      >
        <Check aria-hidden="true" />
        {t.accept}
      </Link>
      <Link
        to={dialogHref("decline")}
        preventScrollReset
        aria-label={t.declineLabel(name)}
        className={buttonVariants({
          variant: "ghost",
          size: "sm",
          className: "text-red-700 hover:bg-red-50 hover:text-red-800",
        })}
      >
        <X aria-hidden="true" />
        {t.decline}
      </Link>
    </>
  );
}
