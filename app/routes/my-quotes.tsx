import { FileSearch, MessagesSquare, Pencil, Undo2 } from "lucide-react";
import { data, Form, redirect, useLocation } from "react-router";
import { Pagination } from "~/components/pagination";
import { AccessNotice } from "~/components/products/access-notice";
import { pageHref } from "~/components/products/page-href";
import { QuoteStatusBadge } from "~/components/quotes/quote-status-badge";
import { formatQuantity } from "~/components/tenders/tender-card";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";
import { common, messagesFor, quoteForm, quotes } from "~/domain/catalogue";
import { formatDate, formatMoney } from "~/domain/format";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import { databaseUnavailable } from "~/server/db.server";
import { dispatchIntent } from "~/server/intents.server";
import { loadWorkspace } from "~/server/products.server";
import {
  listOwnQuotes,
  type OwnQuote,
  QUOTES_PAGE_SIZE,
  type QuotePage,
  withdrawQuote,
} from "~/server/quotes.server";
import { readForm, refusalText } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-quotes";

// 'Мои отклики': a factory's quotes on tenders with their status, unread messages and what it can
// still do with each (edit or withdraw while the buyer has not decided).

const PATH = "/my-quotes";

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  if (!viewer) return data({ state: "anonymous" as const }, { status: 401 });
  const workspace = await loadWorkspace(runtime.db, viewer);
  if (workspace.state === "not-factory") {
    return data({ state: "not-factory" as const }, { status: 403 });
  }
  if (workspace.state === "no-factory") return { state: "no-factory" as const };
  let list: QuotePage<OwnQuote> = {
    items: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize: QUOTES_PAGE_SIZE,
  };
  let loadFailed = false;
  try {
    list = await listOwnQuotes(runtime.db, viewer, {
      page: new URL(request.url).searchParams.get("page"),
    });
  } catch (error) {
    console.error("[quotes] own list failed:", error);
    loadFailed = true;
  }
  return data(
    { state: "ready" as const, list, loadFailed },
    loadFailed ? databaseUnavailable() : undefined,
  );
}

type ActionReply = { toast?: ToastMessage };

const toast = (type: ToastMessage["type"], description: string): ToastMessage => ({
  id: crypto.randomUUID(),
  type,
  description,
});

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, runtime, user } = requestOf(context);
  const m = messagesFor(locale, { quoteForm, quotes });
  const t = m.quoteForm;
  const url = new URL(request.url);
  const viewer = await user();
  if (!viewer) {
    throw redirect(localizedHref(`/login?redirectTo=${encodeURIComponent(url.pathname)}`, locale));
  }
  const read = await readForm(request);
  if (!read.ok) {
    return data<ActionReply>({ toast: toast("error", refusalText(read)) }, { status: read.status });
  }
  const withdraw = async () => {
    const quoteId = read.form.get("quoteId");
    const outcome = await withdrawQuote(
      runtime.db,
      viewer,
      typeof quoteId === "string" ? quoteId : null,
    );
    if (!outcome.ok) {
      const problem = outcome.problem === "invalid" ? "not-found" : outcome.problem;
      return data<ActionReply>(
        { toast: toast("error", `${t.toasts.withdrawFailed}: ${m.quotes.problems[problem]}`) },
        { status: problem === "not-found" ? 404 : 409 },
      );
    }
    // Back to the same page of the list.
    return redirectWithToast(localizedHref(`${PATH}${url.search}`, locale), {
      type: "success",
      description: t.toasts.withdrawn,
    });
  };
  return dispatchIntent(
    read.form.get("intent"),
    { withdraw },
    { locale, text: t.toasts.unknownIntent },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { quoteForm }).quoteForm;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.meta.myQuotes, path: PATH, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function MyQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ quoteForm });
  const my = m.quoteForm.my;
  useToast((actionData as ActionReply | undefined)?.toast);
  if (loaderData.state !== "ready") {
    return (
      <AccessNotice
        state={loaderData.state}
        path={PATH}
        loginTitle={my.loginTitle}
        loginText={my.loginText}
        restrictedText={my.restrictedText}
      />
    );
  }
  return <QuoteList list={loaderData.list} loadFailed={loaderData.loadFailed} />;
}

