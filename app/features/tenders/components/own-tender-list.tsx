import { Inbox, Lock, LockOpen } from "lucide-react";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { DeleteOwnButton, EditOwnLink } from "~/components/workspace/own-card-actions";
import { tenderQuotes, tenders } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import { StatusBadge, TenderCard, type TenderView } from "./tender-card";

/** Quotes and unread messages per tender id. */
export type QuoteCounts = Partial<Record<string, { quotes: number; unread: number }>>;

/**
 * The buyer's own tenders on /my-tenders as cards, each with its quotes, 'Редактировать',
 * 'Закрыть' or 'Открыть снова' (not for an awarded tender) and 'Удалить'.
 */
export function OwnTenderList({
  items,
  counts,
  editHref,
  closeHref,
  action,
}: {
  items: readonly TenderView[];
  counts: QuoteCounts;
  editHref: (id: string) => string;
  /** The list with the tender's closing to confirm (`?close=<id>`). */
  closeHref: (id: string) => string;
  /** Where the forms post (the page, with its query). */
  action: string;
}) {
  const my = useMessages({ tenders }).tenders.my;
  /** What deleting says: an awarded tender is archived; quotes that would go are named. */
  const removal = (tender: TenderView) => {
    const quotes = counts[tender.id]?.quotes ?? 0;
    if (tender.status === "awarded") {
      return {
        delete: my.archive,
        deleteTitle: my.archiveTitle,
        deleteText: my.archiveText,
        deleteAction: my.archiveAction,
      };
    }
    return quotes > 0
      ? { ...my, deleteText: (title: string) => my.deleteWithQuotes(title, quotes) }
      : my;
  };
  return (
    <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
      {items.map((tender, index) => {
        const active = tender.status === "active";
        return (
          <li key={tender.id} className="flex">
            <div className="w-full">
              <TenderCard
                tender={tender}
                href={`/tenders/${tender.id}`}
                headingLevel={2}
                eager={index < 2}
                badge={<StatusBadge status={tender.status} />}
                actions={
                  <>
                    <QuotesLink
                      tenderId={tender.id}
                      quotes={counts[tender.id]?.quotes ?? 0}
                      unread={counts[tender.id]?.unread ?? 0}
                    />
                    {/* An awarded tender's terms are locked: no edit; it stays awarded. */}
                    {tender.status !== "awarded" && (
                      <EditOwnLink
                        to={editHref(tender.id)}
                        name={tender.title}
                        label={my.edit}
                        preventScrollReset
                      />
                    )}
                    {active && (
                      <Link
                        to={closeHref(tender.id)}
                        preventScrollReset
                        aria-label={`${my.close}: ${tender.title}`}
                        className={buttonVariants({ variant: "secondary", size: "sm" })}
                      >
                        <Lock aria-hidden="true" />
                        {my.close}
                      </Link>
                    )}
                    {tender.status === "closed" && (
                      <Form method="post" action={action} preventScrollReset>
                        <input type="hidden" name="tenderId" value={tender.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="reopen"
                          variant="secondary"
                          size="sm"
                          aria-label={`${my.reopen}: ${tender.title}`}
                        >
                          <LockOpen aria-hidden="true" />
                          {my.reopen}
                        </Button>
                      </Form>
                    )}
                    <DeleteOwnButton
                      name={tender.title}
                      texts={removal(tender)}
                      action={action}
                      fields={{ tenderId: tender.id }}
                    />
                  </>
                }
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** «Отклики (N)» to the tender's quotes, with the number of unread messages. */
function QuotesLink({
  tenderId,
  quotes,
  unread,
}: {
  tenderId: string;
  quotes: number;
  unread: number;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    <Link
      to={`/my-tenders/${tenderId}`}
      className={buttonVariants({ variant: quotes > 0 ? "primary" : "secondary", size: "sm" })}
      data-testid="tender-quotes-link"
    >
      <Inbox aria-hidden="true" />
      {t.quotesLink(quotes)}
      {/* The name read out is what is seen (no aria-label, whose words would differ); the card
          around the link names the tender. */}
      {unread > 0 && (
        <span className="rounded-full bg-red-600 px-1.5 py-0.5 font-bold text-[11px] text-white leading-none">
          {t.unread(unread)}
        </span>
      )}
    </Link>
  );
}
