import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  Award,
  Check,
  ExternalLink,
  FileText,
  Inbox,
  Lock,
  type LucideIcon,
  MapPin,
  MessagesSquare,
  Package,
  ShieldAlert,
  Star,
  Wallet,
  X,
} from "lucide-react";
import type { ReactNode } from "react";
import {
  data,
  Form,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
} from "react-router";
import { FactoryLogo } from "~/components/factory-logo";
import { QuoteStatusBadge } from "~/components/quotes/quote-status-badge";
import { formatBudget, formatQuantity, StatusBadge } from "~/components/tenders/tender-card";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import { locationText, withUserText } from "~/components/user-content";
import { VerifiedBadge } from "~/components/verified-badge";
import { attachmentHref, formatAttachmentSize } from "~/domain/attachments";
import {
  attachments as attachmentMessages,
  common,
  messagesFor,
  quotes,
  tenderQuotes,
} from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber, truncate } from "~/domain/format";
import { type Locale, localeOfPath, localizedHref, ownText } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { declineSchema } from "~/domain/schemas/quote";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/server/db.server";
import { actionToast, dispatchIntent } from "~/server/intents.server";
import {
  acceptQuote,
  declineQuote,
  isQuoteSort,
  listTenderQuotes,
  type QuoteOutcome,
  type QuoteSort,
  type ReceivedQuote,
  setShortlisted,
} from "~/server/quotes.server";
import { readForm, refusalText } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-tender";

// One of the buyer's tenders with the quotes it received (/my-tenders/{id}): a comparison table
// on wide screens and cards on phones, sortable by links (?sort=), with the buyer's shortlist
// mark, a link to each quote's conversation, and the decisions: decline (with a reason) and
// accept (which awards the tender and declines the others). Both decisions open a dialog by the
// page's address (?decline= / ?accept=), so they work without JavaScript too. An admin sees the
// page without any form.

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

const DEFAULT_SORT: QuoteSort = "price";

/** The page's address in the request's language, with its sort and nothing else. */
function pagePath(tenderId: string, sort: QuoteSort | null, locale: Locale): string {
  const query = sort && sort !== DEFAULT_SORT ? `?sort=${sort}` : "";
  return localizedHref(`/my-tenders/${tenderId}${query}`, locale);
}

function sortOf(value: string | null): QuoteSort {
  return isQuoteSort(value) ? value : DEFAULT_SORT;
}

