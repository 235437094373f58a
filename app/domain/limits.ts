/**
 * Limits on abuse that people meet in forms: one definition, used by the services that keep them
 * and the texts that name them (docs/decisions/025-limits-under-concurrency.md). No I/O.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/**
 * Tenders an account may post within any 24 hours; an account younger than `newAccountDays`
 * fewer. Every tender is mailed to the factories of its categories, so a flood of tenders is a
 * flood of letters. Kept with the rate limits (AUTH_RATE_LIMIT).
 */
export const TENDER_LIMITS = {
  perDay: 10,
  newAccountPerDay: 3,
  newAccountDays: 7,
  windowMs: DAY_MS,
} as const;

/** How many tenders the account (created at `accountCreatedAt`) may post within a day, `now`. */
export function tendersPerDay(accountCreatedAt: Date | null, now: Date): number {
  const young =
    accountCreatedAt === null ||
    now.getTime() - accountCreatedAt.getTime() < TENDER_LIMITS.newAccountDays * DAY_MS;
  return young ? TENDER_LIMITS.newAccountPerDay : TENDER_LIMITS.perDay;
}

/**
 * Files stored with quotes and messages: at most `perConversation` bytes in one quote's
 * conversation (the quote's files and both sides' messages) and `perAccount` bytes sent by one
 * account in all its conversations and quotes. Always on.
 */
export const ATTACHMENT_STORAGE_LIMITS = {
  perConversation: 100 * MB,
  perAccount: 500 * MB,
} as const;

/** Whole megabytes, for the texts. */
export const megabytes = (bytes: number) => Math.round(bytes / MB);

/** At most this many photos per tender. */
export const MAX_TENDER_PHOTOS = 5;

/** At most this many pictures per product. */
export const MAX_PRODUCT_IMAGES = 8;

/** At most this many files per quote and per message. */
export const MAX_ATTACHMENTS = 5;

/** At most this many files in a tender's tech pack (PDFs and pictures, like attachments). */
export const MAX_TECH_PACK_FILES = MAX_ATTACHMENTS;

/** The files one post of the tender form may carry: its photos and its tech pack. */
export const MAX_TENDER_FORM_FILES = MAX_TENDER_PHOTOS + MAX_TECH_PACK_FILES;

/** At most this many documents per verification request (the attachments' limits and checks apply). */
export const MAX_VERIFICATION_DOCUMENTS = MAX_ATTACHMENTS;

/**
 * Factories a buyer may invite to one tender (issue 29): counted under the tender's row lock
 * (app/features/invitations/invitations.server.ts), so concurrent invitations cannot pass it.
 */
export const MAX_INVITATIONS_PER_TENDER = 20;
