import { common, messagesFor, quotes } from "~/domain/catalogue";
import { formatMoney } from "~/domain/format";
import type { Locale } from "~/domain/locale";

/** What a quote's sample line needs. */
export interface SampleTerms {
  sampleAvailable: boolean;
  samplePrice: number | null;
  sampleDays: number | null;
  currency: string;
}

/** A quote's sample in words: 'Нет', its price and days, one of them, or 'Да'. */
export function sampleText(quote: SampleTerms, locale: Locale): string {
  const m = messagesFor(locale, { quotes, common });
  if (!quote.sampleAvailable) return m.quotes.noSample;
  const price =
    quote.samplePrice != null ? formatMoney(quote.samplePrice, quote.currency, locale) : null;
  const days = quote.sampleDays != null ? m.quotes.days(quote.sampleDays) : null;
  return price && days ? m.quotes.sampleSummary(price, days) : (price ?? days ?? m.common.yes);
}