function loginRedirect(request: Request, locale: Locale): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(localizedHref(`/login?redirectTo=${encodeURIComponent(back)}`, locale));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, user, locale } = requestOf(context);
  const viewer = await user();
  if (!viewer) throw loginRedirect(request, locale);
  const sort = sortOf(new URL(request.url).searchParams.get("sort"));
  const found = await listTenderQuotes(runtime.db, viewer, params.id, sort).catch(
    unavailableWhenUnreachable,
  );
  if (!found) throw data(null, { status: 404 });
  const now = Date.now();
  return {
    ...found,
    sort,
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
  if (!viewer) throw loginRedirect(request, locale);
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
  const back = pagePath(
    String(params.id),
    sortOf(new URL(request.url).searchParams.get("sort")),
    locale,
  );
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

type PageData = Route.ComponentProps["loaderData"];
type Quote = PageData["quotes"][number];

export default function MyTender({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  const { tender, quotes: list, viewer, sort } = loaderData;
  const m = useMessages({ tenderQuotes });
  const t = m.tenderQuotes;
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const decides = viewer === "buyer" && tender.status === "active";
  const open = (name: "accept" | "decline") => {
    const id = params.get(name);
    const quote = id ? list.find((item) => item.id === id) : undefined;
    return decides && quote?.status === "submitted" ? quote : undefined;
  };
  const accepting = open("accept");
  const declining = accepting ? undefined : open("decline");
  const pageHref = pagePath(tender.id, sort, locale);
  const close = () => navigate(pageHref, { replace: true, preventScrollReset: true });
  const winner = list.find((quote) => quote.status === "accepted");

  return (
    <div className="flex-1 bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-6 sm:px-6 lg:px-8">
          <Link
            to="/my-tenders"
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t.back}
          </Link>
          <div className="mt-4 flex flex-wrap items-center gap-1.5">
            <StatusBadge status={tender.status} />
          </div>
          <h1
            className="mt-2 max-w-4xl break-words font-extrabold text-2xl text-slate-900 leading-tight tracking-tight sm:text-3xl"
            data-user-content
          >
            {tender.title}
          </h1>
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
        </div>
      </header>

      <div className="mx-auto w-full max-w-7xl space-y-5 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        {reply?.toast?.type === "error" && !reply.result && (
          <FormAlert message={reply.toast.description} />
        )}
        {viewer === "admin" && <Notice icon={ShieldAlert} text={t.adminNotice} />}
        {tender.status === "closed" && <Notice icon={Lock} text={t.closedNotice} />}
        {tender.status === "awarded" && (
          <Notice
            icon={Award}
            tone="sky"
            text={
              winner
                ? withUserText(
                    t.awardedNotice,
                    ownText(winner.factory.name, winner.factory.nameEn, locale),
                  )
                : t.awardedNoticePlain
            }
          />
        )}

        <section aria-labelledby="quotes-heading" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
            <h2
              id="quotes-heading"
              className="font-extrabold text-slate-900 text-xl tracking-tight"
            >
              {t.heading}{" "}
              <span
                className="ml-2 font-semibold text-base text-slate-500"
                data-testid="quote-count"
              >
                {list.length}
              </span>
            </h2>
            {list.length > 1 && <SortBar tenderId={tender.id} sort={sort} />}
          </div>

          {list.length === 0 ? (
            <NoQuotes tenderId={tender.id} />
          ) : (
            <>
              <QuoteTable
                quotes={list}
                sort={sort}
                tenderId={tender.id}
                viewer={viewer}
                decides={decides}
              />
              <ul className="grid gap-4 md:grid-cols-2 xl:hidden" data-testid="quote-cards">
                {list.map((quote) => (
                  <li key={quote.id} className="flex min-w-0">
                    <QuoteCard
                      quote={quote}
                      tenderId={tender.id}
                      sort={sort}
                      viewer={viewer}
                      decides={decides}
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>

      <AcceptDialog quote={accepting} closeHref={pageHref} onClose={close} />
      <DeclineDialog
        quote={declining}
        closeHref={pageHref}
        onClose={close}
        lastResult={reply?.result}
      />
    </div>
  );
}

function Notice({
  icon: Icon,
  text,
  tone = "slate",
}: {
  icon: LucideIcon;
  text: ReactNode;
  tone?: "slate" | "sky";
}) {
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-2xl border px-5 py-4 text-sm leading-6",
        tone === "sky"
          ? "border-sky-200 bg-sky-50 text-sky-950"
          : "border-slate-300 bg-slate-100 text-slate-900",
      )}
      data-testid="tender-quotes-notice"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0">{text}</p>
    </div>
  );
}

function NoQuotes({ tenderId }: { tenderId: string }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    <EmptyState
      icon={Inbox}
      title={t.empty}
      text={t.emptyText}
      wideText
      action={{ to: `/tenders/${tenderId}`, label: t.emptyAction, icon: ExternalLink }}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Sorting

/** Which way each order runs, for aria-sort. */
const DIRECTION: Record<QuoteSort, "ascending" | "descending"> = {
  price: "ascending",
  quantity: "descending",
  minOrder: "ascending",
  leadTime: "ascending",
  validity: "descending",
  newest: "descending",
};

const sortHref = (tenderId: string, sort: QuoteSort) =>
  sort === DEFAULT_SORT ? `/my-tenders/${tenderId}` : `/my-tenders/${tenderId}?sort=${sort}`;

/** The orders as links (every width; the table's headers sort too). */
function SortBar({ tenderId, sort }: { tenderId: string; sort: QuoteSort }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    // On phones one row that scrolls by itself (the page does not), from `sm` up it wraps.
    <nav
      aria-label={t.sortBy}
      className="flex min-w-0 items-center gap-1.5 text-sm max-sm:-mx-4 max-sm:w-[calc(100%+2rem)] max-sm:overflow-x-auto max-sm:px-4 max-sm:pb-1 sm:flex-wrap"
    >
      <span className="mr-1 shrink-0 text-slate-500" aria-hidden="true">
        {t.sortBy}:
      </span>
      {(Object.keys(t.sorts) as QuoteSort[]).map((key) => (
        <Link
          key={key}
          to={sortHref(tenderId, key)}
          preventScrollReset
          aria-current={key === sort ? "true" : undefined}
          className={cn(
            "shrink-0 whitespace-nowrap rounded-full px-3 py-1 font-medium ring-1 ring-inset transition-colors",
            key === sort
              ? "bg-brand-700 text-white ring-brand-700"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
          )}
        >
          {t.sorts[key]}
        </Link>
      ))}
    </nav>
  );
}

function SortHeader({
  column,
  label,
  sort,
  tenderId,
  className,
}: {
  column: QuoteSort;
  label: string;
  sort: QuoteSort;
  tenderId: string;
  className?: string;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const active = column === sort;
  const Arrow = DIRECTION[column] === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? DIRECTION[column] : undefined} className={className}>
      <Link
        to={sortHref(tenderId, column)}
        preventScrollReset
        title={t.sortColumn(label)}
        className={cn(
          "inline-flex items-center gap-1 rounded hover:text-brand-800",
          active && "text-brand-800",
        )}
      >
        {label}
        <Arrow
          className={cn("size-3.5", active ? "opacity-100" : "opacity-30")}
          aria-hidden="true"
        />
      </Link>
    </th>
  );
}

