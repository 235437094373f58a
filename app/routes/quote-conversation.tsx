import { useEffect, useMemo, useRef } from "react";
import { data } from "react-router";
import { conversations, messagesFor } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { type Locale, localeOfPath, localizedHref, ownText } from "~/domain/locale";
import { removeAttachments, storeAttachments } from "~/features/quotes/attachments.server";
import { MessageComposer, type SendReply } from "~/features/quotes/components/message-composer";
import {
  ConversationHeader,
  type ConversationView,
  MessageList,
} from "~/features/quotes/components/message-list";
import {
  type ConversationProblem,
  openConversation,
  postMessage,
} from "~/features/quotes/conversations.server";
import { quotePartyOf } from "~/features/quotes/parties.server";
import { chatMessageSchema } from "~/features/quotes/schema";
import { dispatchIntent } from "~/http/intents.server";
import { requestOf } from "~/http/request-context.server";
import { signInRedirect } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedIn } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm, refusalText } from "~/platform/request-body.server";
import { type Storage, storageFor } from "~/platform/storage.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import type { Route } from "./+types/quote-conversation";

export const handle = routeFacts({ private: true, body: { files: MAX_ATTACHMENTS, of: "pdf" } });

/** The page's own address in `locale`, at its newest message. */
const latestHref = (quoteId: string, locale: Locale) =>
  localizedHref(`/quotes/${encodeURIComponent(quoteId)}#latest`, locale);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, viewer, locale } = await signedIn(request, context);
  const conversation = await openConversation(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!conversation) throw data(null, { status: 404 });
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
  return { view };
}

const STATUS: Record<ConversationProblem | "invalid", 400 | 403 | 404 | 413> = {
  "not-found": 404,
  "not-allowed": 403,
  empty: 400,
  "too-many-attachments": 400,
  "conversation-storage-full": 413,
  "account-storage-full": 413,
  invalid: 400,
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { runtime, user, locale } = requestOf(context);
  const viewer = await user();
  if (!viewer) return signInRedirect(request, locale);
  // Who may write is decided before the body is read: a stranger's (or the admin's) post of
  // any size is refused unread (scripts/start.mjs discards the rest of it).
  const party = await quotePartyOf(runtime.db, viewer, params.id).catch(unavailableWhenUnreachable);
  if (!party || party.party === "admin") {
    const problem = party ? "not-allowed" : "not-found";
    const text = messagesFor(locale, { conversations }).conversations.problems[problem];
    return data<SendReply>({ error: text }, { status: STATUS[problem] });
  }
  const read = await readForm(request);
  if (!read.ok) return data<SendReply>({ error: refusalText(read) }, { status: read.status });
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      send: () =>
        send({
          db: runtime.db,
          storage: storageFor(runtime.env),
          viewer,
          quoteId: params.id,
          form,
          locale,
        }),
    },
    { locale, reply: (text) => data<SendReply>({ error: text }, { status: 400 }) },
  );
}

interface SendRequest {
  db: Db;
  storage: Storage;
  viewer: CurrentUser;
  quoteId: string;
  form: FormData;
  locale: Locale;
}

/**
 * Writes a message of the viewer (a party to the quote, not the admin) with its files: back to
 * the newest message without JavaScript, the new message's id through the fetcher.
 */
async function send({ db, storage, viewer, quoteId, form, locale }: SendRequest) {
  const t = messagesFor(locale, { conversations }).conversations;
  const raw = form.get("body");
  // Browsers send a textarea's line breaks as CRLF; kept (and counted, as `maxLength` does) as LF.
  const body = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n") : "";
  const refuse = (problem: ConversationProblem) =>
    data<SendReply>(
      problem === "empty"
        ? { bodyErrors: [t.problems.empty], body }
        : { error: t.problems[problem], body },
      { status: STATUS[problem] },
    );
  // Strangers and the admin are turned away before any file is read.
  const access = await quotePartyOf(db, viewer, quoteId).catch(unavailableWhenUnreachable);
  if (!access) return refuse("not-found");
  if (access.party === "admin") return refuse("not-allowed");
  // The text's rules in the request's language (the service checks them again).
  const parsed = chatMessageSchema(locale).safeParse({ body });
  if (!parsed.success) {
    return data<SendReply>(
      { bodyErrors: parsed.error.issues.map((issue) => issue.message), body },
      { status: 400 },
    );
  }
  // The files are removed again when the message is not written (withStoredFiles).
  const saved = await withStoredFiles(
    () => storeAttachments(storage, form.getAll("attachments"), locale),
    ({ attachments }) => postMessage(db, viewer, quoteId, { body }, attachments),
    ({ attachments }) => removeAttachments(storage, attachments),
  ).catch(unavailableWhenUnreachable);
  if (!saved.stored) {
    return data<SendReply>({ fileErrors: saved.refused.errors, body }, { status: 400 });
  }
  const outcome = saved.written;
  if (!outcome.ok) {
    if (outcome.problem === "invalid") {
      return data<SendReply>(
        { bodyErrors: Object.values(outcome.fieldErrors).flat(), body },
        { status: 400 },
      );
    }
    return refuse(outcome.problem);
  }
  if (form.get("via") === "fetcher") return { ok: true, id: outcome.id } satisfies SendReply;
  // Post/Redirect/Get back to the newest message.
  return redirectWithToast(latestHref(access.quoteId, locale), {
    type: "success",
    description: t.sent,
  });
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
  const { view } = loaderData;
  const m = useMessages({ conversations });
  const t = m.conversations;
  const newIds = useNewMarks(view);
  const latestId = view.messages.at(-1)?.id ?? null;
  const canWrite = view.party !== "admin";
  const reply = actionData as SendReply | undefined;

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
      <section aria-labelledby="messages-heading" className="grid gap-3">
        <h2 id="messages-heading" className="sr-only">
          {t.messagesHeading}
        </h2>
        <MessageList view={view} newIds={newIds} latestId={latestId} />
      </section>
      <div ref={bottom}>
        {canWrite ? (
          <div ref={composer}>
            <MessageComposer actionReply={reply} id={latestId ? undefined : "latest"} />
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
