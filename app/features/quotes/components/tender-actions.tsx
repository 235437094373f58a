import { FileCheck, Inbox, LogIn, Send } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { tenders } from "~/domain/catalogue";
import type { OwnQuoteMark } from "~/features/tenders/tenders.server";
import { useMessages } from "~/lib/i18n";

/**
 * A factory's way to answer an active tender: 'Откликнуться' to the quote form, or 'Ваш отклик'
 * once it has quoted (the form while the quote can change or be sent again, else its
 * conversation).
 */
export function FactoryQuoteLink({
  tenderId,
  myQuote,
  active,
  className,
}: {
  tenderId: string;
  myQuote: OwnQuoteMark | null;
  active: boolean;
  className?: string;
}) {
  const p = useMessages({ tenders }).tenders.page;
  if (!myQuote) {
    return (
      <Link
        to={`/tenders/${tenderId}/quote`}
        className={buttonVariants({ variant: "primary", className })}
      >
        <Send aria-hidden="true" />
        {p.quote}
      </Link>
    );
  }
  const editable = active && (myQuote.status === "submitted" || myQuote.status === "withdrawn");
  return (
    <Link
      to={editable ? `/tenders/${tenderId}/quote` : `/quotes/${myQuote.id}`}
      className={buttonVariants({ variant: "secondary", className })}
    >
      <FileCheck aria-hidden="true" />
      {p.yourQuote}
    </Link>
  );
}

/** Who looks at a tender's public page: its owner, a factory, another account or a visitor. */
export type TenderAudience = "owner" | "factory" | "other" | "visitor";

/**
 * The public page's card of what comes next: the number of quotes (never their content), then
 * quote (a factory), sign in (a visitor) or read the quotes (the owner).
 */
export function TenderActions({ quoteCount, ...next }: NextStepProps & { quoteCount: number }) {
  const p = useMessages({ tenders }).tenders.page;
  return (
    <section
      aria-labelledby="tender-quote-count"
      className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-start-2 lg:row-start-1"
      data-testid="tender-actions"
    >
      <h2
        id="tender-quote-count"
        className="flex items-center gap-2 font-extrabold text-slate-900 text-xl"
        data-testid="tender-quote-count"
      >
        <Inbox className="size-5 text-slate-400" aria-hidden="true" />
        {p.quoteCount(quoteCount)}
      </h2>
      <NextStep {...next} />
    </section>
  );
}

interface NextStepProps {
  tenderId: string;
  /** The viewing factory's own quote on the tender. */
  myQuote: OwnQuoteMark | null;
  /** Whether the tender takes quotes. */
  active: boolean;
  audience: TenderAudience;
  /** Where a visitor signs in (and comes back to the tender). */
  loginHref: string;
}

function NextStep({ tenderId, myQuote, active, audience, loginHref }: NextStepProps) {
  const p = useMessages({ tenders }).tenders.page;
  const hint = (text: string) => <p className="mt-3 text-slate-600 text-sm leading-6">{text}</p>;
  const wide = "mt-4 w-full";
  if (audience === "owner") {
    return (
      <>
        {hint(p.ownHint)}
        <Link
          to={`/my-tenders/${tenderId}`}
          className={buttonVariants({ variant: "primary", className: wide })}
        >
          <Inbox aria-hidden="true" />
          {p.ownQuotes}
        </Link>
      </>
    );
  }
  if (audience === "factory" && myQuote) {
    return (
      <>
        {active && myQuote.status === "submitted" && hint(p.quotedHint)}
        <FactoryQuoteLink tenderId={tenderId} myQuote={myQuote} active={active} className={wide} />
      </>
    );
  }
  // A closed or awarded tender takes no quotes: its notice says so.
  if (!active) return null;
  if (audience === "factory") {
    return (
      <>
        {hint(p.quoteHint)}
        <FactoryQuoteLink tenderId={tenderId} myQuote={null} active className={wide} />
      </>
    );
  }
  if (audience === "visitor") {
    return (
      <>
        {hint(p.visitorHint)}
        <Link to={loginHref} className={buttonVariants({ variant: "primary", className: wide })}>
          <LogIn aria-hidden="true" />
          {p.signInToQuote}
        </Link>
      </>
    );
  }
  return hint(p.buyerHint);
}
