import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type ToastMessage, useToast } from "~/components/toasts";
import { BackLink } from "~/components/ui/back-link";
import { messagesFor, quoteForm, quotes } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { removeAttachments, storeAttachments } from "~/features/quotes/attachments.server";
import { QuoteForm } from "~/features/quotes/components/quote-form";
import { QuoteNotice } from "~/features/quotes/components/quote-notice";
import { QuotedTender } from "~/features/quotes/components/quoted-tender";
import { WithdrawQuote } from "~/features/quotes/components/withdraw-quote";
import {
  type QuoteProblem,
  quoteFormState,
  removeQuoteAttachment,
  resubmitQuote,
  submitQuote,
  updateQuote,
  withdrawQuote,
} from "~/features/quotes/quotes.server";
import { dateInputValue, quoteSchema } from "~/features/quotes/schema";
import { actionToast, dispatchIntent } from "~/http/intents.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedIn } from "~/http/workspace-access.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import type { CurrentUser } from "~/platform/actor.server";
import type { Db } from "~/platform/db.server";
import {
  databaseUnavailable,
  isDatabaseUnreachable,
  unavailableWhenUnreachable,
} from "~/platform/db.server";
import { readForm, refusalReply } from "~/platform/request-body.server";
import { type Storage, storageFor } from "~/platform/storage.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import type { Route } from "./+types/tender-quote";

export const handle = routeFacts({ private: true, body: { files: MAX_ATTACHMENTS, of: "pdf" } });

// A factory's quote on a tender: a new one, or its own submitted quote to edit, remove files
// from or withdraw. Visitors sign in first; anyone who may not quote (the tender's owner, a
// buyer, a factory without its profile, a closed tender, a decided quote) is told why in words.

const pathOf = (tenderId: string) => `/tenders/${tenderId}/quote`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, viewer } = await signedIn(request, context);
  const state = await quoteFormState(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!state) throw data(null, { status: 404 });
  return {
    state,
    /** A factory account (with or without its factory profile). */
    factoryAccount: viewer.userType === "factory",
    today: dateInputValue(new Date()),
  };
}

type ActionReply = { result?: SubmissionResult<string[]>; toast?: ToastMessage };

/** The HTTP status of a refusal; 409 for the rest (the state of things stands in the way). */
const STATUS_OF: Partial<Record<QuoteProblem, number>> = {
  "not-found": 404,
  "tender-not-found": 404,
  "own-tender": 403,
  "not-a-factory": 403,
  "not-allowed": 403,
  "too-many-attachments": 400,
  "conversation-storage-full": 413,
  "account-storage-full": 413,
};
const statusOf = (problem: QuoteProblem) => STATUS_OF[problem] ?? 409;

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

interface Handler {
  db: Db;
  storage: Storage;
  viewer: CurrentUser;
  tenderId: string;
  form: FormData;
  locale: Locale;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { locale, runtime, viewer } = await signedIn(request, context);
  // Who may post here is decided before the body is read: anyone for whom no intent can succeed
  // (no such tender, its owner, an account without a factory, a decided quote, a closed tender
  // without their quote) is refused unread (scripts/start.mjs discards the rest of the body).
  const state = await quoteFormState(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!state || state.problem) {
    const problem = state?.problem ?? "tender-not-found";
    const why = messagesFor(locale, { quotes }).quotes.problems[problem];
    // The form's own error, as a refused submission says it (there is no submission to parse).
    return data<ActionReply>(
      { result: { status: "error", error: { "": [why] } } },
      { status: statusOf(problem) },
    );
  }
  const read = await readForm(request);
  if (!read.ok) {
    return data<ActionReply>({ result: refusalReply(read) }, { status: read.status });
  }
  const handler: Handler = {
    db: runtime.db,
    storage: storageFor(runtime.env),
    viewer,
    tenderId: params.id,
    form: read.form,
    locale,
  };
  return dispatchIntent(
    read.form.get("intent"),
    {
      submit: () => submit(handler),
      "remove-attachment": () => removeAttachment(handler),
      withdraw: () => withdraw(handler),
    },
    { locale, text: messagesFor(locale, { quoteForm }).quoteForm.toasts.unknownIntent },
  );
}

/**
 * Sends a new quote or saves the own one: the form is checked in the request's language, the
 * chosen files are stored, then the quote is written; if that fails, the files are removed.
 */
