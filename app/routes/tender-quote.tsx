import { data } from "react-router";
import { useToast } from "~/components/toasts";
import { BackLink } from "~/components/ui/back-link";
import { messagesFor, quoteForm, quotes } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { QuoteForm } from "~/features/quotes/components/quote-form";
import { QuoteNotice } from "~/features/quotes/components/quote-notice";
import { QuotedTender } from "~/features/quotes/components/quoted-tender";
import { WithdrawQuote } from "~/features/quotes/components/withdraw-quote";
import {
  mayQuote,
  removeQuoteFile,
  sendQuote,
  withdrawOwnQuote,
} from "~/features/quotes/factory-quotes.server";
import { failedBecause } from "~/features/quotes/problems";
import { quoteFormState } from "~/features/quotes/quotes.server";
import { dateInputValue } from "~/features/quotes/schema";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, problemReply, refusedBody, reply, toastOf } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, signedIn } from "~/http/workspace-access.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await actorContext(request, context);
  const { locale } = ctx;
  const m = messagesFor(locale, { quoteForm, quotes });
  const t = m.quoteForm.toasts;
  // Anyone for whom no intent can succeed is refused before the body is read (scripts/start.mjs
  // discards the rest of it).
  const may = await mayQuote(ctx, params.id);
  if (!may.ok) return problemReply(may, { locale, texts: m.quotes.problems });
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const form = read.form;
  const toMyQuotes = (description: string) =>
    redirectWithToast(localizedHref("/my-quotes", locale), { type: "success", description });
  return dispatchIntent(
    form.get("intent"),
    {
      submit: async () =>
        reply(await sendQuote(ctx, { tenderId: params.id, form }), {
          locale,
          texts: m.quotes.problems,
          form,
          done: ({ how }) => toMyQuotes(t[how]),
        }),
      "remove-attachment": async () =>
        reply(await removeQuoteFile(ctx, { form }), {
          locale,
          texts: failedBecause(t.removeFailed, m.quotes.problems),
          toast: true,
          done: () => ({ toast: toastOf("success", t.fileRemoved) }),
        }),
      withdraw: async () =>
        reply(await withdrawOwnQuote(ctx, { form }), {
          locale,
          texts: failedBecause(t.withdrawFailed, m.quotes.problems),
          toast: true,
          done: () => toMyQuotes(t.withdrawn),
        }),
    },
    {
      locale,
      text: t.unknownIntent,
      reply: (text) => data<ActionReply>({ toast: toastOf("error", text) }, { status: 400 }),
    },
  );
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
  useToast(actionData?.toast);
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
              lastResult={actionData?.result}
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
