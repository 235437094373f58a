import { Award } from "lucide-react";
import { FileLabel } from "~/components/file-label";
import { withUserText } from "~/components/user-content";
import { attachmentHref } from "~/domain/attachments";
import { attachments as attachmentMessages, tenderQuotes } from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { useMessages } from "~/lib/i18n";
import type { TenderQuote } from "./tender-quote-facts";

/** The factory's message and files, the decline reason or the outcome; null when none. */
export function QuoteNotes({ quote }: { quote: TenderQuote }) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  if (!hasQuoteNotes(quote)) return null;
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

/** Whether QuoteNotes has anything to show: a message, files, or a decided status. */
export function hasQuoteNotes(quote: TenderQuote): boolean {
  return Boolean(quote.message) || quote.attachments.length > 0 || quote.status !== "submitted";
}

function Attachments({ quote }: { quote: TenderQuote }) {
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
              <FileLabel name={file.name} size={file.size} iconClassName="text-slate-400" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
