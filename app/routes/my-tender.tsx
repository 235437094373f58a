import { ExternalLink, Package, Wallet } from "lucide-react";
import { data, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { useToast } from "~/components/toasts";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { messagesFor, quotes, tenderQuotes } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import type { Outcome } from "~/domain/outcome";
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
  acceptReceivedQuote,
  declineReceivedQuote,
  shortlistQuote,
} from "~/features/quotes/decisions.server";
import type { QuoteProblem } from "~/features/quotes/problems";
import {
  isQuoteSort,
  listTenderQuotes,
  markQuoteNoticesRead,
} from "~/features/quotes/quotes.server";
import { TechPackList } from "~/features/tenders/components/tech-pack";
import { formatBudget, formatQuantity } from "~/features/tenders/components/tender-card";
import { TenderPageHeader } from "~/features/tenders/components/tender-page-header";
import { techPackFor } from "~/features/tenders/tech-pack.server";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, refusedBody, reply, toastOf } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { signInRedirect } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/my-tender";

export const handle = routeFacts({ private: true, htmlFirstSignedIn: true });

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
  // The tech pack (docs/decisions/031) for the owner, as on the tender's page; null for an admin,
  // whom the download route refuses too.
  const techPack = await techPackFor(runtime.db, viewer, found.tender.id).catch(
    unavailableWhenUnreachable,
  );
  return {
    ...found,
    invitationsPanel,
    techPack,
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await actorContext(request, context);
  const { locale } = ctx;
  const m = messagesFor(locale, { tenderQuotes, quotes });
  const t = m.tenderQuotes;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { toast: true });
  const form = read.form;
  const back = localizedHref(tenderQuotesHref(String(params.id), listOf(request)), locale);
  // Back to the page (in its sort) with a success toast; a refusal in an error toast, but the
  // decline's reason is said in its dialog's form.
  const decided = (outcome: Outcome<true, QuoteProblem>, done: string) =>
    reply(outcome, {
      locale,
      texts: m.quotes.problems,
      form,
      toast: outcome.ok || outcome.problem !== "invalid",
      done: () => redirectWithToast(back, { type: "success", description: done }),
    });
  return dispatchIntent(
    form.get("intent"),
    {
      shortlist: async () =>
        decided(await shortlistQuote(ctx, { form, shortlisted: true }), t.shortlistAdded),
      unshortlist: async () =>
        decided(await shortlistQuote(ctx, { form, shortlisted: false }), t.shortlistRemoved),
      decline: async () => decided(await declineReceivedQuote(ctx, { form }), t.declined),
      accept: async () => decided(await acceptReceivedQuote(ctx, { form }), t.accepted),
    },
    {
      locale,
      text: t.unknownIntent,
      reply: (text) => data<ActionReply>({ toast: toastOf("error", text) }, { status: 400 }),
    },
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
  useToast(actionData?.toast);
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
        {actionData?.toast?.type === "error" && !actionData.result && (
          <FormAlert message={actionData.toast.description} />
        )}
        <TenderQuotesNotices
          status={tender.status}
          viewer={viewer}
          winner={list.find((quote) => quote.status === "accepted")}
        />
        {/* New quotes and their states come in live (workspace-scripts.ts on the light page). */}
        <div data-live="tender-quotes">
          <TenderQuotesSection quotes={list} view={view} counts={counts} comparison={comparison} />
        </div>
        {loaderData.techPack && <TechPackList tenderId={tender.id} files={loaderData.techPack} />}
        {loaderData.invitationsPanel && <InvitationsSection panel={loaderData.invitationsPanel} />}
      </div>

      <DecisionDialog decision="accept" quote={accepting} closeHref={pageHref} onClose={close} />
      <DecisionDialog
        decision="decline"
        quote={declining}
        closeHref={pageHref}
        onClose={close}
        lastResult={actionData?.result}
      />
    </div>
  );
}
