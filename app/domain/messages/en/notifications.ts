import { TENDER_ALERTS_PER_FACTORY_PER_DAY } from "../../notifications";
import type { notifications as ru } from "../notifications";
import type { Translation } from "../shape";

export const notifications: Translation<typeof ru> = {
  bell: {
    label: (n: number) => (n === 0 ? "Notifications: nothing new" : `Notifications: ${n} unread`),
    link: "Notifications",
  },
  deletedUser: "Deleted user",
  kinds: {
    "quote-received": (actor: string, tender: string) =>
      `${actor} sent a quote for your tender “${tender}”`,
    "message-received": (actor: string, tender: string) =>
      `New message from ${actor} about “${tender}”`,
    "quote-accepted": (_actor: string, tender: string) => `Your quote for “${tender}” was accepted`,
    "quote-declined": (_actor: string, tender: string) => `Your quote for “${tender}” was declined`,
    "tender-awarded": (_actor: string, tender: string) =>
      `The tender “${tender}” went to another factory`,
    "tender-closed": (_actor: string, tender: string) => `The buyer closed the tender “${tender}”`,
    "tender-deleted": (_actor: string, tender: string) =>
      `The buyer deleted the tender “${tender}” with its quotes and conversations`,
    "quote-updated": (actor: string, tender: string) =>
      `${actor} changed its quote for your tender “${tender}”`,
    "quote-withdrawn": (actor: string, tender: string) =>
      `${actor} withdrew its quote for your tender “${tender}”`,
    "tender-invited": (actor: string, tender: string) =>
      `${actor} invited your factory to quote on the tender “${tender}”`,
    "invitation-declined": (actor: string, tender: string) =>
      `${actor} declined your invitation to the tender “${tender}”`,
    "order-sample-sent": (actor: string, tender: string) =>
      `${actor} sent a sample for the order “${tender}”`,
    "order-sample-approved": (actor: string, tender: string) =>
      `${actor} approved the sample for the order “${tender}”`,
    "order-sample-returned": (actor: string, tender: string) =>
      `${actor} sent the sample back for rework on the order “${tender}”`,
    "order-production-started": (actor: string, tender: string) =>
      `${actor} started production of the order “${tender}”`,
    "order-quality-passed": (actor: string, tender: string) =>
      `${actor}: the order “${tender}” passed the quality check`,
    "order-shipped": (actor: string, tender: string) => `${actor} shipped the order “${tender}”`,
    "order-delivered": (actor: string, tender: string) =>
      `${actor} confirmed delivery of the order “${tender}”`,
    "order-cancelled": (actor: string, tender: string) =>
      `${actor} cancelled the order “${tender}”`,
    "review-received": (actor: string, tender: string) => `${actor} reviewed the order “${tender}”`,
    "review-answered": (actor: string, tender: string) =>
      `${actor} replied to your review of the order “${tender}”`,
    "review-hidden": (_actor: string, tender: string) =>
      `An administrator hid the review of the order “${tender}”`,
    "order-terms-proposed": (actor: string, tender: string) =>
      `${actor} proposes a change of terms for the order “${tender}”`,
    "order-terms-accepted": (actor: string, tender: string) =>
      `${actor} accepted the change of terms for the order “${tender}”`,
    "order-terms-declined": (actor: string, tender: string) =>
      `${actor} declined the change of terms for the order “${tender}”`,
    "order-terms-withdrawn": (actor: string, tender: string) =>
      `${actor} withdrew the proposed change of terms for the order “${tender}”`,
    "order-dispute-opened": (actor: string, tender: string) =>
      `${actor} flagged a dispute on the order “${tender}” to an administrator`,
    "order-dispute-resolved": (_actor: string, tender: string) =>
      `An administrator resolved the dispute on the order “${tender}”`,
  },
  byDeletedUser: {
    "quote-received": (tender: string) => `A deleted user sent a quote for your tender “${tender}”`,
    "message-received": (tender: string) => `New message from a deleted user about “${tender}”`,
  },
  page: {
    title: "Notifications",
    subtitle: "Quotes, messages and decisions on your tenders and quotes",
    unreadCount: (n: number) => (n === 0 ? "All read" : `${n} unread`),
    markAllRead: "Mark all as read",
    markedAllRead: "All notifications are marked as read",
    markRead: "Mark as read",
    markedRead: "Notification marked as read",
    settings: "Notification settings",
    unread: "New",
    gone: "Tender deleted",
    unknownAction: "That action isn't available. Refresh the page and try again.",
    loadFailed: "We couldn't load your notifications. Please refresh the page in a moment.",
    empty: "No notifications yet",
    emptyText:
      "New quotes for your tenders, messages in your conversations and buyers' decisions on your quotes will show up here.",
  },
  settings: {
    title: "Notification settings",
    subtitle: "Choose which emails we send you. Notifications on the site always arrive.",
    back: "All notifications",
    eventsHeading: "Quotes and messages",
    emailEvents: "Email me about new quotes, messages and decisions",
    emailEventsHint: "At most one email per conversation every 15 minutes.",
    alertsHeading: "New tenders",
    alertsLegend: "Send me new tenders in my factory's categories",
    alertsHint: `The categories come from your factory profile. Right away means at most ${TENDER_ALERTS_PER_FACTORY_PER_DAY} emails a day; further tenders come in a digest. Tenders without categories are sent in the once-a-day digest only.`,
    alerts: {
      instant: "Right away, one email per tender",
      daily: "Once a day, in a single digest",
      off: "Don't send",
    },
    ownCountry: "Only tenders from my country",
    ownCountryHint: "The country comes from your factory profile.",
    save: "Save",
    saving: "Saving...",
    saved: "Notification settings saved",
    saveFailed: "We couldn't save your settings. Please try again.",
    errors: {
      alertsRequired: "Choose how to receive new tenders",
      alertsInvalid: "Choose one of the options",
      factoriesOnly: "New tender emails are available to factories only",
    },
  },
  unsubscribe: {
    title: "Unsubscribe",
    confirm: {
      events: "Unsubscribe from emails about quotes and messages?",
      alerts: "Unsubscribe from new tender emails?",
      searches: "Unsubscribe from emails about your saved searches?",
      all: "Unsubscribe from all emails?",
    },
    confirmText: {
      events:
        "You will no longer get emails about new quotes, messages and decisions. Notifications on the site stay.",
      alerts: "You will no longer get emails about new tenders.",
      searches:
        "You will no longer get emails about new factories for your saved searches. The searches stay on your Saved page.",
      all: "You will no longer get emails about quotes, messages, new tenders and new factories. Account emails (address confirmation, password reset) are always sent.",
    },
    button: "Unsubscribe",
    done: {
      events: "You're unsubscribed from emails about quotes and messages",
      alerts: "You're unsubscribed from new tender emails",
      searches: "You're unsubscribed from saved search emails",
      all: "You're unsubscribed from all emails",
    },
    doneText: "You can turn emails back on at any time in your notification settings.",
    settingsLink: "Notification settings",
    home: "Go to the home page",
    invalidTitle: "This unsubscribe link is not valid",
    invalidText:
      "The link may have been copied only in part. Sign in and choose your emails in the notification settings.",
  },
  /** What each problem of a notification use case says (app/features/notifications/problems.ts). */
  problems: {
    "not-found": "Notification not found",
  },
};
