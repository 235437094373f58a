import { FileSearch } from "lucide-react";
import { data, useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { useToast } from "~/components/toasts";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { AccessNotice } from "~/components/workspace/access-notice";
import { messagesFor, quoteForm, quotes } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import { OwnQuoteCard } from "~/features/quotes/components/own-quote-card";
import { withdrawOwnQuote } from "~/features/quotes/factory-quotes.server";
import { failedBecause } from "~/features/quotes/problems";
import { listOwnQuotes, type OwnQuote, QUOTES_PAGE_SIZE } from "~/features/quotes/quotes.server";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, factoryAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { databaseUnavailable } from "~/platform/db.server";
import { emptyPage, type Page } from "~/platform/pagination.server";
import { loadOrFallback } from "~/platform/partial-load.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/my-quotes";

export const handle = routeFacts({ private: true, htmlFirstSignedIn: true });

// 'Мои отклики': a factory's quotes on tenders with their status, unread messages and what it can
// still do with each (edit or withdraw while the buyer has not decided).

const PATH = "/my-quotes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await factoryAccess(context);
  if (!access.ok) return access.reply;
  const { value: list, failed: loadFailed } = await loadOrFallback(
    "[quotes] own list",
    () =>
      listOwnQuotes(access.db, access.user, {
        page: new URL(request.url).searchParams.get("page"),
      }),
    emptyPage<OwnQuote>(QUOTES_PAGE_SIZE),
  );
  return data(
    { state: "ready" as const, list, loadFailed },
    loadFailed ? databaseUnavailable() : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await actorContext(request, context);
  const { locale } = ctx;
  const m = messagesFor(locale, { quoteForm, quotes });
  const t = m.quoteForm.toasts;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { toast: true });
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      withdraw: async () =>
        reply(await withdrawOwnQuote(ctx, { form }), {
          locale,
          texts: failedBecause(t.withdrawFailed, m.quotes.problems),
          toast: true,
          // Back to the same page of the list.
          done: () =>
            redirectWithToast(localizedHref(`${PATH}${new URL(request.url).search}`, locale), {
              type: "success",
              description: t.withdrawn,
            }),
        }),
    },
    { locale, text: t.unknownIntent },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { quoteForm }).quoteForm.meta.myQuotes,
);

export default function MyQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ quoteForm });
  const my = m.quoteForm.my;
  useToast(actionData?.toast);
  if (loaderData.state !== "ready") {
    return (
      <AccessNotice
        state={loaderData.state}
        path={PATH}
        texts={{
          loginRequired: my.loginTitle,
          loginText: my.loginText,
          accessRestrictedText: my.restrictedText,
        }}
      />
    );
  }
  return <QuoteList list={loaderData.list} loadFailed={loaderData.loadFailed} />;
}

function QuoteList({ list, loadFailed }: { list: Page<OwnQuote>; loadFailed: boolean }) {
  const m = useMessages({ quoteForm, quotes });
  const my = m.quoteForm.my;
  const location = useLocation();
  return (
    <div className="flex-1 bg-slate-50">
      <div
        className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8"
        // Quotes' states come in live (workspace-scripts.ts on the light page).
        data-live="my-quotes"
      >
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
                <OwnQuoteCard quote={quote} action={`${location.pathname}${location.search}`} />
              </li>
            ))}
          </ul>
        )}
        <ListPagination className="mt-8" list={list} path={PATH} />
      </div>
    </div>
  );
}
