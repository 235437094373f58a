import type { QuoteSort } from "~/features/quotes/quotes.server";

/** The order of a buyer's quotes when the address names none. */
export const DEFAULT_QUOTE_SORT: QuoteSort = "price";

/** The buyer's two decisions on a quote; each opens its dialog by the page's address. */
export type QuoteDecision = "accept" | "decline";

/** How the buyer's quotes are listed: in an order, all or the shortlisted only (?only=shortlisted). */
export interface QuoteListQuery {
  sort: QuoteSort;
  shortlisted: boolean;
}

/** The value of `only` that lists the shortlisted quotes alone. */
export const SHORTLISTED_ONLY = "shortlisted";

/**
 * The address of a buyer's tender with its quotes (/my-tenders/{id}) in an order (left out when
 * it is the default), all or the shortlisted only, with a decision's dialog open for one quote.
 */
export function tenderQuotesHref(
  tenderId: string,
  { sort, shortlisted }: QuoteListQuery,
  dialog?: { decision: QuoteDecision; quoteId: string },
): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_QUOTE_SORT) params.set("sort", sort);
  if (shortlisted) params.set("only", SHORTLISTED_ONLY);
  if (dialog) params.set(dialog.decision, dialog.quoteId);
  const query = params.toString();
  return query ? `/my-tenders/${tenderId}?${query}` : `/my-tenders/${tenderId}`;
}
