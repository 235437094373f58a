import { Award, Lock, type LucideIcon, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { withUserText } from "~/components/user-content";
import { tenderQuotes } from "~/domain/catalogue";
import { ownText } from "~/domain/locale";
import { TenderNotice } from "~/features/tenders/components/tender-notice";
import { useLocale, useMessages } from "~/lib/i18n";
import type { TenderStatus } from "~db/schema";
import type { QuoteListView, TenderQuote } from "./tender-quote-facts";

/**
 * What stands above a buyer's quotes: that an admin is only looking, that the tender is closed,
 * or that it was awarded (to whom, when the accepted quote is in the list).
 */
export function TenderQuotesNotices({
  status,
  viewer,
  winner,
}: {
  status: TenderStatus;
  viewer: QuoteListView["viewer"];
  winner: TenderQuote | undefined;
}) {
  const locale = useLocale();
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  return (
    <>
      {viewer === "admin" && <Notice icon={ShieldAlert} text={t.adminNotice} />}
      {status === "closed" && <Notice icon={Lock} text={t.closedNotice} />}
      {status === "awarded" && (
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
    </>
  );
}

function Notice({
  icon,
  text,
  tone,
}: {
  icon: LucideIcon;
  text: ReactNode;
  tone?: "slate" | "sky";
}) {
  return (
    <TenderNotice
      icon={icon}
      tone={tone}
      className="text-sm leading-6"
      testId="tender-quotes-notice"
    >
      <p className="min-w-0">{text}</p>
    </TenderNotice>
  );
}