function QuoteList({ list, loadFailed }: { list: QuotePage<OwnQuote>; loadFailed: boolean }) {
  const m = useMessages({ quoteForm, quotes });
  const my = m.quoteForm.my;
  const href = useLocalizedHref();
  const location = useLocation();
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header>
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">{my.title}</h1>
          <p className="mt-1.5 text-slate-600" data-testid="my-quotes-count">
            {my.subtitle} · {m.quotes.count(list.total)}
          </p>
        </header>

        {loadFailed && (
          <div className="mt-6">
            <FormAlert message={my.loadFailed} />
          </div>
        )}

        {list.total === 0 && !loadFailed ? (
          <EmptyState
            className="mt-8"
            icon={FileSearch}
            title={my.empty}
            text={my.emptyText}
            action={{ to: "/tenders", label: my.emptyAction }}
          />
        ) : (
          <ul className="mt-8 grid gap-4">
            {list.items.map((quote) => (
              <li key={quote.id}>
                <QuoteItem quote={quote} action={`${location.pathname}${location.search}`} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          className="mt-8"
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => href(pageHref(PATH, location.search, page))}
        />
      </div>
    </div>
  );
}

/** One quote: its tender, status, terms, the buyer's reason for a refusal, and its actions. */
function QuoteItem({ quote, action }: { quote: OwnQuote; action: string }) {
  const locale = useLocale();
  const m = useMessages({ quoteForm, quotes, common });
  const my = m.quoteForm.my;
  const f = m.quoteForm.form;
  const open = quote.status === "submitted";
  const headingId = `quote-${quote.id}-title`;
  const facts: [string, string][] = [
    [
      my.price,
      my.priceTimesQuantity(
        formatMoney(quote.unitPrice, quote.currency, locale),
        formatQuantity(quote.quantity, locale),
      ),
    ],
    [my.leadTime, m.quotes.days(quote.leadTimeDays)],
    [my.sent, formatDate(quote.createdAt, { locale })],
    [my.validUntil, formatDate(quote.validUntil, { locale })],
  ];
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6"
      data-testid="own-quote"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="min-w-0 font-bold text-lg text-slate-900 leading-snug">
          <Link
            to={`/tenders/${quote.tender.id}`}
            className="break-words hover:text-brand-800 hover:underline"
            data-user-content
          >
            {quote.tender.title}
          </Link>
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </div>
      {open && quote.tender.status !== "active" && (
        <p className="mt-1 text-slate-500 text-sm">{my.tenderClosed}</p>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500 text-xs">{label}</dt>
            <dd className="mt-0.5 font-semibold text-slate-900 text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      {quote.status === "declined" && quote.declineReason && (
        <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-900 text-sm">
          <span className="font-semibold">{my.declineReason}</span>{" "}
          <span data-user-content>{quote.declineReason}</span>
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-2 border-slate-100 border-t pt-4">
        <Link
          to={`/quotes/${quote.id}`}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <MessagesSquare aria-hidden="true" />
          {my.conversation}
          {quote.unread > 0 && (
            <span
              className="rounded-full bg-brand-700 px-2 py-0.5 font-bold text-white text-xs"
              data-testid="quote-unread"
            >
              <span aria-hidden="true">{quote.unread}</span>
              <span className="sr-only">{my.unread(quote.unread)}</span>
            </span>
          )}
        </Link>
        {open && (
          <>
            <Link
              to={`/tenders/${quote.tender.id}/quote`}
              className={buttonVariants({ variant: "secondary", size: "sm" })}
            >
              <Pencil aria-hidden="true" />
              {my.edit}
            </Link>
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Undo2 aria-hidden="true" />
                  {my.withdraw}
                </Button>
              }
              title={f.withdrawTitle}
              description={withUserText(f.withdrawText, quote.tender.title)}
              cancel={m.common.cancel}
              confirm={
                <Form method="post" action={action}>
                  <input type="hidden" name="quoteId" value={quote.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="withdraw"
                    variant="destructive"
                    className="w-full"
                  >
                    {f.withdrawConfirm}
                  </Button>
                </Form>
              }
            />
          </>
        )}
      </div>
    </article>
  );
}
