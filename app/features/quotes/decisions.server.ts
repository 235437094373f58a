/**
 * The buyer's use cases on the quotes of one of its tenders (/my-tenders/{id}): the shortlist
 * mark, declining (with an optional reason) and accepting. The form names the quote (`quoteId`);
 * who may decide and whether the quote is still open is decided by the writers of
 * quotes.server.ts.
 */
import type { Outcome } from "~/domain/outcome";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import type { QuoteProblem } from "./problems";
import { acceptQuote, declineQuote, setShortlisted } from "./quotes.server";
import { declineSchema, postedText } from "./schema";

type Decision = Promise<Outcome<true, QuoteProblem>>;

/** Marks (or unmarks) a received quote as shortlisted. */
export async function shortlistQuote(
  { db, actor }: UseCaseContext,
  { form, shortlisted }: { form: FormData; shortlisted: boolean },
): Decision {
  return setShortlisted(db, actor, postedText(form, "quoteId"), shortlisted);
}

/** Declines a received quote, with the reason of the form (checked in the request's language). */
export async function declineReceivedQuote(
  context: UseCaseContext,
  { form }: { form: FormData },
): Decision {
  const fields = readFields(context, declineSchema, form);
  if (!fields.ok) return fields;
  const { db, actor } = context;
  return declineQuote(db, actor, postedText(form, "quoteId"), fields.value.reason ?? null);
}

/** Accepts a received quote: the tender is awarded and the other quotes declined. */
export async function acceptReceivedQuote(
  { db, actor }: UseCaseContext,
  { form }: { form: FormData },
): Decision {
  return acceptQuote(db, actor, postedText(form, "quoteId"));
}
