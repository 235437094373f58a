import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Ban, Building2, CheckCircle2, Lock, Undo2 } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { data, Form, redirect } from "react-router";
import { QuoteForm } from "~/components/quotes/quote-form";
import { QuoteStatusBadge } from "~/components/quotes/quote-status-badge";
import { formatBudget, formatQuantity, StatusBadge } from "~/components/tenders/tender-card";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Link } from "~/components/ui/link";
import { locationText, withUserText } from "~/components/user-content";
import { MAX_ATTACHMENTS } from "~/domain/attachments";
import { common, messagesFor, quoteForm, quotes } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { dateInputValue, quoteSchema } from "~/domain/schemas/quote";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import { removeAttachments, storeAttachments } from "~/server/attachments.server";
import type { Db } from "~/server/db.server";
import {
  databaseUnavailable,
  isDatabaseUnreachable,
  unavailableWhenUnreachable,
} from "~/server/db.server";
import { dispatchIntent } from "~/server/intents.server";
import {
  type QuoteProblem,
  quoteFormState,
  removeQuoteAttachment,
  submitQuote,
  updateQuote,
  withdrawQuote,
} from "~/server/quotes.server";
import { readForm, refusalReply } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import type { CurrentUser } from "~/server/session.server";
import { type Storage, storageFor } from "~/server/storage.server";
import { withStoredFiles } from "~/server/stored-files.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/tender-quote";

// A factory's quote on a tender: a new one, or its own submitted quote to edit, remove files
// from or withdraw. Visitors sign in first; anyone who may not quote (the tender's owner, a
// buyer, a factory without its profile, a closed tender, a decided quote) is told why in words.

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

const pathOf = (tenderId: string) => `/tenders/${tenderId}/quote`;

/** To the sign-in page in the request's language, and back here afterwards. */
function toLogin(request: Request, locale: Locale): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(localizedHref(`/login?redirectTo=${encodeURIComponent(back)}`, locale));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale, runtime, user } = requestOf(context);
  const viewer = await user();
  if (!viewer) throw toLogin(request, locale);
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

const toast = (type: ToastMessage["type"], description: string): ToastMessage => ({
  id: crypto.randomUUID(),
  type,
  description,
});

/** The HTTP status of a refusal. */
function statusOf(problem: QuoteProblem): number {
  switch (problem) {
    case "not-found":
    case "tender-not-found":
      return 404;
    case "own-tender":
    case "not-a-factory":
    case "not-allowed":
      return 403;
    case "too-many-attachments":
      return 400;
    default:
      return 409;
  }
}

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
  const { locale, runtime, user } = requestOf(context);
  const viewer = await user();
  if (!viewer) throw toLogin(request, locale);
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
        own
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
    description: own ? m.quoteForm.toasts.updated : m.quoteForm.toasts.sent,
  });
}

/** A refusal of a quote change as an error toast: what failed, and why. */
function refusal(locale: Locale, failed: string, problem: QuoteProblem | "invalid") {
  const code = problem === "invalid" ? "not-found" : problem;
  const why = messagesFor(locale, { quotes }).quotes.problems[code];
  return data<ActionReply>(
    { toast: toast("error", `${failed}: ${why}`) },
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
  return data<ActionReply>({ toast: toast("success", t.toasts.fileRemoved) });
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
  const editing = Boolean(loaderData?.state.own && !loaderData.state.problem);
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: editing ? t.meta.editTitle : t.meta.newTitle,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

type LoaderData = Route.ComponentProps["loaderData"];

export default function TenderQuote({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ quoteForm, common });
  const p = m.quoteForm.page;
  const locale = useLocale();
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  const { state, today } = loaderData;
  const { tender, own, problem } = state;
  const editing = own !== null && problem === null;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <Link
          to="/tenders"
          className="inline-flex items-center gap-1.5 font-medium text-brand-800 text-sm hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {p.back}
        </Link>
        <h1 className="mt-4 font-extrabold text-3xl text-slate-900 tracking-tight">
          {editing ? p.editTitle : p.newTitle}
        </h1>
        {problem === null && (
          <p className="mt-2 text-slate-600 leading-7">{editing ? p.editIntro : p.newIntro}</p>
        )}

        <TenderSummary tender={tender} />

        {own && (
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-slate-600 text-sm">
            <QuoteStatusBadge status={own.status} />
            <span>{p.sentOn(formatDate(own.createdAt, { locale }))}</span>
            <Link
              to={`/quotes/${own.id}`}
              className="font-medium text-brand-800 hover:underline sm:ml-auto"
            >
              {p.conversation}
            </Link>
          </div>
        )}

        {problem ? (
          <Notice data={loaderData} />
        ) : (
          <div className="mt-6">
            <QuoteForm
              tender={tender}
              own={own}
              today={today}
              lastResult={reply?.result}
              action={pathOf(tender.id)}
            />
            {own && <WithdrawQuote quoteId={own.id} tenderId={tender.id} title={tender.title} />}
          </div>
        )}
      </div>
    </div>
  );
}

