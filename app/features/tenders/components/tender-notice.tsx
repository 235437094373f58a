import { ArrowRight, Award, Lock, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { tenders } from "~/domain/catalogue";
import { formatPhone, phoneLink } from "~/domain/contacts";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

/**
 * A tender's standing in a box with its icon (closed, awarded, seen by an admin): sky for an
 * awarded tender, slate otherwise. `className` places and sizes it on its page.
 */
export function TenderNotice({
  icon: Icon,
  tone = "slate",
  className,
  testId,
  children,
}: {
  icon: LucideIcon;
  tone?: "slate" | "sky";
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-2xl border px-5 py-4",
        className,
        tone === "sky"
          ? "border-sky-200 bg-sky-50 text-sky-950"
          : "border-slate-300 bg-slate-100 text-slate-900",
      )}
      data-testid={testId}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {children}
    </div>
  );
}

/** Where a notice leads next: a link with an arrow. */
function NoticeLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 text-sm hover:text-brand-900 hover:underline"
    >
      {label}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

/**
 * For the factory the buyer chose, on the awarded tender's page: 'Вы выбраны исполнителем', its
 * conversation and the buyer's own contacts (the tender's are in its details).
 */
export function ChosenNotice({
  quoteId,
  buyer,
}: {
  quoteId: string;
  buyer: { name: string; email: string; phone: string | null } | null;
}) {
  const p = useMessages({ tenders }).tenders.page;
  return (
    <TenderNotice icon={Award} tone="sky" className="mt-5 max-w-3xl" testId="tender-chosen-notice">
      <div className="min-w-0">
        <p className="font-bold">{p.chosen}</p>
        <p className="mt-0.5 text-sm leading-6 opacity-90">{p.chosenText}</p>
        {buyer && (
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="opacity-75">{p.buyerContacts}</dt>
            <dd className="min-w-0 break-words font-semibold" data-user-content>
              {buyer.name}
            </dd>
            <dt className="opacity-75">{p.buyerEmail}</dt>
            <dd className="min-w-0 break-all">
              <a
                href={`mailto:${buyer.email}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {buyer.email}
              </a>
            </dd>
            {buyer.phone && (
              <>
                <dt className="opacity-75">{p.buyerPhone}</dt>
                <dd>
                  <a
                    href={phoneLink(buyer.phone)}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {formatPhone(buyer.phone)}
                  </a>
                </dd>
              </>
            )}
          </dl>
        )}
        <NoticeLink to={`/quotes/${quoteId}`} label={p.chosenConversation} />
      </div>
    </TenderNotice>
  );
}

/** Why a tender's public page takes no quotes (closed, or awarded), and a way to other tenders. */
export function TenderStatusNotice({ awarded }: { awarded: boolean }) {
  const p = useMessages({ tenders }).tenders.page;
  return (
    <TenderNotice
      icon={awarded ? Award : Lock}
      tone={awarded ? "sky" : "slate"}
      className="mt-5 max-w-3xl"
      testId="tender-status-notice"
    >
      <div className="min-w-0">
        <p className="font-bold">{awarded ? p.awarded : p.closed}</p>
        <p className="mt-0.5 text-sm leading-6 opacity-90">
          {awarded ? p.awardedText : p.closedText}
        </p>
        <NoticeLink to="/tenders" label={p.otherTenders} />
      </div>
    </TenderNotice>
  );
}
