import { Check, CheckCheck } from "lucide-react";
import { FileLabel } from "~/components/file-label";
import { FactList } from "~/components/ui/fact-list";
import { Link } from "~/components/ui/link";
import { type Attachment, attachmentHref, attachmentThumbnailHref } from "~/domain/attachments";
import { attachments, common, conversations, quotes, tenderQuotes } from "~/domain/catalogue";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "~/domain/format";
import { QuoteStatusBadge } from "~/features/quotes/components/quote-status-badge";
import { sampleText } from "~/features/quotes/components/quote-terms";
import type { Conversation } from "~/features/quotes/conversations.server";
import { TenderTitleLink } from "~/features/tenders/components/tender-title-link";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

/** A message as the page shows it (app/routes/quote-conversation.tsx). */
export interface MessageView {
  id: string;
  body: string;
  attachments: Attachment[];
  /** ISO time. */
  createdAt: string;
  side: "buyer" | "factory";
  mine: boolean;
  /** Not read by its recipient yet. */
  unread: boolean;
}

export interface ConversationView {
  party: Conversation["party"];
  quote: Conversation["quote"];
  tender: { id: string; title: string };
  buyerName: string;
  /** The factory's name in the page's language. */
  factoryName: string;
  messages: MessageView[];
  earlier: number;
}

/** The other side of the conversation: 'Фабрика: <name>'. */
function Party({ label, name }: { label: string; name: string }) {
  return (
    <p className="min-w-0 break-words text-slate-700 [overflow-wrap:anywhere]">
      <span className="text-slate-500">{label}: </span>
      <span className="font-semibold text-slate-900" data-user-content>
        {name}
      </span>
    </p>
  );
}

/**
 * A date and time for the reader: UTC in the server's HTML (marked so), the browser's own time
 * zone once the page runs.
 */
function MessageTime({ iso }: { iso: string }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const m = useMessages({ conversations });
  const text = hydrated
    ? formatDateTime(iso, { locale, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone })
    : `${formatDateTime(iso, { locale })} ${m.conversations.utc}`;
  return (
    <time dateTime={iso} className="text-slate-500 text-xs tabular-nums">
      {text}
    </time>
  );
}

/** The conversation's heading: the tender, the other side, the quote's status and terms. */
export function ConversationHeader({ view }: { view: ConversationView }) {
  const m = useMessages({ conversations, quotes, common });
  const t = m.conversations;
  const locale = useLocale();
  const back =
    view.party === "buyer"
      ? { to: `/my-tenders/${view.tender.id}`, label: t.backToTender }
      : view.party === "factory"
        ? { to: "/my-quotes", label: t.backToQuotes }
        : null;
  const figures: [string, string][] = [
    [m.quotes.fields.unitPrice, formatMoney(view.quote.unitPrice, view.quote.currency, locale)],
    [m.quotes.columns.quantity, `${formatNumber(view.quote.quantity, locale)} ${m.common.pieces}`],
    [m.quotes.columns.leadTime, m.quotes.days(view.quote.leadTimeDays)],
  ];
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      {back && (
        <Link
          to={back.to}
          className="font-medium text-brand-700 text-sm underline-offset-4 hover:underline"
        >
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      )}
      <p
        className={cn(
          "font-semibold text-slate-500 text-xs uppercase tracking-wide",
          back && "mt-3",
        )}
      >
        {t.heading}
      </p>
      <h1 className="mt-1 break-words font-bold text-slate-900 text-xl [overflow-wrap:anywhere] sm:text-2xl">
        <TenderTitleLink
          tender={view.tender}
          className="underline-offset-4 hover:text-brand-800 hover:underline"
        />
      </h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {view.party !== "factory" && <Party label={t.withFactory} name={view.factoryName} />}
        {view.party !== "buyer" && <Party label={t.withBuyer} name={view.buyerName} />}
        <p className="flex items-center gap-2">
          <span className="sr-only">{t.quoteStatus}: </span>
          <QuoteStatusBadge status={view.quote.status} />
        </p>
      </div>
      <FactList
        facts={figures}
        label={t.figures}
        className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-sm"
        valueClassName="mt-0.5 break-words font-semibold text-slate-900"
      />
    </header>
  );
}