async function submit({ db, storage, viewer, tenderId, form, locale }: Handler) {
  const m = messagesFor(locale, { quoteForm, quotes });
  const submission = parseWithZod(form, {
    schema: quoteSchema(locale),
    error: formErrorMap(locale),
  });
  if (submission.status !== "success") {
    return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  }
  const refuse = (problem: QuoteProblem) =>
    data<ActionReply>(
      { result: submission.reply({ formErrors: [m.quotes.problems[problem]] }) },
      { status: statusOf(problem) },
    );
  const state = await quoteFormState(db, viewer, tenderId).catch(unavailableWhenUnreachable);
  if (!state) return refuse("tender-not-found");
  if (state.problem) return refuse(state.problem);
  // The form names the quote it edits; a new quote's form never does.
  const quoteId = field(form, "quoteId");
  if (!quoteId && state.own) return refuse("already-quoted");
  if (quoteId && state.own?.id !== quoteId) return refuse("not-found");
  const own = quoteId ? state.own : null;

  // The files are removed again when the quote is not written (withStoredFiles).
  const saveWithFiles = () =>
    withStoredFiles(
      () =>
        storeAttachments(storage, form.getAll("attachments"), locale, {
          max: MAX_ATTACHMENTS - (own?.attachments.length ?? 0),
        }),
      ({ attachments }) =>
        own?.status === "withdrawn"
          ? resubmitQuote(db, viewer, own.id, submission.payload, attachments)
          : own
            ? updateQuote(db, viewer, own.id, submission.payload, attachments)
            : submitQuote(db, viewer, tenderId, submission.payload, attachments),
      ({ attachments }) => removeAttachments(storage, attachments),
    );
  let saved: Awaited<ReturnType<typeof saveWithFiles>>;
  try {
    saved = await saveWithFiles();
  } catch (error) {
    console.error("[quotes] saving a quote failed:", error);
    return data<ActionReply>(
      { result: submission.reply({ formErrors: [m.quoteForm.toasts.saveFailed] }) },
      // An outage is a 503 that says when to come back; anything else is our fault.
      isDatabaseUnreachable(error) ? databaseUnavailable() : { status: 500 },
    );
  }
  if (!saved.stored) {
    return data<ActionReply>(
      { result: submission.reply({ fieldErrors: { attachments: saved.refused.errors } }) },
      { status: 400 },
    );
  }
  const outcome = saved.written;
  if (!outcome.ok) {
    if (outcome.problem === "invalid") {
      return data<ActionReply>(
        { result: submission.reply({ fieldErrors: outcome.fieldErrors }) },
        { status: 400 },
      );
    }
    return refuse(outcome.problem);
  }
  return redirectWithToast(localizedHref("/my-quotes", locale), {
    type: "success",
    description:
      own?.status === "withdrawn"
        ? m.quoteForm.toasts.resent
        : own
          ? m.quoteForm.toasts.updated
          : m.quoteForm.toasts.sent,
  });
}

/** A refusal of a quote change as an error toast: what failed, and why. */
function refusal(locale: Locale, failed: string, problem: QuoteProblem | "invalid") {
  const code = problem === "invalid" ? "not-found" : problem;
  const why = messagesFor(locale, { quotes }).quotes.problems[code];
  return data<ActionReply>(
    { toast: actionToast("error", `${failed}: ${why}`) },
    { status: statusOf(code) },
  );
}

/** Takes one file off the own quote, then out of storage. */
async function removeAttachment({ db, storage, viewer, form, locale }: Handler) {
  const t = messagesFor(locale, { quoteForm }).quoteForm;
  const quoteId = field(form, "quoteId");
  const removed = await removeQuoteAttachment(db, viewer, quoteId, field(form, "url"));
  if (!removed.ok) return refusal(locale, t.toasts.removeFailed, removed.problem);
  await removeAttachments(storage, [removed.value]);
  return data<ActionReply>({ toast: actionToast("success", t.toasts.fileRemoved) });
}

/** Withdraws the own quote (the page asked to confirm). */
async function withdraw({ db, viewer, form, locale }: Handler) {
  const t = messagesFor(locale, { quoteForm }).quoteForm;
  const outcome = await withdrawQuote(db, viewer, field(form, "quoteId"));
  if (!outcome.ok) return refusal(locale, t.toasts.withdrawFailed, outcome.problem);
  return redirectWithToast(localizedHref("/my-quotes", locale), {
    type: "success",
    description: t.toasts.withdrawn,
  });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { quoteForm }).quoteForm;
  const own = loaderData?.state.own;
  const editing = Boolean(own && !loaderData?.state.problem);
  const title =
    editing && own?.status === "withdrawn"
      ? t.page.resendTitle
      : editing
        ? t.meta.editTitle
        : t.meta.newTitle;
  return [
    ...seo(matches[0]?.loaderData?.site, { title, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function TenderQuote({ loaderData, actionData }: Route.ComponentProps) {
  const p = useMessages({ quoteForm }).quoteForm.page;
  const href = useLocalizedHref();
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  const { state, today } = loaderData;
  const { tender, own, problem } = state;
  const editing = own !== null && problem === null;
  const resending = editing && own.status === "withdrawn";

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <BackLink to="/tenders">{p.back}</BackLink>
        <h1 className="mt-4 font-extrabold text-3xl text-slate-900 tracking-tight">
          {resending ? p.resendTitle : editing ? p.editTitle : p.newTitle}
        </h1>
        {problem === null && (
          <p className="mt-2 text-slate-600 leading-7">
            {resending ? p.resendIntro : editing ? p.editIntro : p.newIntro}
          </p>
        )}

        <QuotedTender tender={tender} own={own} />

        {problem ? (
          <QuoteNotice state={state} factoryAccount={loaderData.factoryAccount} />
        ) : (
          <div className="mt-6">
            <QuoteForm
              tender={tender}
              own={own}
              today={today}
              lastResult={reply?.result}
              action={pathOf(tender.id)}
            />
            {own && !resending && (
              <div className="mt-6 flex justify-center sm:justify-start">
                <WithdrawQuote
                  quoteId={own.id}
                  tenderTitle={tender.title}
                  action={href(pathOf(tender.id))}
                />
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
