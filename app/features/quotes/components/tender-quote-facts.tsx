import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { common, quotes, tenderQuotes } from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import { ownText } from "~/domain/locale";
import { sampleText } from "~/features/quotes/components/quote-terms";
import type { ReceivedQuote, TenderQuotes } from "~/features/quotes/quotes.server";
import { useLocale, useMessages } from "~/lib/i18n";
import type { QuoteListQuery } from "./tender-quotes-href";

/** A quote on the buyer's page of a tender; `expired` once its validity has passed. */
export type TenderQuote = ReceivedQuote & { expired: boolean };

/** What each quote of the list needs to know about the page it is on. */
export interface QuoteListView extends QuoteListQuery {
  tenderId: string;
  /** The owner decides; an admin only looks. */
  viewer: TenderQuotes["viewer"];
  /** The owner may accept and decline (the tender is active). */
  decides: boolean;
}

/** A withdrawn or declined quote is out of the running: the page shows it faded. */
export const isOutOfRunning = (quote: TenderQuote) =>
  quote.status === "withdrawn" || quote.status === "declined";

/** A quote's facts in words, the same in the comparison table and on the cards. */
export function useQuoteFacts(quote: TenderQuote) {
  const locale = useLocale();
  const m = useMessages({ quotes, tenderQuotes, common });
  const q = m.quotes;
  const t = m.tenderQuotes;
  const pieces = (n: number) => t.pieces(formatNumber(n, locale));
  // Amounts in another currency than the comparison's also show their value in it.
  const compared = quote.compared?.currency !== quote.currency ? quote.compared : null;
  const approx = (amount: number | undefined) =>
    compared && amount != null
      ? t.approx(formatMoney(roundMoney(amount), compared.currency, locale))
      : null;
  return {
    name: ownText(quote.factory.name, quote.factory.nameEn, locale),
    location: locationText(quote.factory.country, quote.factory.city, locale),
    price: formatMoney(quote.unitPrice, quote.currency, locale),
    comparedPrice: approx(compared?.unitPrice),
    total: formatMoney(roundMoney(quote.total), quote.currency, locale),
    comparedTotal: approx(compared?.total),
    quantity: pieces(quote.quantity),
    minOrder: quote.minOrder != null ? pieces(quote.minOrder) : t.noMinOrder,
    leadTime: q.days(quote.leadTimeDays),
    sample: sampleText(quote, locale),
    validUntil: formatDate(quote.validUntil, { locale }),
  };
}

/** An amount to the cent (a product or a conversion may leave more digits). */
const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

/** A price with its value in the comparison's currency below it, when it is another one. */
export function Amount({
  value,
  compared,
  className,
}: {
  value: string;
  compared: string | null;
  className?: string;
}) {
  return (
    <>
      <span className={className}>{value}</span>
      {compared && (
        <span className="block text-slate-500 text-xs" data-testid="compared-amount">
          {compared}
        </span>
      )}
    </>
  );
}

/** The quoting factory's name, a link to its page. */
export function FactoryName({ quote, name }: { quote: TenderQuote; name: string }) {
  return (
    <Link
      to={`/factory/${quote.factory.id}`}
      className="break-words font-bold text-slate-900 hover:text-brand-800 hover:underline"
      data-user-content
    >
      {name}
    </Link>
  );
}

/** 'Срок истек' under a validity date that has passed. */
export function ExpiredMark({ quote }: { quote: TenderQuote }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return quote.expired ? (
    <span className="block font-semibold text-red-700 text-xs">{t.expired}</span>
  ) : null;
}