/** What the quote answers: the tender's title (a link to it), quantity, budget and place. */
function TenderSummary({ tender }: { tender: LoaderData["state"]["tender"] }) {
  const m = useMessages({ quoteForm, common });
  const p = m.quoteForm.page;
  const locale = useLocale();
  const rows: [string, ReactNode][] = [
    [p.quantity, formatQuantity(tender.quantity, locale)],
    [p.budget, formatBudget(tender, locale)],
    [p.location, locationText(tender.country, tender.city, locale) || m.common.notSpecified],
  ];
  return (
    <section
      aria-labelledby="quote-tender-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
            {p.tenderLabel}
          </p>
          <h2 id="quote-tender-title" className="mt-1 font-bold text-lg text-slate-900">
            <Link
              to={`/tenders/${tender.id}`}
              className="break-words hover:text-brand-800 hover:underline"
              data-user-content
            >
              {tender.title}
            </Link>
          </h2>
        </div>
        {tender.status !== "active" && <StatusBadge status={tender.status} />}
      </div>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500 text-xs">{label}</dt>
            <dd className="mt-0.5 font-medium text-slate-900 text-sm">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface NoticeScreen {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  text: string;
  href: string;
  action: string;
}

/** Why there is no form here, in words, and where to go instead. */
function Notice({ data: { state, factoryAccount } }: { data: LoaderData }) {
  const m = useMessages({ quoteForm, quotes });
  const n = m.quoteForm.notices;
  const { tender, own, problem } = state;
  const screen = ((): NoticeScreen => {
    switch (problem) {
      case "own-tender":
        return { icon: Lock, ...n.ownTender, href: `/tenders/${tender.id}` };
      case "not-a-factory":
        return factoryAccount
          ? { icon: Building2, ...n.noFactory, href: "/profile" }
          : { icon: Lock, ...n.notAFactory, href: "/factories" };
      case "tender-not-active":
        return { icon: Ban, ...n.notActive, href: "/tenders" };
      case "already-decided":
        if (own?.status === "accepted") {
          return { icon: CheckCircle2, ...n.accepted, href: `/quotes/${own.id}` };
        }
        if (own?.status === "declined") return { icon: Ban, ...n.declined, href: "/my-quotes" };
        return { icon: Undo2, ...n.withdrawn, href: "/my-quotes" };
      default:
        return {
          icon: Ban,
          title: m.quotes.problems[problem ?? "not-allowed"],
          text: "",
          href: "/tenders",
          action: n.notActive.action,
        };
    }
  })();
  const Icon = screen.icon;
  return (
    <section
      className="mt-6 flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
      data-testid="quote-notice"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 font-bold text-slate-900 text-xl">{screen.title}</h2>
      {screen.text && <p className="mt-2 max-w-md text-slate-600 leading-7">{screen.text}</p>}
      <Link to={screen.href} className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        {screen.action}
      </Link>
    </section>
  );
}

/** Withdrawing the own quote, after a confirmation. */
function WithdrawQuote({
  quoteId,
  tenderId,
  title,
}: {
  quoteId: string;
  tenderId: string;
  title: string;
}) {
  const m = useMessages({ quoteForm, common });
  const href = useLocalizedHref();
  const f = m.quoteForm.form;
  return (
    <div className="mt-6 flex justify-center sm:justify-start">
      <ConfirmDialog
        trigger={
          <Button variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">
            <Undo2 aria-hidden="true" />
            {f.withdraw}
          </Button>
        }
        title={f.withdrawTitle}
        description={withUserText(f.withdrawText, title)}
        cancel={m.common.cancel}
        confirm={
          <Form method="post" action={href(pathOf(tenderId))}>
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name="quoteId" value={quoteId} />
            <Button type="submit" variant="destructive" className="w-full">
              {f.withdrawConfirm}
            </Button>
          </Form>
        }
      />
    </div>
  );
}
