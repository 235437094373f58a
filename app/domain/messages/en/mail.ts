import type { mail as ru } from "../mail";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const mail: Translation<typeof ru> = {
  greeting: (name: string) => `Hello, ${name}!`,
  greetingAnonymous: "Hello!",
  verifySubject: (site: string) => `Confirm your email on ${site}`,
  verifyText: (site: string) =>
    `You’ve signed up on ${site}. To confirm your email address and sign in, follow this link:`,
  verifyButton: "Confirm email",
  resetSubject: (site: string) => `Reset your password on ${site}`,
  resetText: (site: string) =>
    `Someone asked to reset the password for your account on ${site}. To set a new password, follow this link:`,
  resetButton: "Set a new password",
  ignore: "If you didn’t make this request, you can safely ignore this email.",
  linkFallback: "If the button doesn’t work, copy this link into your browser’s address bar:",
  /** How long the link works; `minutes` from the token lifetime. */
  linkExpires: (minutes: number) => {
    const hours = minutes / 60;
    return Number.isInteger(hours)
      ? `The link is valid for ${hours} ${plural(hours, "hour", "hours")}.`
      : `The link is valid for ${minutes} ${plural(minutes, "minute", "minutes")}.`;
  },
  signature: (site: string) => `The ${site} team`,
  notices: {
    "quote-received": {
      subject: (title: string) => `New quote on your tender "${title}"`,
      text: (actor: string, title: string) => `${actor} sent a quote on your tender "${title}".`,
      button: "Compare quotes",
    },
    "message-received": {
      subject: (title: string) => `New message about "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} wrote to you in the conversation about the tender "${title}".`,
      button: "Open the conversation",
    },
    "quote-accepted": {
      subject: (title: string) => `Your quote was accepted: "${title}"`,
      text: (_actor: string, title: string) =>
        `The buyer accepted your quote on the tender "${title}". Agree on the details of the order in the conversation.`,
      button: "Open the conversation",
    },
    "quote-declined": {
      subject: (title: string) => `Quote declined: "${title}"`,
      text: (_actor: string, title: string) =>
        `The buyer declined your quote on the tender "${title}".`,
      button: "View your quote",
    },
    "tender-awarded": {
      subject: (title: string) => `"${title}" went to another factory`,
      text: (_actor: string, title: string) =>
        `The buyer chose another factory for the tender "${title}". Thank you for your quote — new tenders are waiting on the site.`,
      button: "View your quote",
    },
    "tender-closed": {
      subject: (title: string) => `Tender "${title}" closed`,
      text: (_actor: string, title: string) =>
        `The buyer closed the tender "${title}" without choosing a factory.`,
      button: "View your quote",
    },
    "tender-deleted": {
      subject: (title: string) => `Tender "${title}" deleted`,
      text: (_actor: string, title: string) =>
        `The buyer deleted the tender "${title}". Your quote and the conversation about it went with it.`,
      button: "Open notifications",
    },
    "quote-updated": {
      subject: (title: string) => `A quote on "${title}" was changed`,
      text: (actor: string, title: string) =>
        `${actor} changed the terms of its quote on your tender "${title}".`,
      button: "View the quote",
    },
    "quote-withdrawn": {
      subject: (title: string) => `A quote on "${title}" was withdrawn`,
      text: (actor: string, title: string) =>
        `${actor} withdrew its quote on your tender "${title}".`,
      button: "Open the conversation",
    },
    "tender-invited": {
      subject: (title: string) => `You're invited to quote on "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} invited your factory to quote on the tender "${title}". Have a look at the terms and send a quote, or decline if the order isn't right for you.`,
      button: "View the tender",
    },
    "invitation-declined": {
      subject: (title: string) => `A factory declined your invitation: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} declined your invitation to quote on your tender "${title}".`,
      button: "See your invitations",
    },
    "order-sample-sent": {
      subject: (title: string) => `Sample sent: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} sent a sample for the order "${title}". Look at the photos, then approve it or send it back.`,
      button: "Open the order",
    },
    "order-sample-approved": {
      subject: (title: string) => `Sample approved: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} approved the sample for the order "${title}". Production can start.`,
      button: "Open the order",
    },
    "order-sample-returned": {
      subject: (title: string) => `Sample sent back: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} sent the sample for the order "${title}" back for rework. The comment is on the order's page.`,
      button: "Open the order",
    },
    "order-production-started": {
      subject: (title: string) => `Production started: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} started production of the order "${title}".`,
      button: "Open the order",
    },
    "order-quality-passed": {
      subject: (title: string) => `Quality check passed: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} reports that the order "${title}" passed the quality check. The inspection report is on the order's page.`,
      button: "Open the order",
    },
    "order-shipped": {
      subject: (title: string) => `Shipped: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} shipped the order "${title}". The carrier, tracking number and documents are on the order's page.`,
      button: "Open the order",
    },
    "order-delivered": {
      subject: (title: string) => `Delivered: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} confirmed that the order "${title}" has arrived.`,
      button: "Open the order",
    },
    "order-cancelled": {
      subject: (title: string) => `Order cancelled: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} cancelled the order "${title}". The reason is on the order's page.`,
      button: "Open the order",
    },
    "review-received": {
      subject: (title: string) => `New review of the order "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} rated your factory for the order "${title}". The review is on your factory's page; you can reply on the order's page.`,
      button: "Open the order",
    },
    "review-answered": {
      subject: (title: string) => `The factory replied to your review: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} replied to your review of the order "${title}".`,
      button: "Open the order",
    },
    "review-hidden": {
      subject: (title: string) => `Review hidden: "${title}"`,
      text: (_actor: string, title: string) =>
        `An administrator hid the review of the order "${title}": it is no longer shown on the factory's page and does not count towards its rating. The reason is on the order's page.`,
      button: "Open the order",
    },
    "order-terms-proposed": {
      subject: (title: string) => `Change of terms proposed: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} proposes a change of terms for the order "${title}". Review the changes and accept or decline them on the order's page.`,
      button: "Open the order",
    },
    "order-terms-accepted": {
      subject: (title: string) => `Change of terms accepted: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} accepted your proposal: the terms of the order "${title}" are updated.`,
      button: "Open the order",
    },
    "order-terms-declined": {
      subject: (title: string) => `Change of terms declined: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} declined your proposed change of terms for the order "${title}". The terms stay as they were.`,
      button: "Open the order",
    },
    "order-terms-withdrawn": {
      subject: (title: string) => `Proposal withdrawn: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} withdrew the proposed change of terms for the order "${title}".`,
      button: "Open the order",
    },
    "order-dispute-opened": {
      subject: (title: string) => `Dispute flagged to an administrator: "${title}"`,
      text: (actor: string, title: string) =>
        `${actor} flagged a dispute on the order "${title}" to an administrator. The reason is on the order's page.`,
      button: "Open the order",
    },
    "order-dispute-resolved": {
      subject: (title: string) => `Dispute resolved: "${title}"`,
      text: (_actor: string, title: string) =>
        `An administrator resolved the dispute on the order "${title}". The resolution is on the order's page.`,
      button: "Open the order",
    },
  },
  declineReason: (reason: string) => `Reason: ${reason}`,
  deletedUser: "Deleted user",
  alertSubject: (title: string) => `A new tender for your factory: "${title}"`,
  alertText: "A buyer has placed a tender that fits your factory:",
  alertButton: "View and send a quote",
  digestSubject: (n: number) => `${n} new ${plural(n, "tender", "tenders")} for your factory`,
  digestText: "Tenders from the last day that fit your factory:",
  digestButton: "All tenders",
  tenderQuantity: (quantity: string) => `Quantity: ${quantity}`,
  tenderBudget: (budget: string) => `Budget: ${budget}`,
  tenderLocation: (location: string) => `Location: ${location}`,
  footerEvents:
    "You are receiving this email because you have an account on the site with notifications turned on.",
  footerAlerts:
    "You are receiving this email because you subscribed to tender alerts for your factory.",
  footerSearches:
    "You are receiving this email because you saved a factory search with emails turned on.",
  settingsLink: "Notification settings",
  unsubscribeLink: "Unsubscribe",
  quotePrice: (price: string, quantity: string) =>
    `Price: ${price} per piece, quantity ${quantity}`,
  quoteLeadTime: (days: number) => `Lead time: ${days} ${plural(days, "day", "days")}`,
  excerpt: (text: string) => `“${text}”`,
  pieces: (n: string) => `${n} pcs`,
};
