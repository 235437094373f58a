import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Package, Wallet } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { type ToastMessage, useToast } from "~/components/toasts";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { messagesFor, quotes, tenderQuotes } from "~/domain/catalogue";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { InvitationsSection } from "~/features/invitations/components/invitations-section";
import { invitationPanel } from "~/features/invitations/invitations.server";
import { DecisionDialog } from "~/features/quotes/components/tender-quote-decisions";
import type { QuoteListView } from "~/features/quotes/components/tender-quote-facts";
import {
  DEFAULT_QUOTE_SORT,
  type QuoteDecision,
  type QuoteListQuery,
  SHORTLISTED_ONLY,
  tenderQuotesHref,
} from "~/features/quotes/components/tender-quotes-href";
import { TenderQuotesNotices } from "~/features/quotes/components/tender-quotes-notices";
import { TenderQuotesSection } from "~/features/quotes/components/tender-quotes-section";
import {
  acceptQuote,
  declineQuote,
  isQuoteSort,
  listTenderQuotes,
  markQuoteNoticesRead,
  type QuoteOutcome,
  setShortlisted,
} from "~/features/quotes/quotes.server";
import { declineSchema } from "~/features/quotes/schema";
import { formatBudget, formatQuantity } from "~/features/tenders/components/tender-card";
import { TenderPageHeader } from "~/features/tenders/components/tender-page-header";
import { actionToast, dispatchIntent } from "~/http/intents.server";
import { requestOf } from "~/http/request-context.server";
import { signInRedirect } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { readForm, refusalText } from "~/platform/request-body.server";
import type { Route } from "./+types/my-tender";

// One of the buyer's tenders with the quotes it received (/my-tenders/{id}): a comparison table
// on wide screens and cards on phones, sortable by links (?sort=), with the buyer's shortlist
// mark, a link to each quote's conversation, and the decisions: decline (with a reason) and
// accept (which awards the tender and declines the others). Both decisions open a dialog by the
// page's address (?decline= / ?accept=), so they work without JavaScript too. An admin sees the
// page without any form. The parts are in app/components/tenders/tender-quote*.tsx.

/** The list's order and filter in the page's address. */
function listOf(request: Request): QuoteListQuery {
  const params = new URL(request.url).searchParams;
  const sort = params.get("sort");
  return {
    sort: isQuoteSort(sort) ? sort : DEFAULT_QUOTE_SORT,
    shortlisted: params.get("only") === SHORTLISTED_ONLY,
  };
}

/**
 * Opening the page reads the owner's notices of new, changed and withdrawn quotes on the tender
 * before any loader runs, so the header's bell (the root loader, which runs beside this page's)
 * already counts them as read. A failure is left to the loader, which reads them again and
 * answers an outage with 503.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    if (request.method === "GET" && isUuid(params.id)) {
      const { runtime, user } = requestOf(context);
      const viewer = await user().catch(() => null);
      if (viewer) {
        await markQuoteNoticesRead(runtime.db, viewer, { tenderId: params.id }).catch(() => {});
      }
    }
    return next();
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, user, locale } = requestOf(context);
  const viewer = await user();
  if (!viewer) throw signInRedirect(request, locale);
  const list = listOf(request);
  const found = await listTenderQuotes(runtime.db, viewer, params.id, {
    sort: list.sort,
    shortlistedOnly: list.shortlisted,
  }).catch(unavailableWhenUnreachable);
  if (!found) throw data(null, { status: 404 });
  const now = Date.now();
  // Issue 29: the factories that fit and the invitations (the owner only; shown without them on failure).
  const invitationsPanel = await invitationPanel(runtime.db, viewer, found.tender.id).catch(
    () => null,
  );
  return {
    ...found,
    invitationsPanel,
    list,
    quotes: found.quotes.map((quote) => ({
      ...quote,
      expired: quote.status === "submitted" && quote.validUntil.getTime() < now,
    })),
  };
}

/** Opening or closing a decision dialog changes only its parameter: the data stays. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("accept");
    params.delete("decline");
    params.sort();
    return params.toString();
  };
  return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
}

type ActionReply = { result?: SubmissionResult<string[]>; toast?: ToastMessage };

type Problem = Extract<QuoteOutcome<unknown>, { ok: false }>["problem"];

function statusOf(problem: Problem): number {
  switch (problem) {
    case "not-found":
    case "tender-not-found":
      return 404;
    case "invalid":
      return 400;
    case "not-allowed":
    case "own-tender":
    case "not-a-factory":
      return 403;
    default:
      return 409;
  }
}

/**
 * The reply to a decision: back to the page (in its sort) with `done` as a success toast, or the
 * service's refusal as an error toast with its status.
 */
