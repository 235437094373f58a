import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { common, quotes, tenderQuotes } from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import { ownText } from "~/domain/locale";
import { useLocale, useMessages } from "~/lib/i18n";
import type { QuoteSort, ReceivedQuote, TenderQuotes } from "~/server/quotes.server";

/** A quote on the buyer's page of a tender; `expired` once its validity has passed. */
export type TenderQuote = ReceivedQuote & { expired: boolean };

/** What each quote of the list needs to know about the page it is on. */
export interface QuoteListView {
  tenderId: string;
  sort: QuoteSort;
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
  let sample: string = q.noSample;
  if (quote.sampleAvailable) {
    const price =
      quote.samplePrice != null ? formatMoney(quote.samplePrice, quote.currency, locale) : null;
    const days = quote.sampleDays != null ? q.days(quote.sampleDays) : null;
    sample = price && days ? q.sampleSummary(price, days) : (price ?? days ?? m.common.yes);
  }
  return {
    name: ownText(quote.factory.name, quote.factory.nameEn, locale),
    location: locationText(quote.factory.country, quote.factory.city, locale),
    price: formatMoney(quote.unitPrice, quote.currency, locale),
    quantity: pieces(quote.quantity),
    minOrder: quote.minOrder != null ? pieces(quote.minOrder) : t.noMinOrder,
    leadTime: q.days(quote.leadTimeDays),
    sample,
    validUntil: formatDate(quote.validUntil, { locale }),
  };
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