// ---------------------------------------------------------------------------------------------
// A quote's facts, shared by the table and the cards

function useQuoteFacts(quote: Quote) {
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

function FactoryName({ quote, name }: { quote: Quote; name: string }) {
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

function ShortlistToggle({
  quote,
  name,
  viewer,
}: {
  quote: Quote;
  name: string;
  viewer: PageData["viewer"];
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const location = useLocation();
  if (viewer !== "buyer") {
    return quote.shortlisted ? (
      <span className="grid size-9 place-items-center text-amber-500" title={t.shortlisted}>
        <Star className="size-5 fill-current" aria-hidden="true" />
        <span className="sr-only">{t.shortlisted}</span>
      </span>
    ) : null;
  }
  const label = quote.shortlisted ? t.unshortlist(name) : t.shortlist(name);
  return (
    <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
      <input type="hidden" name="quoteId" value={quote.id} />
      <button
        type="submit"
        name="intent"
        value={quote.shortlisted ? "unshortlist" : "shortlist"}
        aria-pressed={quote.shortlisted}
        aria-label={label}
        title={label}
        className={cn(
          "grid size-9 place-items-center rounded-full transition-colors hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600",
          quote.shortlisted ? "text-amber-500" : "text-slate-400 hover:text-amber-500",
        )}
      >
        <Star className={cn("size-5", quote.shortlisted && "fill-current")} aria-hidden="true" />
      </button>
    </Form>
  );
}

function ConversationLink({
  quote,
  name,
  viewer,
}: {
  quote: Quote;
  name: string;
  viewer: PageData["viewer"];
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const unread = viewer === "buyer" ? quote.unread : 0;
  return (
    <Link
      to={`/quotes/${quote.id}`}
      aria-label={`${t.conversation}: ${name}${unread > 0 ? `, ${t.unreadLong(unread)}` : ""}`}
      className={buttonVariants({ variant: "secondary", size: "sm" })}
    >
      <MessagesSquare aria-hidden="true" />
      {t.conversation}
      {unread > 0 && (
        <span
          className="rounded-full bg-red-600 px-1.5 py-0.5 font-bold text-[11px] text-white leading-none"
          data-testid="quote-unread"
        >
          {t.unread(unread)}
        </span>
      )}
    </Link>
  );
}

function Attachments({ quote }: { quote: Quote }) {
  const locale = useLocale();
  const m = useMessages({ tenderQuotes, attachments: attachmentMessages });
  if (quote.attachments.length === 0) return null;
  return (
    <div className="min-w-0">
      <p className="font-semibold text-slate-500 text-xs uppercase tracking-wider">
        {m.tenderQuotes.files}
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-2">
        {quote.attachments.map((file) => (
          <li key={file.url} className="min-w-0 max-w-full">
            {/* A shared address (no language prefix); a PDF always comes as a download. */}
            <a
              href={attachmentHref(quote.id, file)}
              {...(file.kind === "image" ? { target: "_blank", rel: "noopener" } : {})}
              aria-label={
                file.kind === "pdf"
                  ? m.attachments.download(file.name)
                  : m.attachments.open(file.name)
              }
              className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-slate-800 text-xs hover:border-brand-300 hover:text-brand-800"
            >
              <FileText className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 truncate" data-user-content>
                {file.name}
              </span>
              <span className="shrink-0 text-slate-500">
                {formatAttachmentSize(file.size, locale)}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The factory's message and files, the decline reason or the outcome; null when none. */
function QuoteNotes({ quote }: { quote: Quote }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  if (!quote.message && quote.attachments.length === 0 && quote.status === "submitted") {
    return null;
  }
  return (
    <div className="min-w-0 space-y-3">
      {quote.message && (
        <div className="min-w-0">
          <p className="font-semibold text-slate-500 text-xs uppercase tracking-wider">
            {t.message}
          </p>
          <p
            className="mt-1 line-clamp-3 whitespace-pre-line break-words text-slate-700 text-sm leading-6"
            data-user-content
          >
            {truncate(quote.message, 400)}
          </p>
        </div>
      )}
      <Attachments quote={quote} />
      {quote.status === "declined" && quote.declineReason && (
        <p className="break-words text-red-800 text-sm" data-testid="decline-reason">
          {withUserText(t.reason, quote.declineReason)}
        </p>
      )}
      {quote.status === "accepted" && (
        <p className="flex items-center gap-1.5 font-semibold text-emerald-800 text-sm">
          <Award className="size-4 shrink-0" aria-hidden="true" />
          {t.acceptedNote}
        </p>
      )}
      {quote.status === "withdrawn" && <p className="text-slate-500 text-sm">{t.withdrawnNote}</p>}
    </div>
  );
}

/** 'Принять' and 'Отклонить': links that open the decision dialogs by the page's address. */
function DecisionLinks({
  quote,
  name,
  tenderId,
  sort,
}: {
  quote: Quote;
  name: string;
  tenderId: string;
  sort: QuoteSort;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const dialogHref = (kind: "accept" | "decline") => {
    const params = new URLSearchParams();
    if (sort !== DEFAULT_SORT) params.set("sort", sort);
    params.set(kind, quote.id);
    return `/my-tenders/${tenderId}?${params.toString()}`;
  };
  return (
    <>
      <Link
        to={dialogHref("accept")}
        preventScrollReset
        aria-label={t.acceptLabel(name)}
        className={buttonVariants({ variant: "primary", size: "sm" })}
      >
        <Check aria-hidden="true" />
        {t.accept}
      </Link>
      <Link
        to={dialogHref("decline")}
        preventScrollReset
        aria-label={t.declineLabel(name)}
        className={buttonVariants({
          variant: "ghost",
          size: "sm",
          className: "text-red-700 hover:bg-red-50 hover:text-red-800",
        })}
      >
        <X aria-hidden="true" />
        {t.decline}
      </Link>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// The table (wide screens) and the cards (phones and tablets)

function QuoteTable({
  quotes: list,
  sort,
  tenderId,
  viewer,
  decides,
}: {
  quotes: Quote[];
  sort: QuoteSort;
  tenderId: string;
  viewer: PageData["viewer"];
  decides: boolean;
}) {
  const m = useMessages({ quotes, tenderQuotes });
  const c = m.quotes.columns;
  const t = m.tenderQuotes;
  const head =
    "whitespace-nowrap px-3 py-3 text-left font-semibold text-slate-600 text-xs uppercase tracking-wider";
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white xl:block">
      <table className="w-full border-collapse text-sm" data-testid="quote-table">
        <caption className="sr-only">{t.heading}</caption>
        <thead className="border-slate-200 border-b bg-slate-50">
          <tr>
            <th scope="col" className={cn(head, "w-12")}>
              <span className="sr-only">{t.columns.shortlist}</span>
            </th>
            <th scope="col" className={head}>
              {c.factory}
            </th>
            <SortHeader
              column="price"
              label={c.price}
              sort={sort}
              tenderId={tenderId}
              className={head}
            />
            <SortHeader
              column="quantity"
              label={c.quantity}
              sort={sort}
              tenderId={tenderId}
              className={head}
            />
            <SortHeader
              column="minOrder"
              label={c.minOrder}
              sort={sort}
              tenderId={tenderId}
              className={head}
            />
            <SortHeader
              column="leadTime"
              label={c.leadTime}
              sort={sort}
              tenderId={tenderId}
              className={head}
            />
            <th scope="col" className={head}>
              {c.sample}
            </th>
            <SortHeader
              column="validity"
              label={c.validity}
              sort={sort}
              tenderId={tenderId}
              className={head}
            />
            <th scope="col" className={head}>
              {c.status}
            </th>
            <th scope="col" className={head}>
              {t.columns.conversation}
            </th>
          </tr>
        </thead>
        {list.map((quote) => (
          <QuoteRows
            key={quote.id}
            quote={quote}
            viewer={viewer}
            decides={decides}
            tenderId={tenderId}
            sort={sort}
          />
        ))}
      </table>
    </div>
  );
}

function QuoteRows({
  quote,
  viewer,
  decides,
  tenderId,
  sort,
}: {
  quote: Quote;
  viewer: PageData["viewer"];
  decides: boolean;
  tenderId: string;
  sort: QuoteSort;
}) {
  const facts = useQuoteFacts(quote);
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const cell = "px-3 py-3 align-top";
  const muted = quote.status === "withdrawn" || quote.status === "declined";
  const canDecide = decides && quote.status === "submitted";
  const hasDetails =
    Boolean(quote.message) ||
    quote.attachments.length > 0 ||
    quote.status !== "submitted" ||
    canDecide;
  return (
    <tbody
      className={cn(
        "border-slate-200 border-b last:border-b-0",
        quote.shortlisted && "bg-amber-50/50",
        quote.status === "accepted" && "bg-emerald-50/50",
      )}
      data-testid="quote-row"
      data-quote-id={quote.id}
    >
      <tr className={cn(muted && "text-slate-500")}>
        <td className={cn(cell, "pr-0")}>
          <ShortlistToggle quote={quote} name={facts.name} viewer={viewer} />
        </td>
        <th scope="row" className={cn(cell, "min-w-56 text-left font-normal")}>
          <div className="flex items-start gap-3">
            <FactoryLogo url={quote.factory.logoUrl} name={facts.name} alt="" size={40} />
            <div className="min-w-0">
              <FactoryName quote={quote} name={facts.name} />
              {quote.factory.verified && <VerifiedBadge className="mt-1 px-2 py-0.5" />}
              {facts.location && (
                <p className="mt-1 flex items-start gap-1 text-slate-500 text-xs">
                  <MapPin className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                  <span>{facts.location}</span>
                </p>
              )}
            </div>
          </div>
        </th>
        <td className={cn(cell, "whitespace-nowrap")}>
          <span className={cn("font-bold text-base", muted ? "text-slate-500" : "text-slate-900")}>
            {facts.price}
          </span>
          <span className="block text-slate-500 text-xs">{t.perPiece}</span>
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.quantity}</td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.minOrder}</td>
        <td className={cn(cell, "whitespace-nowrap")}>{facts.leadTime}</td>
        <td className={cn(cell, "min-w-28")}>{facts.sample}</td>
        <td className={cn(cell, "whitespace-nowrap")}>
          {facts.validUntil}
          {quote.expired && (
            <span className="block font-semibold text-red-700 text-xs">{t.expired}</span>
          )}
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>
          <QuoteStatusBadge status={quote.status} />
        </td>
        <td className={cn(cell, "whitespace-nowrap")}>
          <ConversationLink quote={quote} name={facts.name} viewer={viewer} />
        </td>
      </tr>
      {hasDetails && (
        <tr>
          <td />
          <td colSpan={9} className="px-3 pt-0 pb-4">
            <div className="flex items-end justify-between gap-6">
              <div className="min-w-0 flex-1">
                <QuoteNotes quote={quote} />
              </div>
              {canDecide && (
                <div className="flex shrink-0 gap-2">
                  <DecisionLinks quote={quote} name={facts.name} tenderId={tenderId} sort={sort} />
                </div>
              )}
            </div>
          </td>
        </tr>
      )}
    </tbody>
  );
}

function QuoteCard({
  quote,
  viewer,
  decides,
  tenderId,
  sort,
}: {
  quote: Quote;
  viewer: PageData["viewer"];
  decides: boolean;
  tenderId: string;
  sort: QuoteSort;
}) {
  const facts = useQuoteFacts(quote);
  const m = useMessages({ quotes, tenderQuotes });
  const c = m.quotes.columns;
  const t = m.tenderQuotes;
  const muted = quote.status === "withdrawn" || quote.status === "declined";
  const fact = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900 text-sm">{value}</dd>
    </div>
  );
  return (
    <article
      className={cn(
        "flex w-full min-w-0 flex-col gap-4 rounded-2xl border bg-white p-4",
        quote.shortlisted ? "border-amber-300" : "border-slate-200",
        quote.status === "accepted" && "border-emerald-300 bg-emerald-50/40",
      )}
      data-testid="quote-card"
      data-quote-id={quote.id}
    >
      <div className="flex items-start gap-3">
        <FactoryLogo url={quote.factory.logoUrl} name={facts.name} alt="" size={44} />
        <div className="min-w-0 flex-1">
          <h3 className="leading-snug">
            <FactoryName quote={quote} name={facts.name} />
          </h3>
          {facts.location && (
            <p className="mt-0.5 flex items-start gap-1 text-slate-500 text-xs">
              <MapPin className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">{facts.location}</span>
            </p>
          )}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {quote.factory.verified && <VerifiedBadge className="px-2 py-0.5" />}
            <QuoteStatusBadge status={quote.status} />
          </div>
        </div>
        <div className="-mt-1 -mr-1 shrink-0">
          <ShortlistToggle quote={quote} name={facts.name} viewer={viewer} />
        </div>
      </div>
      <p
        className={cn(
          "font-extrabold text-2xl tracking-tight",
          muted ? "text-slate-500" : "text-slate-900",
        )}
      >
        {facts.price}
        <span className="ml-1.5 font-medium text-slate-500 text-sm">{t.perPiece}</span>
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {fact(c.quantity, facts.quantity)}
        {fact(c.minOrder, facts.minOrder)}
        {fact(c.leadTime, facts.leadTime)}
        {fact(c.sample, facts.sample)}
        {fact(
          c.validity,
          <>
            {facts.validUntil}
            {quote.expired && (
              <span className="block font-semibold text-red-700 text-xs">{t.expired}</span>
            )}
          </>,
        )}
      </dl>
      <QuoteNotes quote={quote} />
      <div className="mt-auto flex flex-wrap gap-2 border-slate-100 border-t pt-3">
        {decides && quote.status === "submitted" && (
          <DecisionLinks quote={quote} name={facts.name} tenderId={tenderId} sort={sort} />
        )}
        <ConversationLink quote={quote} name={facts.name} viewer={viewer} />
      </div>
    </article>
  );
}

// ---------------------------------------------------------------------------------------------
// The decisions

function AcceptDialog({
  quote,
  closeHref,
  onClose,
}: {
  quote: Quote | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const location = useLocation();
  const m = useMessages({ tenderQuotes, common });
  const t = m.tenderQuotes;
  const here = `${location.pathname}${location.search}`;
  const busy = useIsSubmitting(location.pathname);
  const name = quote ? ownText(quote.factory.name, quote.factory.nameEn, locale) : "";
  return (
    <FormDialog
      open={quote !== undefined}
      title={t.acceptTitle}
      subtitle={name}
      closeHref={closeHref}
      onClose={onClose}
    >
      {quote && (
        <Form method="post" action={here} className="space-y-5">
          <input type="hidden" name="quoteId" value={quote.id} />
          <p className="text-slate-700 text-sm leading-6">{withUserText(t.acceptText, name)}</p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link
              to={closeHref}
              replace
              preventScrollReset
              className={buttonVariants({ variant: "secondary" })}
            >
              {m.common.cancel}
            </Link>
            <Button type="submit" name="intent" value="accept" disabled={busy}>
              <Award aria-hidden="true" />
              {busy ? t.busy : t.acceptConfirm}
            </Button>
          </div>
        </Form>
      )}
    </FormDialog>
  );
}

function DeclineDialog({
  quote,
  closeHref,
  onClose,
  lastResult,
}: {
  quote: Quote | undefined;
  closeHref: string;
  onClose: () => void;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const locale = useLocale();
  const name = quote ? ownText(quote.factory.name, quote.factory.nameEn, locale) : "";
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    <FormDialog
      open={quote !== undefined}
      title={t.declineTitle}
      subtitle={name}
      closeHref={closeHref}
      onClose={onClose}
    >
      {quote && (
        <DeclineForm
          key={quote.id}
          quote={quote}
          name={name}
          closeHref={closeHref}
          lastResult={lastResult}
        />
      )}
    </FormDialog>
  );
}

function DeclineForm({
  quote,
  name,
  closeHref,
  lastResult,
}: {
  quote: ReceivedQuote;
  name: string;
  closeHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const locale = useLocale();
  const location = useLocation();
  const m = useMessages({ tenderQuotes, common });
  const t = m.tenderQuotes;
  const [form, fields] = useSchemaForm(declineSchema(locale), lastResult, {
    id: `decline-${quote.id}`,
  });
  const busy = useIsSubmitting(location.pathname);
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      className="space-y-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="quoteId" value={quote.id} />
      <p className="text-slate-700 text-sm leading-6">{withUserText(t.declineText, name)}</p>
      <TextareaField
        field={fields.reason}
        label={t.declineReason}
        hint={t.declineReasonHint}
        rows={3}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className={buttonVariants({ variant: "secondary" })}
        >
          {m.common.cancel}
        </Link>
        <Button type="submit" name="intent" value="decline" variant="destructive" disabled={busy}>
          <X aria-hidden="true" />
          {busy ? t.busy : t.declineConfirm}
        </Button>
      </div>
    </Form>
  );
}