function decisionReply(outcome: QuoteOutcome<true>, done: string, back: string, locale: Locale) {
  if (outcome.ok) return redirectWithToast(back, { type: "success", description: done });
  const m = messagesFor(locale, { tenderQuotes, quotes });
  const text =
    outcome.problem === "invalid"
      ? m.tenderQuotes.unknownIntent
      : m.quotes.problems[outcome.problem];
  return data<ActionReply>(
    { toast: actionToast("error", text) },
    { status: statusOf(outcome.problem) },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime, user, locale } = requestOf(context);
  const t = messagesFor(locale, { tenderQuotes }).tenderQuotes;
  const viewer = await user();
  if (!viewer) throw signInRedirect(request, locale);
  const read = await readForm(request);
  if (!read.ok) {
    return data<ActionReply>(
      { toast: actionToast("error", refusalText(read)) },
      { status: read.status },
    );
  }
  const form = read.form;
  const quoteId = String(form.get("quoteId") ?? "");
  const { db } = runtime;
  const back = localizedHref(tenderQuotesHref(String(params.id), listOf(request)), locale);
  const decided = (outcome: QuoteOutcome<true>, done: string) =>
    decisionReply(outcome, done, back, locale);

  return dispatchIntent(
    form.get("intent"),
    {
      shortlist: async () =>
        decided(await setShortlisted(db, viewer, quoteId, true), t.shortlistAdded),
      unshortlist: async () =>
        decided(await setShortlisted(db, viewer, quoteId, false), t.shortlistRemoved),
      decline: async () => {
        const submission = parseWithZod(form, {
          schema: declineSchema(locale),
          error: formErrorMap(locale),
        });
        if (submission.status !== "success") {
          return data<ActionReply>({ result: submission.reply() }, { status: 400 });
        }
        const reason = submission.value.reason ?? null;
        return decided(await declineQuote(db, viewer, quoteId, reason), t.declined);
      },
      accept: async () => decided(await acceptQuote(db, viewer, quoteId), t.accepted),
    },
    { locale, text: t.unknownIntent },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { tenderQuotes }).tenderQuotes;
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: loaderData ? t.metaTitle(loaderData.tender.title) : t.heading,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function MyTender({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  const { tender, quotes: list, viewer, list: query, counts, comparison } = loaderData;
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const view: QuoteListView = {
    tenderId: tender.id,
    ...query,
    viewer,
    decides: viewer === "buyer" && tender.status === "active",
  };
  const open = (name: QuoteDecision) => {
    const id = params.get(name);
    const quote = id ? list.find((item) => item.id === id) : undefined;
    return view.decides && quote?.status === "submitted" ? quote : undefined;
  };
  const accepting = open("accept");
  const declining = accepting ? undefined : open("decline");
  const pageHref = localizedHref(tenderQuotesHref(tender.id, query), locale);
  const close = () => navigate(pageHref, { replace: true, preventScrollReset: true });

  return (
    <div className="flex-1 bg-slate-50">
      <TenderPageHeader
        back={{ to: "/my-tenders", label: t.back }}
        status={tender.status}
        title={tender.title}
        className="pb-6"
      >
        <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-slate-700 text-sm">
          <span className="inline-flex items-center gap-1.5">
            <Package className="size-4 text-slate-400" aria-hidden="true" />
            <span className="text-slate-500">{t.quantity}:</span>
            {formatQuantity(tender.quantity, locale)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Wallet className="size-4 text-slate-400" aria-hidden="true" />
            <span className="text-slate-500">{t.budget}:</span>
            {formatBudget(tender, locale)}
          </span>
          <Link
            to={`/tenders/${tender.id}`}
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t.publicPage}
          </Link>
        </div>
      </TenderPageHeader>

      <div className="mx-auto w-full max-w-7xl space-y-5 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {reply?.toast?.type === "error" && !reply.result && (
          <FormAlert message={reply.toast.description} />
        )}
        <TenderQuotesNotices
          status={tender.status}
          viewer={viewer}
          winner={list.find((quote) => quote.status === "accepted")}
        />
        <TenderQuotesSection quotes={list} view={view} counts={counts} comparison={comparison} />
        {loaderData.invitationsPanel && <InvitationsSection panel={loaderData.invitationsPanel} />}
      </div>

      <DecisionDialog decision="accept" quote={accepting} closeHref={pageHref} onClose={close} />
      <DecisionDialog
        decision="decline"
        quote={declining}
        closeHref={pageHref}
        onClose={close}
        lastResult={reply?.result}
      />
    </div>
  );
}
