import { quotes } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import type { QuoteStatus } from "~db/schema";

const tones: Record<QuoteStatus, { badge: string; dot: string }> = {
  submitted: { badge: "bg-sky-50 text-sky-800 ring-sky-200", dot: "bg-sky-500" },
  accepted: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-500" },
  declined: { badge: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-500" },
  withdrawn: { badge: "bg-slate-100 text-slate-600 ring-slate-200", dot: "bg-slate-400" },
};

/** A quote's status ('Отправлен', 'Принят', 'Отклонен', 'Отозван') as a coloured badge. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const m = useMessages({ quotes });
  const tone = tones[status];
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1",
        tone.badge,
      )}
      data-testid="quote-status"
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", tone.dot)} />
      {m.quotes.statuses[status]}
    </span>
  );
}
