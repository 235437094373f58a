/**
 * The factory's use cases of its quote (/tenders/{id}/quote and /my-quotes): who may quote, sending
 * a new quote or saving (or sending again) its own, taking a file off it, withdrawing it. Each
 * takes what the request brings (the posted form, the tender's id from the address), checks the
 * form in the request's language, stores files, writes through quotes.server.ts, removes the
 * files again when nothing was written, and answers an Outcome (app/domain/outcome.ts).
 */
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { type Outcome, ok } from "~/domain/outcome";
import { removeAttachments, storeAttachments } from "~/platform/attachments.server";
import { isDatabaseUnreachable } from "~/platform/db.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { quoteFailure as fail, type QuoteProblem } from "./problems";
import {
  insertQuote,
  type QuoteDto,
  type QuoteFormState,
  quoteFormState,
  removeQuoteAttachment,
  resendQuote,
  saveQuote,
  withdrawQuote,
} from "./quotes.server";
import { postedText, quoteSchema } from "./schema";

/**
 * Whether the actor may post anything on the quote of this tender: its quote form's state, or
 * why not (no such tender, the actor's own, no factory, a decided quote, a closed tender without
 * the actor's quote). Asked before the request's body is read.
 */
export async function mayQuote(
  { db, actor }: UseCaseContext,
  tenderId: string | null | undefined,
): Promise<Outcome<QuoteFormState, QuoteProblem>> {
  const state = await quoteFormState(db, actor, tenderId);
  if (!state) return fail("tender-not-found");
  if (state.problem) return fail(state.problem);
  return ok(state);
}

/** What sending the quote form did. */
export interface SentQuote {
  quote: QuoteDto;
  /** A new quote, the own one saved, or the withdrawn one sent again. */
  how: "sent" | "updated" | "resent";
}

/**
 * Sends a new quote on the tender, or saves the factory's own quote (sends it again when it was
 * withdrawn): the form names the quote it edits, a new quote's form never does. The chosen files
 * are stored, then the quote is written; when that does not happen, the files are removed again.
 */
export async function sendQuote(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string | null | undefined; form: FormData },
): Promise<Outcome<SentQuote, QuoteProblem>> {
  const { db, storage, actor, locale } = context;
  const fields = readFields(context, quoteSchema, form);
  if (!fields.ok) return fields;
  const may = await mayQuote(context, tenderId);
  if (!may.ok) return may;
  const state = may.value;
  const quoteId = postedText(form, "quoteId");
  if (!quoteId && state.own) return fail("already-quoted");
  if (quoteId && state.own?.id !== quoteId) return fail("not-found");
  const own = quoteId ? state.own : null;
  const how: SentQuote["how"] = own?.status === "withdrawn" ? "resent" : own ? "updated" : "sent";
  const { attachments: _files, ...values } = fields.value;

  const storeAndWrite = () =>
    withStoredFiles(
      () =>
        storeAttachments(storage, form.getAll("attachments"), locale, {
          max: MAX_ATTACHMENTS - (own?.attachments.length ?? 0),
        }),
      ({ attachments }) =>
        how === "resent" && own
          ? resendQuote(db, actor, own.id, values, attachments)
          : own
            ? saveQuote(db, actor, own.id, values, attachments)
            : insertQuote(db, actor, state.tender.id, values, attachments),
      ({ attachments }) => removeAttachments(storage, attachments),
    );
  let saved: Awaited<ReturnType<typeof storeAndWrite>>;
  try {
    saved = await storeAndWrite();
  } catch (error) {
    // The files are gone again (withStoredFiles). An outage is the root's 503; any other failure
    // of the write is said in the form, which keeps what was typed.
    if (isDatabaseUnreachable(error)) throw error;
    console.error("[quotes] saving a quote failed:", error);
    return fail("save-failed");
  }
  if (!saved.stored) return fail("invalid", { attachments: saved.refused.errors });
  if (!saved.written.ok) return saved.written;
  return ok({ quote: saved.written.value, how });
}

/** Takes one file (the form's `url`) off the factory's own quote (`quoteId`), then out of storage. */
export async function removeQuoteFile(
  { db, storage, actor }: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<void, QuoteProblem>> {
  const removed = await removeQuoteAttachment(
    db,
    actor,
    postedText(form, "quoteId"),
    postedText(form, "url"),
  );
  if (!removed.ok) return removed;
  await removeAttachments(storage, [removed.value]);
  return ok();
}

/** Withdraws the factory's own quote (`quoteId` of the form; the page asked to confirm). */
export async function withdrawOwnQuote(
  { db, actor }: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<QuoteDto, QuoteProblem>> {
  return withdrawQuote(db, actor, postedText(form, "quoteId"));
}
