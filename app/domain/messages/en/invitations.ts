import { MAX_INVITATIONS_PER_TENDER } from "../../limits";
import type { invitations as ru } from "../invitations";
import type { Translation } from "../shape";

const s = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const invitations: Translation<typeof ru> = {
  matches: {
    heading: "Factories that fit",
    intro:
      "Factories that work in the tender's categories, take an order this size and can make it in time. Verified factories and quick responders first.",
    empty:
      "No factory fits the categories, minimum order and capacity yet. Try widening the tender's categories.",
    minOrder: (n: string) => `Minimum order: ${n} pcs`,
    capacity: (n: string) => `Capacity: ${n} pcs a month`,
    answers: (n: number) => `${n} ${s(n, "quote", "quotes")} on tenders`,
    answerHours: (hours: number) =>
      hours < 24
        ? `Usually answers within ${hours} ${s(hours, "hour", "hours")}`
        : `Usually answers within ${Math.round(hours / 24)} ${s(Math.round(hours / 24), "day", "days")}`,
    verified: "Verified",
    invite: "Invite",
    invited: "Invited",
    profile: "Factory profile",
    closed: "This tender is not open: you can only invite factories to an open tender.",
  },
  list: {
    heading: "Invitations",
    count: (n: number) => `${n} of ${MAX_INVITATIONS_PER_TENDER}`,
    empty: "You haven't invited anyone yet. Invite factories that fit and they'll get an email.",
    invitedAt: "Invited",
    reason: (reason: string) => `Reason: ${reason}`,
  },
  invited: "Invitation sent",
  backToTender: "Back to the tender",
  received: "Tenders you're invited to",
  tenderList: {
    views: "Which tenders to show",
    fit: "For you",
    all: "All tenders",
    fitHint: "Tenders in your factory's categories, for at least your minimum order.",
    invited: "You're invited",
    activity: "Production",
    anyActivity: "Any",
    keyword: "Words in the title",
    keywordPlaceholder: "For example, hoodie",
  },
  mark: "You're invited",
  markHint: "The buyer invited your factory to quote on this tender.",
  declinedMark: "You declined the invitation",
  decline: {
    open: "Decline the invitation",
    legend: "Why are you declining?",
    note: "Comment",
    noteHint: "Optional; required for “Another reason”.",
    submit: "Decline",
    done: "You declined the invitation. The buyer will see your reason.",
  },
  private: {
    label: "Private tender",
    hint: "Only the factories you invite will see it: it stays out of the public list, search and alerts.",
    badge: "Private",
  },
  errors: {
    reason: "Choose a reason",
    noteRequired: "Tell the buyer why you're declining",
    noteTooLong: (max: number) => `At most ${max} characters`,
    factory: "Choose a factory",
  },
  problems: {
    "signed-out": "Please sign in to continue",
    "tender-not-found": "This tender isn't one of yours.",
    "tender-not-active": "This tender is closed: you can only invite factories to an open tender.",
    "factory-not-found": "There's no such factory in the directory.",
    "own-factory": "You can't invite your own factory.",
    "already-invited": "This factory is already invited.",
    "too-many-invitations": `You can invite at most ${MAX_INVITATIONS_PER_TENDER} factories to a tender.`,
    "not-a-factory": "Only a factory can decline an invitation.",
    "invitation-not-found": "Your factory has no invitation to this tender.",
    "already-declined": "You've already declined this invitation.",
    "already-quoted":
      "You've already quoted on this tender: withdraw the quote if you've changed your mind.",
  },
};