function AttachmentList({
  quoteId,
  files,
  label,
}: {
  quoteId: string;
  files: Attachment[];
  label?: string;
}) {
  const m = useMessages({ attachments, conversations });
  const listLabel = label ?? m.conversations.attachmentsOf;
  const images = files.filter((file) => file.kind === "image");
  const documents = files.filter((file) => file.kind === "pdf");
  return (
    <div className="mt-2 grid gap-2">
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={listLabel}>
          {images.map((file) => (
            <li key={file.url}>
              <a
                href={attachmentHref(quoteId, file)}
                target="_blank"
                rel="noopener"
                className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-400"
              >
                <img
                  src={attachmentThumbnailHref(quoteId, file) ?? attachmentHref(quoteId, file)}
                  alt={file.name}
                  data-user-content
                  loading="lazy"
                  className="size-24 bg-slate-100 object-cover sm:size-28"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 && (
        <ul className="grid gap-1.5" aria-label={listLabel}>
          {documents.map((file) => (
            <li key={file.url}>
              <a
                href={attachmentHref(quoteId, file)}
                download={file.name}
                aria-label={m.attachments.download(file.name)}
                className="flex min-w-0 items-center gap-2 rounded-lg bg-white/80 px-3 py-2 text-sm ring-1 ring-slate-200 hover:ring-brand-400"
              >
                <FileLabel
                  name={file.name}
                  size={file.size}
                  kind={m.attachments.pdf}
                  iconClassName="text-red-600"
                  nameClassName="font-medium text-brand-800"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The quote itself, the conversation's first entry: written by the factory when it was sent,
 * with every term (as they are now), its message and its files.
 */
function QuoteEntry({ view }: { view: ConversationView }) {
  const locale = useLocale();
  const m = useMessages({ conversations, quotes, tenderQuotes, common });
  const t = m.conversations;
  const c = m.quotes.columns;
  const quote = view.quote;
  const right = view.party !== "buyer";
  const pieces = (n: number) => `${formatNumber(n, locale)} ${m.common.pieces}`;
  const created = new Date(quote.createdAt);
  const terms: [string, string][] = [
    [c.price, formatMoney(quote.unitPrice, quote.currency, locale)],
    [c.quantity, pieces(quote.quantity)],
    [
      m.tenderQuotes.columns.total,
      formatMoney(Math.round(quote.unitPrice * quote.quantity * 100) / 100, quote.currency, locale),
    ],
    [c.minOrder, quote.minOrder != null ? pieces(quote.minOrder) : m.tenderQuotes.noMinOrder],
    [c.leadTime, m.quotes.days(quote.leadTimeDays)],
    [c.sample, sampleText(quote, locale)],
    [c.validity, formatDate(quote.validUntil, { locale })],
  ];
  return (
    <div className={cn("flex", right ? "justify-end" : "justify-start")}>
      <article
        className={cn(
          "w-full min-w-0 rounded-2xl px-4 py-3 shadow-xs ring-1 sm:max-w-[85%]",
          right
            ? "rounded-br-md bg-brand-50 ring-brand-100"
            : "rounded-bl-md bg-white ring-slate-200",
        )}
        aria-labelledby="quote-entry-heading"
        data-testid="quote-entry"
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3
            id="quote-entry-heading"
            className="min-w-0 break-words font-semibold text-slate-900 text-sm [overflow-wrap:anywhere]"
          >
            {t.quoteEntry}
            {view.party !== "factory" && (
              <>
                {": "}
                <span data-user-content>{view.factoryName}</span>
              </>
            )}
          </h3>
          <MessageTime iso={created.toISOString()} />
        </header>
        <FactList
          facts={terms}
          label={t.figures}
          className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3"
          valueClassName="mt-0.5 break-words font-semibold text-slate-900"
        />
        {quote.message && (
          <div className="mt-3">
            <p className="text-slate-500 text-xs">{t.quoteMessage}</p>
            <p
              className="mt-0.5 whitespace-pre-wrap break-words text-slate-800 text-sm leading-relaxed [overflow-wrap:anywhere]"
              data-user-content
              data-testid="quote-message"
            >
              {quote.message}
            </p>
          </div>
        )}
        {quote.attachments.length > 0 && (
          <div className="mt-3">
            <p className="text-slate-500 text-xs">{t.quoteFiles}</p>
            <AttachmentList quoteId={quote.id} files={quote.attachments} label={t.quoteFiles} />
          </div>
        )}
      </article>
    </div>
  );
}

/**
 * The messages, oldest first. `newIds`: messages of the other side that were unread when the
 * page opened (they keep their mark while the page stays open). The last message carries
 * `id="latest"`, the address a sent form comes back to.
 */
export function MessageList({
  view,
  newIds,
  latestId,
}: {
  view: ConversationView;
  newIds: ReadonlySet<string>;
  latestId: string | null;
}) {
  const m = useMessages({ conversations });
  const t = m.conversations;
  const authorOf = (message: MessageView) => {
    if (message.mine) return t.you;
    if (view.party === "admin") return `${t.sides[message.side]}`;
    return message.side === "factory" ? view.factoryName : view.buyerName;
  };
  // For an admin: the buyer on the left, the factory on the right.
  const onRight = (message: MessageView) =>
    view.party === "admin" ? message.side === "factory" : message.mine;
  return (
    <>
      <QuoteEntry view={view} />
      {view.earlier > 0 && (
        <p className="text-center text-slate-500 text-xs">{t.earlier(view.earlier)}</p>
      )}
      <ol className="grid gap-3 empty:hidden" data-testid="messages">
        {view.messages.map((message) => {
          const right = onRight(message);
          const isNew = newIds.has(message.id);
          return (
            <li
              key={message.id}
              id={message.id === latestId ? "latest" : undefined}
              className={cn("flex scroll-mt-24", right ? "justify-end" : "justify-start")}
              data-testid="message"
              // On a light page a live update keeps a 'new' message as it is, mark and all.
              data-live-key={message.id}
              data-live-keep={isNew ? "" : undefined}
            >
              <article
                className={cn(
                  "w-fit min-w-0 max-w-[88%] rounded-2xl px-4 py-3 shadow-xs ring-1 sm:max-w-[75%]",
                  right
                    ? "rounded-br-md bg-brand-50 ring-brand-100"
                    : "rounded-bl-md bg-white ring-slate-200",
                  isNew && "ring-2 ring-accent-500",
                )}
              >
                <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h3 className="min-w-0 break-words font-semibold text-slate-900 text-sm [overflow-wrap:anywhere]">
                    <span className="sr-only">{t.sentBy("")}</span>
                    {message.mine ? (
                      authorOf(message)
                    ) : (
                      <span data-user-content={view.party === "admin" ? undefined : true}>
                        {authorOf(message)}
                      </span>
                    )}
                  </h3>
                  <MessageTime iso={message.createdAt} />
                  {isNew && (
                    <span className="rounded-full bg-accent-500 px-2 py-0.5 font-bold text-[0.6875rem] text-slate-950 uppercase tracking-wide">
                      {t.newMark}
                    </span>
                  )}
                </header>
                {message.body && (
                  <p
                    className="mt-1 whitespace-pre-wrap break-words text-slate-800 text-sm leading-relaxed [overflow-wrap:anywhere]"
                    data-user-content
                  >
                    {message.body}
                  </p>
                )}
                {message.attachments.length > 0 && (
                  <AttachmentList quoteId={view.quote.id} files={message.attachments} />
                )}
                {message.mine && view.party !== "admin" && (
                  <p
                    className={cn(
                      "mt-1.5 flex items-center justify-end gap-1 text-xs",
                      message.unread ? "text-slate-500" : "text-brand-700",
                    )}
                    data-testid="read-mark"
                  >
                    {message.unread ? (
                      <Check className="size-3.5" aria-hidden="true" />
                    ) : (
                      <CheckCheck className="size-3.5" aria-hidden="true" />
                    )}
                    {message.unread ? t.notReadYet : t.read}
                  </p>
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </>
  );
}
