import { ClipboardList } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { conversations, messagesFor, orders } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { type Locale, localeOfPath, localizedHref, ownText } from "~/domain/locale";
import { orderOfQuote } from "~/features/orders/orders.server";
import { MessageComposer } from "~/features/quotes/components/message-composer";
import {
  ConversationHeader,
  type ConversationView,
  MessageList,
} from "~/features/quotes/components/message-list";
import { mayWrite, openConversation, sendMessage } from "~/features/quotes/conversations.server";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, signedIn } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/quote-conversation";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  body: { files: MAX_ATTACHMENTS, of: "pdf" },
});

/** The page's own address in `locale`, at its newest message. */
const latestHref = (quoteId: string, locale: Locale) =>
  localizedHref(`/quotes/${encodeURIComponent(quoteId)}#latest`, locale);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, viewer, locale } = await signedIn(request, context);
  const conversation = await openConversation(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!conversation) throw data(null, { status: 404 });
  // An accepted quote has its order (decision 032): the conversation leads to it.
  const orderId =
    conversation.quote.status === "accepted"
      ? await orderOfQuote(runtime.db, viewer, conversation.quote.id).catch(
          unavailableWhenUnreachable,
        )
      : null;
  const view: ConversationView = {
    party: conversation.party,
    quote: conversation.quote,
    tender: { id: conversation.tender.id, title: conversation.tender.title },
    buyerName: conversation.buyerName,
    factoryName: ownText(conversation.factory.name, conversation.factory.nameEn, locale),
    messages: conversation.messages.map((message) => ({
      id: message.id,
      body: message.body,
      attachments: message.attachments,
      createdAt: message.createdAt.toISOString(),
      side: message.side,
      mine: message.mine,
      unread: message.unread,
    })),
    earlier: conversation.earlier,
  };
  return { view, orderId };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await actorContext(request, context);
  const { locale } = ctx;
  const t = messagesFor(locale, { conversations }).conversations;
  // Who may write is decided before the body is read: a stranger's (or the admin's) post of any
  // size is refused unread (scripts/start.mjs discards the rest of it).
  const may = await mayWrite(ctx, params.id);
  if (!may.ok) return problemReply(may, { locale, texts: t.problems });
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      send: async () =>
        reply(await sendMessage(ctx, { quoteId: params.id, form }), {
          locale,
          texts: t.problems,
          form,
          // The new message's id to the fetcher; without JavaScript, Post/Redirect/Get back to
          // the newest message.
          done: ({ id, quoteId }) =>
            form.get("via") === "fetcher"
              ? { created: id }
              : redirectWithToast(latestHref(quoteId, locale), {
                  type: "success",
                  description: t.sent,
                }),
        }),
    },
    {
      locale,
      reply: (text) =>
        data<ActionReply>({ result: { status: "error", error: { "": [text] } } }, { status: 400 }),
    },
  );
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { conversations }).conversations;
  const tender = loaderData?.view.tender.title;
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: tender ? `${t.metaTitle}: ${tender}` : t.metaTitle,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

/** Ids of the other side's messages that were unread at some load while the page is open. */
function useNewMarks(view: ConversationView): ReadonlySet<string> {
  const seen = useRef<{ quoteId: string; ids: Set<string> }>({ quoteId: "", ids: new Set() });
  return useMemo(() => {
    if (seen.current.quoteId !== view.quote.id) {
      seen.current = { quoteId: view.quote.id, ids: new Set() };
    }
    if (view.party !== "admin") {
      for (const message of view.messages) {
        if (!message.mine && message.unread) seen.current.ids.add(message.id);
      }
    }
    return new Set(seen.current.ids);
  }, [view]);
}

export default function QuoteConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { view, orderId } = loaderData;
  const m = useMessages({ conversations, orders });
  const t = m.conversations;
  const newIds = useNewMarks(view);
  const latestId = view.messages.at(-1)?.id ?? null;
  const canWrite = view.party !== "admin";

  // The newest message in view: on opening, and whenever a new one arrives.
  const composer = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const shownLatest = useRef<string | null>(null);
  useEffect(() => {
    const first = shownLatest.current === null;
    if (!first && shownLatest.current === latestId) return;
    shownLatest.current = latestId ?? "";
    const frame = requestAnimationFrame(() => {
      (composer.current ?? bottom.current)?.scrollIntoView({
        block: "end",
        behavior: first ? "auto" : "smooth",
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [latestId]);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-6 sm:py-10">
      <ConversationHeader view={view} />
      {orderId && (
        <Link
          to={`/orders/${orderId}`}
          className="inline-flex w-fit items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-800 text-sm ring-1 ring-brand-200 hover:bg-brand-100"
        >
          <ClipboardList className="size-4" aria-hidden="true" />
          {m.orders.page.fromQuote}
        </Link>
      )}
      {/* New messages come in live (workspace-scripts.ts on the light page). */}
      <section aria-labelledby="messages-heading" className="grid gap-3" data-live="messages">
        <h2 id="messages-heading" className="sr-only">
          {t.messagesHeading}
        </h2>
        <MessageList view={view} newIds={newIds} latestId={latestId} />
      </section>
      <div ref={bottom} data-open-at-end="">
        {canWrite ? (
          <div ref={composer}>
            <MessageComposer actionReply={actionData} id={latestId ? undefined : "latest"} />
          </div>
        ) : (
          <p
            id={latestId ? undefined : "latest"}
            className="rounded-2xl bg-slate-100 px-4 py-3 text-slate-700 text-sm"
            role="note"
          >
            {t.adminReadOnly}
          </p>
        )}
      </div>
    </div>
  );
}
