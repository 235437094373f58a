/**
 * What the notifications page and the services share about a notification: where it leads.
 * (The kinds themselves are defined once, in db/schema.ts NOTIFICATION_KINDS.)
 */
import type { NotificationKind, TenderAlertMode } from "~db/schema";

/**
 * Where a notification leads (a Russian address; pages put it into their language): a new quote
 * to the buyer's page of that tender with its quotes; anything else to the quote and its
 * conversation, or to the tender's page once the quote is gone. Null when neither is left.
 */
export function notificationHref(row: {
  kind: NotificationKind;
  tenderId: string | null;
  quoteId: string | null;
  factoryId?: string | null;
  orderId?: string | null;
}): string | null {
  if (isOrderKind(row.kind) || isReviewKind(row.kind)) {
    return row.orderId ? `/orders/${row.orderId}` : null;
  }
  if (isCertificateKind(row.kind)) return "/factory-dashboard/certificates";
  if (isVerificationKind(row.kind)) {
    if (!row.factoryId) return null;
    return row.kind === "verification-requested"
      ? "/admin/verifications"
      : "/factory-dashboard#verification";
  }
  if (row.kind === "invitation-declined") {
    return row.tenderId ? `/my-tenders/${row.tenderId}#invitations` : null;
  }
  if (row.kind === "quote-received") return row.tenderId ? `/my-tenders/${row.tenderId}` : null;
  if (row.quoteId) return `/quotes/${row.quoteId}`;
  if (row.tenderId) return `/tenders/${row.tenderId}`;
  return null;
}

/** The kinds about a factory's verification (app/features/verification/verification.server.ts). */
export const VERIFICATION_KINDS = [
  "verification-requested",
  "factory-verified",
  "verification-refused",
  "verification-revoked",
] as const satisfies readonly NotificationKind[];
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export function isVerificationKind(kind: NotificationKind): kind is VerificationKind {
  return (VERIFICATION_KINDS as readonly NotificationKind[]).includes(kind);
}

/** The kinds about a factory's certificate (app/features/certificates/certificates.server.ts). */
export const CERTIFICATE_KINDS = [
  "certificate-verified",
  "certificate-rejected",
] as const satisfies readonly NotificationKind[];
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export function isCertificateKind(kind: NotificationKind): kind is CertificateKind {
  return (CERTIFICATE_KINDS as readonly NotificationKind[]).includes(kind);
}

/** The kinds about an order (app/features/orders/orders.server.ts): `order-` and the event's kind. */
export type OrderKind = Extract<NotificationKind, `order-${string}`>;

export function isOrderKind(kind: NotificationKind): kind is OrderKind {
  return kind.startsWith("order-");
}

/** The kinds about an order's review (app/features/reviews/reviews.server.ts; decision 033). */
export type ReviewKind = Extract<NotificationKind, `review-${string}`>;

export function isReviewKind(kind: NotificationKind): kind is ReviewKind {
  return kind.startsWith("review-");
}

/** The tender alert choices in the order the settings form offers them. */
export const TENDER_ALERT_CHOICES = [
  "instant",
  "daily",
  "off",
] as const satisfies readonly TenderAlertMode[];

// Every mode of the schema is offered (a mode added there without a choice here fails to compile).
type Missing = Exclude<TenderAlertMode, (typeof TENDER_ALERT_CHOICES)[number]>;
const everyModeOffered: [Missing] extends [never] ? true : never = true;
void everyModeOffered;

/**
 * Instant tender alerts one factory gets in 24 hours (decision 024). Alerts above it go into the
 * factory's next daily digest instead, so one buyer's burst of tenders reaches a factory as one
 * letter a day, not as a letter a tender.
 */
export const TENDER_ALERTS_PER_FACTORY_PER_DAY = 10;

/**
 * Whether a tender is mailed at once to the factories it fits. A tender without categories fits
 * every factory: it is not mailed at once to anybody (one such tender would be a letter to every
 * factory of the directory), only listed in the daily digests of the factories that chose them.
 */
export function alertsAtOnce(tender: { categories: readonly string[] }): boolean {
  return tender.categories.length > 0;
}
