import {
  Award,
  BadgeCheck,
  Ban,
  CircleCheck,
  CircleX,
  ClipboardCheck,
  EyeOff,
  Factory,
  FileBadge,
  FilePen,
  FileText,
  FileX,
  Lock,
  type LucideIcon,
  MailPlus,
  MailX,
  MessageSquare,
  MessageSquareReply,
  Package,
  PackageCheck,
  ShieldAlert,
  ShieldOff,
  ShieldQuestion,
  Star,
  Trash2,
  Truck,
  Undo2,
} from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { capabilities, certificates, notifications, verification } from "~/domain/catalogue";
import { formatDateTime } from "~/domain/format";
import { ownText } from "~/domain/locale";
import { isCertificateKind, isVerificationKind } from "~/domain/notifications";
import { useLocale, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import type { Certification, NotificationKind } from "~db/schema";

/** What a notification row needs to be told in words. */
export interface NotificationView {
  kind: NotificationKind;
  tenderTitle: string | null;
  actor: { name: string; nameEn: string | null } | null;
  /** The certification of a certificate kind. */
  certification?: Certification | null;
}

export const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  "quote-received": FileText,
  "message-received": MessageSquare,
  "quote-accepted": CircleCheck,
  "quote-declined": CircleX,
  "tender-awarded": Award,
  "tender-closed": Lock,
  "tender-deleted": Trash2,
  "quote-updated": FilePen,
  "quote-withdrawn": Undo2,
  "verification-requested": ShieldQuestion,
  "factory-verified": BadgeCheck,
  "verification-refused": ShieldAlert,
  "verification-revoked": ShieldOff,
  "certificate-verified": FileBadge,
  "certificate-rejected": FileX,
  "tender-invited": MailPlus,
  "invitation-declined": MailX,
  "order-sample-sent": Package,
  "order-sample-approved": CircleCheck,
  "order-sample-returned": Undo2,
  "order-production-started": Factory,
  "order-quality-passed": ClipboardCheck,
  "order-shipped": Truck,
  "order-delivered": PackageCheck,
  "order-cancelled": Ban,
  "review-received": Star,
  "review-answered": MessageSquareReply,
  "review-hidden": EyeOff,
  "order-terms-proposed": FilePen,
  "order-terms-accepted": CircleCheck,
  "order-terms-declined": CircleX,
  "order-terms-withdrawn": Undo2,
  "order-dispute-opened": ShieldAlert,
  "order-dispute-resolved": BadgeCheck,
};

/** Private-use characters that stand for the two texts while the sentence is split. */
const SLOTS = ["\uE000", "\uE001"] as const;

/**
 * A sentence with people's words in two places (`format(a, b)`), each marked as theirs
 * (`data-user-content`), as `withUserText` does for one.
 */
function withUserTexts(format: (a: string, b: string) => string, a: string, b: string): ReactNode {
  const values = { [SLOTS[0]]: a, [SLOTS[1]]: b } as Record<string, string>;
  const parts = format(SLOTS[0], SLOTS[1]).split(/([\uE000\uE001])/);
  return (
    <>
      {parts.map((part, index) =>
        Object.hasOwn(values, part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
          <span key={index} data-user-content>
            {values[part]}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The name of the account that caused it in the page's language; null once it is deleted. */
export function useActorName(actor: NotificationView["actor"]): string | null {
  const locale = useLocale();
  return actor ? ownText(actor.name, actor.nameEn, locale) : null;
}

/** The notification in one sentence: «Фабрика «…» откликнулась на тендер «…»». */
export function NotificationSentence({ item }: { item: NotificationView }) {
  const m = useMessages({ notifications, verification, certificates, capabilities });
  const t = m.notifications;
  const name = useActorName(item.actor);
  const kind = item.kind;
  if (isCertificateKind(kind)) {
    const label = item.certification ? m.capabilities.certifications[item.certification] : "";
    return m.certificates.notifications[kind](label);
  }
  if (isVerificationKind(kind)) {
    const about = m.verification.notifications;
    return kind === "verification-requested"
      ? withUserTexts((factory) => about[kind](factory), name ?? t.deletedUser, "")
      : about[kind]();
  }
  const title = item.tenderTitle ?? "";
  if (name === null && (item.kind === "quote-received" || item.kind === "message-received")) {
    const format = t.byDeletedUser[item.kind];
    return withUserTexts((_, tender) => format(tender), "", title);
  }
  return withUserTexts(t.kinds[kind], name ?? t.deletedUser, title);
}

/**
 * A date and time: in UTC in the server's HTML (the same for everyone), then in the reader's own
 * time zone once the page runs.
 */
export function When({ date }: { date: Date | string }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const timeZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const value = date instanceof Date ? date : new Date(date);
  return <time dateTime={value.toISOString()}>{formatDateTime(value, { locale, timeZone })}</time>;
}
