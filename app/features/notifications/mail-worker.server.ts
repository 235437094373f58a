/**
 * The mail worker: sends the emails that follow from stored events, in the recipient's language,
 * with a List-Unsubscribe link (RFC 8058 one-click) in every one. Decision 024: every letter is
 * delivered at least once, and in practice never twice.
 *
 * - One row per letter: a notification is its own letter (notifications.mail_*); a new tender is
 *   expanded, in one transaction, into one tender_alerts row per factory it fits.
 * - A worker takes letters with a lease (`FOR UPDATE SKIP LOCKED`, state 'sending', lease_until,
 *   lease_owner = the claim's own token) and marks one 'sent' only after the SMTP server accepted
 *   it, and only while it still holds the lease. A process killed mid-batch leaves leases that
 *   expire; the next worker (in any process) takes the letters over. A failed send is retried
 *   with a back-off, MAX_ATTEMPTS times at most; a refusal for good (SMTP 5xx) is 'failed' at once.
 * - Every letter carries a stable Message-ID derived from its row, so the one case left — a crash
 *   between the SMTP server's acceptance and the mark — gives a copy that mail clients recognise
 *   as the same letter.
 * - A message email goes out at most once per conversation and recipient per 15 minutes (an
 *   atomic check-and-set on the quote's `*_mailed_at` when the letter is first taken).
 * - Tender alerts: at once to the factories that chose 'instant' (the default) whose categories
 *   meet the tender's, only in the tender's country for those who asked so; at most
 *   TENDER_ALERTS_PER_FACTORY_PER_DAY of them a day, the rest go into the factory's daily digest.
 *   A tender without categories is not mailed at once (app/domain/notifications.ts).
 *   Factories that chose 'daily' get one digest a day of the tenders since their last digest;
 *   `digest_sent_at` moves only once the digest was accepted.
 *
 * Every app process runs it every MAIL_WORKER_INTERVAL_MS; tests call `runMailWork` directly.
 * Stopping (`startMailWorker`'s stop) lets the letter on its way finish and hands back the rest.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  capabilities as capabilityMessages,
  certificates as certificateMessages,
  mail as mailMessages,
  verification as verificationMessages,
} from "~/domain/catalogue";
import { formatMoney, formatNumber, truncate } from "~/domain/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedHref, ownText } from "~/domain/locale";
import {
  alertsAtOnce,
  type CertificateKind,
  isCertificateKind,
  isVerificationKind,
  notificationHref,
  TENDER_ALERTS_PER_FACTORY_PER_DAY,
  type VerificationKind,
} from "~/domain/notifications";
import { formatLocation } from "~/domain/reference";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { accountDisplayName, displayNameColumns } from "~/platform/display-names.server";
import type { Env } from "~/platform/env.server";
import { type Mailer, type NoticeLetter, noticeEmail } from "~/platform/mail.server";
import type { Certification, LetterState, NotificationKind, TenderAlertMode } from "~db/schema";
import { ensureNotificationSettings, newToken } from "./notifications.server";

/** One email per conversation and recipient in this time. */
export const CONVERSATION_MAIL_GAP_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;
/** How long a claim holds its letters unless renewed (MAIL_LEASE_MS overrides it). */
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;
/** A letter is taken at most this many times (failed sends and expired leases both count). */
export const MAX_ATTEMPTS = 6;
/** The wait before the next attempt after the n-th failed one (the last value repeats). */
const BACK_OFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

export function backOffMs(attempts: number): number {
  return BACK_OFF_MS[Math.min(Math.max(attempts, 1), BACK_OFF_MS.length) - 1] as number;
}

export type MailWorkEnv = Pick<Env, "BASE_URL" | "SITE_NAME">;

export interface MailWorkDeps {
  db: Db;
  mailer: Mailer;
  env: MailWorkEnv;
  /** How long a claim holds its letters (default DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** Aborted: take no more letters, hand back the ones not started. */
  signal?: AbortSignal;
  /** More jobs of each round, after the digests (the saved searches' weekly letters). */
  more?: readonly MailJob[];
}

/** A job of the worker's round from another feature: it sends its letters, answers how many. */
export type MailJob = (deps: MailWorkDeps, now: Date) => Promise<number>;

export interface MailWorkReport {
  notices: { sent: number; skipped: number };
  alerts: number;
  digests: number;
}

export interface Recipient {
  email: string;
  locale: Locale;
  name: string | null;
  unsubscribeToken: string;
  tenderAlerts: TenderAlertMode;
}

/** The recipient's address, language, name, unsubscribe token and alert choice. */
export async function recipientOf(db: Db, userId: string): Promise<Recipient | null> {
  const [row] = await db
    .select({
      email: schema.users.email,
      verified: schema.users.emailVerified,
      banned: schema.users.banned,
      locale: schema.profiles.locale,
      name: schema.profiles.name,
      factoryName: schema.profiles.factoryName,
      factoryNameEn: schema.factories.nameEn,
    })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .leftJoin(schema.factories, eq(schema.factories.userId, schema.users.id))
    .where(eq(schema.users.id, userId));
  if (!row || row.banned) return null;
  const settings = await ensureNotificationSettings(db, userId);
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const name = row.name ?? row.factoryName;
  return {
    email: row.email,
    locale,
    // A factory is greeted by its English name in English letters, when it has one.
    name: name === null ? null : ownText(name, row.factoryNameEn, locale),
    unsubscribeToken: settings.unsubscribeToken,
    tenderAlerts: settings.tenderAlerts,
  };
}

export function absolute(env: MailWorkEnv, path: string, locale: Locale): string {
  return new URL(localizedHref(path, locale), env.BASE_URL).toString();
}

/**
 * The stable Message-ID of one letter: `<{what}.{id}@{BASE_URL's host}>`. The same row gives the
 * same id on every attempt and in every process.
 */
export function letterMessageId(env: Pick<Env, "BASE_URL">, what: string, id: string): string {
  const host = new URL(env.BASE_URL).hostname || "localhost";
  return `<${what}.${id.replace(/[^\w.-]/g, "-")}@${host}>`;
}

/**
 * Sends one notice letter to `recipient` with the footer and the List-Unsubscribe headers of
 * `what` (emails about events, or tender alerts). Rejects when the mailer failed.
 */
export async function sendNotice(
  deps: MailWorkDeps,
  recipient: Recipient,
  what: "events" | "alerts" | "searches",
  letter: Pick<NoticeLetter, "subject" | "paragraphs" | "button">,
  messageId: string,
): Promise<void> {
  const t = mailMessages[recipient.locale];
  const unsubscribe = absolute(
    deps.env,
    `/unsubscribe/${encodeURIComponent(recipient.unsubscribeToken)}?what=${what}`,
    recipient.locale,
  );
  const content = noticeEmail({
    ...letter,
    siteName: deps.env.SITE_NAME,
    locale: recipient.locale,
    name: recipient.name,
    footer: {
      text:
        what === "events" ? t.footerEvents : what === "alerts" ? t.footerAlerts : t.footerSearches,
      links: [
        {
          label: t.settingsLink,
          url: absolute(deps.env, "/notification-settings", recipient.locale),
        },
        { label: t.unsubscribeLink, url: unsubscribe },
      ],
    },
  });
  const headers = {
    "List-Unsubscribe": `<${unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
  await deps.mailer.send({ to: recipient.email, ...content, headers, messageId });
}

/**
 * The round's clock: `now` (a test's chosen time, or the start of the round) moved on by the real
 * time since. A long round's later claims get leases from the time they are taken, not from its
 * start (they would be expired at once for the other workers).
 */
export function clockFrom(now: Date): () => Date {
  const started = Date.now();
  return () => new Date(now.getTime() + Date.now() - started);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An SMTP refusal for good (5xx): trying again would not help. */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

// ---------------------------------------------------------------------------------------------
// Leases: one mechanism for the two tables whose rows are letters

export interface LetterTable {
  /** For the log. */
  name: string;
  table: typeof schema.notifications | typeof schema.tenderAlerts;
  state: SQLWrapper;
  attempts: SQLWrapper;
  nextAt: SQLWrapper;
  leaseUntil: SQLWrapper;
  leaseOwner: SQLWrapper;
  /** Which rows of the table are letters this mechanism sends. */
  only?: SQL;
}

export const NOTICE_LETTERS: LetterTable = {
  name: "notice",
  table: schema.notifications,
  state: sql.identifier("mail_state"),
  attempts: sql.identifier("mail_attempts"),
  nextAt: sql.identifier("mail_next_at"),
  leaseUntil: sql.identifier("mail_lease_until"),
  leaseOwner: sql.identifier("mail_lease_owner"),
};

export const ALERT_LETTERS: LetterTable = {
  name: "tender alert",
  table: schema.tenderAlerts,
  state: sql.identifier("state"),
  attempts: sql.identifier("attempts"),
  nextAt: sql.identifier("next_at"),
  leaseUntil: sql.identifier("lease_until"),
  leaseOwner: sql.identifier("lease_owner"),
  only: sql`via = 'instant'`,
};

/** One claim: its token (the lease owner), its letters' ids, until when it holds them. */
interface Claim {
  token: string;
  ids: string[];
  /** id → how many times it has been taken, this time included. */
  attempts: Map<string, number>;
  /** In the claim's time (the round's `now`). */
  leaseUntil: number;
  /** When (real time) the leases were taken or last renewed. */
  renewedAt: number;
}

/**
 * Takes up to BATCH letters that are due ('pending' past their back-off) or whose lease expired
 * (their worker died), oldest first, skipping rows another worker is claiming right now.
 */
export async function claimLetters(
  db: Db,
  t: LetterTable,
  now: Date,
  leaseMs: number,
): Promise<Claim> {
  // Letters whose workers kept dying while holding them are given up.
  await db.execute(sql`
    update ${t.table} set ${t.state} = 'failed', ${t.leaseUntil} = null, ${t.leaseOwner} = null
     where ${t.state} = 'sending' and ${t.leaseUntil} < ${now} and ${t.attempts} >= ${MAX_ATTEMPTS}`);
  const token = randomUUID();
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const rows = rowsOf<{ id: string; attempts: number }>(
    await db.execute(sql`
      with picked as (
        select id from ${t.table}
         where ((${t.state} = 'pending' and coalesce(${t.nextAt}, '-infinity'::timestamptz) <= ${now})
                or (${t.state} = 'sending' and ${t.leaseUntil} < ${now}))
           and ${t.attempts} < ${MAX_ATTEMPTS}
           ${t.only ? sql`and ${t.only}` : sql``}
         order by created_at
         limit ${BATCH}
         for update skip locked
      )
      update ${t.table} set ${t.state} = 'sending', ${t.attempts} = ${t.attempts} + 1,
             ${t.leaseUntil} = ${leaseUntil}, ${t.leaseOwner} = ${token}
        from picked where ${t.table}.id = picked.id
      returning ${t.table}.id, ${t.attempts} as attempts`),
  );
  return {
    token,
    ids: rows.map((row) => row.id),
    attempts: new Map(rows.map((row) => [row.id, Number(row.attempts)])),
    leaseUntil: leaseUntil.getTime(),
    renewedAt: Date.now(),
  };
}

/**
 * Ends a letter's lease with `state`, only while `claim` still holds it (a worker whose lease
 * expired and was taken over marks nothing). True when the mark was made.
 */
export async function settleLetter(
  db: Db,
  t: LetterTable,
  claim: Pick<Claim, "token">,
  id: string,
  state: Exclude<LetterState, "sending">,
  nextAt: Date | null = null,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${t.table} set ${t.state} = ${state}, ${t.nextAt} = ${nextAt},
             ${t.leaseUntil} = null, ${t.leaseOwner} = null
       where id = ${id} and ${t.state} = 'sending' and ${t.leaseOwner} = ${claim.token}
      returning id`),
  );
  return rows.length === 1;
}

/** Hands back the claim's letters not sent yet: pending again, the attempt not counted. */
async function handBack(db: Db, t: LetterTable, claim: Pick<Claim, "token">): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${t.table} set ${t.state} = 'pending', ${t.attempts} = greatest(${t.attempts} - 1, 0),
             ${t.leaseUntil} = null, ${t.leaseOwner} = null
       where ${t.state} = 'sending' and ${t.leaseOwner} = ${claim.token}
      returning id`),
  );
  return rows.length;
}

/** Extends the claim's leases once half of the lease has gone by (a slow SMTP server). */
async function renewIfDue(db: Db, t: LetterTable, claim: Claim, leaseMs: number) {
  const elapsed = Date.now() - claim.renewedAt;
  if (elapsed < leaseMs / 2) return;
  const leaseUntil = claim.leaseUntil + elapsed;
  await db.execute(sql`
    update ${t.table} set ${t.leaseUntil} = ${new Date(leaseUntil)}
     where ${t.state} = 'sending' and ${t.leaseOwner} = ${claim.token}`);
  claim.leaseUntil = leaseUntil;
  claim.renewedAt += elapsed;
}

type Outcome = "sent" | "skipped";

/**
 * Sends a claim's letters one by one with `send` (which resolves once the SMTP server accepted
 * the letter, or says it is not to be sent), marking each as its send ends. Stops taking letters
 * when `deps.signal` is aborted and hands the rest back. Counts what happened.
 */
async function sendClaimed(
  deps: MailWorkDeps,
  t: LetterTable,
  claim: Claim,
  clock: () => Date,
  send: (id: string, attempts: number) => Promise<Outcome>,
): Promise<{ sent: number; skipped: number; failed: number }> {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const counts = { sent: 0, skipped: 0, failed: 0 };
  try {
    for (const id of claim.ids) {
      if (deps.signal?.aborted) break;
      await renewIfDue(deps.db, t, claim, leaseMs);
      const attempts = claim.attempts.get(id) ?? 1;
      let outcome: Outcome;
      try {
        outcome = await send(id, attempts);
      } catch (error) {
        const forGood = refusedForGood(error) || attempts >= MAX_ATTEMPTS;
        console.error(
          `[mail] ${t.name} ${id} failed (attempt ${attempts}${forGood ? ", given up" : ""}): ${messageOf(error)}`,
        );
        counts.failed += 1;
        await settleLetter(
          deps.db,
          t,
          claim,
          id,
          forGood ? "failed" : "pending",
          forGood ? null : new Date(clock().getTime() + backOffMs(attempts)),
        );
        continue;
      }
      await settleLetter(deps.db, t, claim, id, outcome);
      counts[outcome] += 1;
    }
  } finally {
    // Stopped, or a database error: what was not started goes back at once.
    await handBack(deps.db, t, claim).catch((error) =>
      console.error(`[mail] handing back ${t.name} letters failed:`, error),
    );
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Notification emails

/** The name of the account that caused an event: its factory's name, else its display name. */
async function actorName(db: Db, actorId: string | null, locale: Locale): Promise<string> {
  const t = mailMessages[locale];
  if (!actorId) return t.deletedUser;
  const [row] = await db
    .select({
      email: schema.users.email,
      factoryName: schema.factories.name,
      factoryNameEn: schema.factories.nameEn,
      profile: displayNameColumns,
    })
    .from(schema.users)
    .leftJoin(schema.factories, eq(schema.factories.userId, schema.users.id))
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, actorId));
  if (!row) return t.deletedUser;
  if (row.factoryName) return (locale !== DEFAULT_LOCALE && row.factoryNameEn) || row.factoryName;
  return accountDisplayName(row.email, row.profile);
}

/** Sends the due notification emails, batch after batch. */
export async function sendNotificationEmails(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<MailWorkReport["notices"]> {
  const notifications = schema.notifications;
  const clock = clockFrom(now);
  const report = { sent: 0, skipped: 0 };
  while (!deps.signal?.aborted) {
    const claim = await claimLetters(
      deps.db,
      NOTICE_LETTERS,
      clock(),
      deps.leaseMs ?? DEFAULT_LEASE_MS,
    );
    if (claim.ids.length === 0) break;
    const rows = await deps.db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        actorId: notifications.actorId,
        tenderId: notifications.tenderId,
        quoteId: notifications.quoteId,
        tenderTitle: notifications.tenderTitle,
        factoryId: notifications.factoryId,
        note: notifications.note,
        certification: notifications.certification,
        orderId: notifications.orderId,
        emailEvents: schema.notificationSettings.emailEvents,
      })
      .from(notifications)
      .leftJoin(
        schema.notificationSettings,
        eq(schema.notificationSettings.userId, notifications.userId),
      )
      .where(inArray(notifications.id, claim.ids))
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // In the order they happened (the claim's RETURNING has none).
    const claimed = claim.ids.length;
    claim.ids = [...rows.map((row) => row.id), ...claim.ids.filter((id) => !byId.has(id))];
    const counts = await sendClaimed(deps, NOTICE_LETTERS, claim, clock, async (id, attempts) => {
      const row = byId.get(id);
      if (!row || row.emailEvents === false) return "skipped";
      if (attempts === 1 && row.kind === "message-received" && row.quoteId) {
        if (!(await conversationMailAllowed(deps.db, row.quoteId, row.userId, clock()))) {
          return "skipped";
        }
      }
      const recipient = await recipientOf(deps.db, row.userId);
      if (!recipient) return "skipped";
      const messageId = letterMessageId(deps.env, "notification", row.id);
      const kind = row.kind;
      if (isCertificateKind(kind)) {
        const letter = await certificateLetter(deps, { ...row, kind }, recipient.locale);
        if (letter === null) return "skipped";
        await sendNotice(deps, recipient, "events", letter, messageId);
        return "sent";
      }
      if (isVerificationKind(kind)) {
        const letter = await verificationLetter(deps, { ...row, kind }, recipient.locale);
        if (letter === null) return "skipped";
        await sendNotice(deps, recipient, "events", letter, messageId);
        return "sent";
      }
      const t = mailMessages[recipient.locale];
      const title = row.tenderTitle ?? "";
      const notice = t.notices[kind];
      const actor = await actorName(deps.db, row.actorId, recipient.locale);
      const reason =
        row.kind === "quote-declined"
          ? await declineReasonOf(deps.db, row.quoteId)
          : row.kind === "invitation-declined"
            ? await invitationDeclineText(deps.db, row, recipient.locale)
            : null;
      const summary = await quoteSummaryOf(deps.db, row, recipient.locale);
      await sendNotice(
        deps,
        recipient,
        "events",
        {
          subject: notice.subject(title),
          paragraphs: [
            notice.text(actor, title),
            ...summary,
            ...(reason ? [t.declineReason(reason)] : []),
          ],
          button: {
            label: notice.button,
            url: absolute(deps.env, notificationHref(row) ?? "/notifications", recipient.locale),
          },
        },
        messageId,
      );
      return "sent";
    });
    report.sent += counts.sent;
    report.skipped += counts.skipped;
    if (claimed < BATCH) break;
  }
  return report;
}

/** Why an invited factory declined (issue 29), in the buyer's language: the reason and its note. */
async function invitationDeclineText(
  db: Db,
  row: { tenderId: string | null; actorId: string | null },
  locale: Locale,
): Promise<string | null> {
  if (!row.tenderId || !row.actorId) return null;
  const invitations = schema.tenderInvitations;
  const [decline] = await db
    .select({ reason: invitations.declineReason, note: invitations.declineNote })
    .from(invitations)
    .innerJoin(schema.factories, eq(schema.factories.id, invitations.factoryId))
    .where(and(eq(invitations.tenderId, row.tenderId), eq(schema.factories.userId, row.actorId)));
  if (!decline?.reason) return null;
  const label = capabilityMessages[locale].declineReasons[decline.reason];
  return decline.note ? `${label}: ${decline.note}` : label;
}

/**
 * One email per conversation and recipient per 15 minutes, whichever process asks: an atomic
 * check-and-set of the quote's `buyer_mailed_at` or `factory_mailed_at`.
 */
async function conversationMailAllowed(
  db: Db,
  quoteId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const gapStart = new Date(now.getTime() - CONVERSATION_MAIL_GAP_MS);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${schema.quotes} q
         set buyer_mailed_at = case when t.user_id = ${userId} then ${now} else q.buyer_mailed_at end,
             factory_mailed_at = case when q.user_id = ${userId} then ${now} else q.factory_mailed_at end
        from ${schema.tenders} t
       where q.id = ${quoteId} and t.id = q.tender_id
         and coalesce(case when t.user_id = ${userId} then q.buyer_mailed_at else q.factory_mailed_at end, '-infinity'::timestamptz) <= ${gapStart}
      returning q.id`),
  );
  return rows.length > 0;
}
/** Rows of a raw `execute` on either driver (pg gives `{ rows }`, PGlite too). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: T[] })?.rows;
  return Array.isArray(rows) ? rows : Array.isArray(result) ? (result as T[]) : [];
}

async function declineReasonOf(db: Db, quoteId: string | null): Promise<string | null> {
  if (!quoteId) return null;
  const [row] = await db
    .select({ reason: schema.quotes.declineReason })
    .from(schema.quotes)
    .where(eq(schema.quotes.id, quoteId));
  return row?.reason ?? null;
}

/** The letters that sum a quote up: its price, quantity and lead time, and an excerpt. */
const SUMMED_UP: readonly NotificationKind[] = [
  "quote-received",
  "quote-updated",
  "message-received",
];
/** The longest excerpt of a quote's or a message's text in a letter. */
const EXCERPT_LENGTH = 300;

/**
 * The summary paragraphs of a letter about a quote or a message: the quote's price, quantity and
 * lead time, then an excerpt of the quote's text (or, for a message, of the actor's latest
 * message in the conversation: a letter goes out at most every 15 minutes, and it shows the newest).
 */
async function quoteSummaryOf(
  db: Db,
  row: {
    kind: NotificationKind;
    quoteId: string | null;
    actorId: string | null;
  },
  locale: Locale,
): Promise<string[]> {
  if (!row.quoteId || !SUMMED_UP.includes(row.kind)) return [];
  const quotes = schema.quotes;
  const [quote] = await db
    .select({
      unitPrice: quotes.unitPrice,
      currency: quotes.currency,
      quantity: quotes.quantity,
      leadTimeDays: quotes.leadTimeDays,
      message: quotes.message,
    })
    .from(quotes)
    .where(eq(quotes.id, row.quoteId));
  if (!quote) return [];
  let text = quote.message;
  if (row.kind === "message-received") {
    const messages = schema.quoteMessages;
    const [latest] = row.actorId
      ? await db
          .select({ body: messages.body })
          .from(messages)
          .where(and(eq(messages.quoteId, row.quoteId), eq(messages.senderId, row.actorId)))
          .orderBy(sql`${messages.createdAt} desc`)
          .limit(1)
      : [];
    text = latest?.body ?? null;
  }
  const t = mailMessages[locale];
  const figures = [
    t.quotePrice(
      formatMoney(Number(quote.unitPrice), quote.currency, locale),
      t.pieces(formatNumber(quote.quantity, locale)),
    ),
    t.quoteLeadTime(quote.leadTimeDays),
  ].join("\n");
  const excerpt = text?.replace(/\s+/g, " ").trim();
  return [figures, ...(excerpt ? [t.excerpt(truncate(excerpt, EXCERPT_LENGTH))] : [])];
}

/**
 * The letter about a factory's verification: to the admins of a new request, to the factory of
 * a decision with the admin's note. Null once the factory is gone.
 */
async function verificationLetter(
  deps: MailWorkDeps,
  row: { kind: VerificationKind; factoryId: string | null; note: string | null },
  locale: Locale,
): Promise<Pick<NoticeLetter, "subject" | "paragraphs" | "button"> | null> {
  if (!row.factoryId) return null;
  const [factory] = await deps.db
    .select({ name: schema.factories.name, nameEn: schema.factories.nameEn })
    .from(schema.factories)
    .where(eq(schema.factories.id, row.factoryId));
  if (!factory) return null;
  const name = (locale !== DEFAULT_LOCALE && factory.nameEn) || factory.name;
  const t = verificationMessages[locale].mail;
  const notice = t[row.kind];
  return {
    subject: notice.subject(name),
    paragraphs: [notice.text(name), ...(row.note ? [t.note(row.note)] : [])],
    button: {
      label: notice.button,
      url: absolute(
        deps.env,
        notificationHref({ ...row, tenderId: null, quoteId: null }) ?? "/notifications",
        locale,
      ),
    },
  };
}

/**
 * The letter about an admin's decision on one of the factory's certificates, with the note.
 * Null once the factory is gone.
 */
async function certificateLetter(
  deps: MailWorkDeps,
  row: {
    kind: CertificateKind;
    factoryId: string | null;
    note: string | null;
    certification: Certification | null;
  },
  locale: Locale,
): Promise<Pick<NoticeLetter, "subject" | "paragraphs" | "button"> | null> {
  if (!row.factoryId || !row.certification) return null;
  const [factory] = await deps.db
    .select({ name: schema.factories.name, nameEn: schema.factories.nameEn })
    .from(schema.factories)
    .where(eq(schema.factories.id, row.factoryId));
  if (!factory) return null;
  const name = (locale !== DEFAULT_LOCALE && factory.nameEn) || factory.name;
  const label = capabilityMessages[locale].certifications[row.certification];
  const t = certificateMessages[locale].mail;
  const notice = t[row.kind];
  return {
    subject: notice.subject(label),
    paragraphs: [notice.text(label, name), ...(row.note ? [t.note(row.note)] : [])],
    button: {
      label: notice.button,
      url: absolute(
        deps.env,
        notificationHref({ ...row, tenderId: null, quoteId: null }) ?? "/notifications",
        locale,
      ),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tender alerts

interface AlertTender {
  id: string;
  userId: string;
  title: string;
  categories: string[];
  country: string | null;
  city: string | null;
  quantity: number | null;
  budget: number | null;
  currency: string | null;
}

const tenderFields = {
  id: schema.tenders.id,
  userId: schema.tenders.userId,
  title: schema.tenders.title,
  categories: schema.tenders.categories,
  country: schema.tenders.country,
  city: schema.tenders.city,
  quantity: schema.tenders.quantity,
  budget: schema.tenders.budget,
  currency: schema.tenders.currency,
};

function tenderLines(tender: AlertTender, locale: Locale): string[] {
  const t = mailMessages[locale];
  const lines = [`«${tender.title}»`];
  if (tender.quantity != null) lines.push(t.tenderQuantity(formatNumber(tender.quantity, locale)));
  const location = formatLocation(tender.country, tender.city, locale);
  if (location) lines.push(t.tenderLocation(location));
  if (tender.budget != null) {
    lines.push(t.tenderBudget(formatMoney(Number(tender.budget), tender.currency, locale)));
  }
  return lines;
}

/**
 * The factories a tender alert goes to in `mode`: a factory profile with a factory, not the
 * tender's owner, not blocked, confirmed address, categories meeting, own country if asked.
 */
async function alertRecipients(
  db: Pick<DbOrTx, "select">,
  tender: Pick<AlertTender, "userId" | "categories" | "country" | "quantity">,
  mode: "instant" | "daily",
): Promise<string[]> {
  const notificationSettings = schema.notificationSettings;
  const factories = schema.factories;
  const rows = await db
    .select({ userId: factories.userId })
    .from(factories)
    .innerJoin(schema.users, eq(schema.users.id, factories.userId))
    .innerJoin(schema.profiles, eq(schema.profiles.id, factories.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, factories.userId))
    .where(
      and(
        eq(schema.profiles.userType, "factory"),
        sql`${schema.users.banned} is not true`,
        eq(schema.users.emailVerified, true),
        sql`${factories.userId} <> ${tender.userId}`,
        sql`coalesce(${notificationSettings.tenderAlerts}, 'instant') = ${mode}`,
        // Issue 29: no alert for a tender below the factory's minimum order.
        tender.quantity != null
          ? sql`(${factories.minOrder} is null or ${factories.minOrder} <= ${tender.quantity})`
          : undefined,
        tender.categories.length > 0
          ? sql`${factories.categories} && ${sql.param(tender.categories, schema.tenders.categories)}`
          : undefined,
        tender.country
          ? sql`(coalesce(${notificationSettings.alertsOwnCountry}, false) = false or ${factories.country} = ${tender.country})`
          : sql`coalesce(${notificationSettings.alertsOwnCountry}, false) = false`,
      ),
    );
  return rows.map((row) => row.userId);
}

/** The advisory lock that makes one tender expansion at a time (any process). */
const EXPANSION_LOCK = 27_024;

/**
 * Expands up to BATCH new tenders (alerted_at null) into their alert letters, in one
 * transaction: one tender_alerts row per factory that chose instant alerts and that the tender
 * fits; 'digest' instead of 'instant' for a factory that had its TENDER_ALERTS_PER_FACTORY_PER_DAY
 * in the last 24 hours. Tenders that are not mailed at once (no longer active, their owner
 * blocked, no categories) are just marked. Returns how many tenders it took.
 */
async function expandNewTenders(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // One expansion at a time: the day's count per factory and the rows added after it agree.
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPANSION_LOCK})`);
    const tenders = await tx
      .select({
        ...tenderFields,
        status: schema.tenders.status,
        banned: schema.users.banned,
        private: schema.tenders.private,
      })
      .from(schema.tenders)
      .leftJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
      .where(sql`${schema.tenders.alertedAt} is null`)
      .orderBy(schema.tenders.createdAt)
      .limit(BATCH)
      .for("update", { of: schema.tenders, skipLocked: true });
    if (tenders.length === 0) return 0;
    await tx
      .update(schema.tenders)
      .set({ alertedAt: now })
      .where(
        inArray(
          schema.tenders.id,
          tenders.map((tender) => tender.id),
        ),
      );
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const today = new Map(
      rowsOf<{ user_id: string; n: number | string }>(
        await tx.execute(sql`
          select user_id, count(*) as n from ${schema.tenderAlerts}
           where via = 'instant' and created_at > ${dayAgo}
           group by user_id`),
      ).map((row) => [row.user_id, Number(row.n)]),
    );
    for (const tender of tenders) {
      // A private tender reaches only the factories its buyer invites (tender_invitations).
      if (tender.status !== "active" || tender.banned === true || tender.private) continue;
      if (!alertsAtOnce(tender)) continue;
      const letters = (await alertRecipients(tx, tender, "instant")).map((userId) => {
        const count = today.get(userId) ?? 0;
        const via = count < TENDER_ALERTS_PER_FACTORY_PER_DAY ? "instant" : "digest";
        if (via === "instant") today.set(userId, count + 1);
        return { tenderId: tender.id, userId, via, createdAt: now } as const;
      });
      for (let start = 0; start < letters.length; start += 1000) {
        await tx
          .insert(schema.tenderAlerts)
          .values(letters.slice(start, start + 1000))
          .onConflictDoNothing();
      }
      // A digest's lease lives in the settings row: make sure there is one (the defaults).
      const overflow = letters.filter((letter) => letter.via === "digest");
      for (let start = 0; start < overflow.length; start += 1000) {
        await tx
          .insert(schema.notificationSettings)
          .values(
            overflow
              .slice(start, start + 1000)
              .map((letter) => ({ userId: letter.userId, unsubscribeToken: newToken() })),
          )
          .onConflictDoNothing({ target: schema.notificationSettings.userId });
      }
    }
    return tenders.length;
  });
}

/** How long alert letters that are done with are kept (the day's count needs one day). */
export const ALERT_RETENTION_DAYS = 30;

/** Removes alert letters done with for ALERT_RETENTION_DAYS, a bounded number a round. */
async function forgetOldAlerts(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - ALERT_RETENTION_DAYS * DAY_MS);
  await db.execute(sql`
    delete from ${schema.tenderAlerts} where id in (
      select id from ${schema.tenderAlerts}
       where created_at < ${before} and state in ('sent', 'skipped', 'failed')
       limit 5000)`);
}

/** Mails each new tender at once to the factories that chose instant alerts. */
export async function sendTenderAlerts(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<number> {
  const clock = clockFrom(now);
  while (!deps.signal?.aborted) {
    if ((await expandNewTenders(deps.db, clock())) < BATCH) break;
  }
  await forgetOldAlerts(deps.db, clock());
  const alerts = schema.tenderAlerts;
  let sent = 0;
  while (!deps.signal?.aborted) {
    const claim = await claimLetters(
      deps.db,
      ALERT_LETTERS,
      clock(),
      deps.leaseMs ?? DEFAULT_LEASE_MS,
    );
    if (claim.ids.length === 0) break;
    const rows = await deps.db
      .select({
        id: alerts.id,
        userId: alerts.userId,
        tender: tenderFields,
        status: schema.tenders.status,
        ownerBanned: schema.users.banned,
      })
      .from(alerts)
      .innerJoin(schema.tenders, eq(schema.tenders.id, alerts.tenderId))
      .leftJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
      .where(inArray(alerts.id, claim.ids))
      .orderBy(asc(alerts.createdAt), asc(alerts.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const claimed = claim.ids.length;
    claim.ids = [...rows.map((row) => row.id), ...claim.ids.filter((id) => !byId.has(id))];
    const counts = await sendClaimed(deps, ALERT_LETTERS, claim, clock, async (id) => {
      const row = byId.get(id);
      // The tender closed, or its owner was blocked, while its alerts were going out.
      if (row?.status !== "active" || row.ownerBanned === true) return "skipped";
      const recipient = await recipientOf(deps.db, row.userId);
      // The factory changed its mind in the meantime (a daily factory's digest lists it).
      if (recipient?.tenderAlerts !== "instant") return "skipped";
      const tender = { ...row.tender, budget: budgetOf(row.tender.budget) };
      const t = mailMessages[recipient.locale];
      await sendNotice(
        deps,
        recipient,
        "alerts",
        {
          subject: t.alertSubject(tender.title),
          paragraphs: [t.alertText, tenderLines(tender, recipient.locale).join("\n")],
          button: {
            label: t.alertButton,
            url: absolute(deps.env, `/tenders/${tender.id}`, recipient.locale),
          },
        },
        letterMessageId(deps.env, "alert", id),
      );
      return "sent";
    });
    sent += counts.sent;
    if (claimed < BATCH) break;
  }
  return sent;
}

function budgetOf(budget: number | string | null): number | null {
  return budget == null ? null : Number(budget);
}

/** How long a digest that failed to go out waits before the next try. */
const DIGEST_RETRY_MS = 5 * 60_000;
/** The most tenders one digest lists (the count in its subject is all of them). */
const DIGEST_LISTED = 30;

/**
 * Sends the daily digests that are due: to each factory that chose 'daily', or has tenders
 * above its day's instant alerts, and had no digest in the last 24 hours. A daily factory's
 * digest lists the active tenders meeting it placed since its last digest (or the last day);
 * every digest lists the tenders above the day's limit. The digest is leased like a letter;
 * `digest_sent_at` moves, and the tenders above the limit are marked, only once the SMTP server
 * accepted it.
 */
export async function sendDailyDigests(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<number> {
  const settingsTable = schema.notificationSettings;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const clock = clockFrom(now);
  let sent = 0;
  while (!deps.signal?.aborted) {
    const claimedAt = clock();
    const due = new Date(claimedAt.getTime() - DAY_MS);
    const token = randomUUID();
    const claimed = rowsOf<{ user_id: string; since: Date | string | null; mode: string }>(
      await deps.db.execute(sql`
        with due as (
          select s.user_id from ${settingsTable} s
           where (s.tender_alerts = 'daily'
                  or exists (select 1 from ${schema.tenderAlerts} a
                              where a.user_id = s.user_id and a.via = 'digest' and a.state = 'pending'))
             and (s.digest_sent_at is null or s.digest_sent_at <= ${due})
             and (s.digest_lease_until is null or s.digest_lease_until < ${claimedAt})
           order by s.user_id
           limit ${BATCH}
           for update skip locked
        )
        update ${settingsTable} set digest_lease_until = ${new Date(claimedAt.getTime() + leaseMs)},
               digest_lease_owner = ${token}
          from due where ${settingsTable}.user_id = due.user_id
        returning ${settingsTable}.user_id, ${settingsTable}.digest_sent_at as since,
                  ${settingsTable}.tender_alerts as mode`),
    );
    if (claimed.length === 0) break;
    try {
      for (const row of claimed) {
        if (deps.signal?.aborted) break;
        if (
          await sendDigest(
            deps,
            { userId: row.user_id, since: row.since, mode: row.mode, token },
            clock(),
          )
        ) {
          sent += 1;
        }
      }
    } finally {
      // Stopped, or a database error: the digests not started go back at once.
      await deps.db
        .execute(sql`
          update ${settingsTable} set digest_lease_until = null, digest_lease_owner = null
           where digest_lease_owner = ${token}`)
        .catch((error) => console.error("[mail] handing back digests failed:", error));
    }
    if (claimed.length < BATCH) break;
  }
  return sent;
}

/** One factory's digest under the lease `token`. True when it was sent. */
async function sendDigest(
  deps: MailWorkDeps,
  claim: { userId: string; since: Date | string | null; mode: string; token: string },
  now: Date,
): Promise<boolean> {
  const { userId, token } = claim;
  const settingsTable = schema.notificationSettings;
  const since = claim.since ? new Date(claim.since) : new Date(now.getTime() - DAY_MS);
  const active = and(
    eq(schema.tenders.status, "active"),
    eq(schema.tenders.private, false),
    sql`${schema.users.banned} is not true`,
    sql`${schema.tenders.userId} <> ${userId}`,
  );
  // The tenders above the day's instant alerts; only the active ones are listed.
  const overflow = await deps.db
    .select({
      id: schema.tenderAlerts.id,
      tender: tenderFields,
      createdAt: schema.tenders.createdAt,
      status: schema.tenders.status,
      ownerBanned: schema.users.banned,
    })
    .from(schema.tenderAlerts)
    .innerJoin(schema.tenders, eq(schema.tenders.id, schema.tenderAlerts.tenderId))
    .leftJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
    .where(
      and(
        eq(schema.tenderAlerts.userId, userId),
        eq(schema.tenderAlerts.via, "digest"),
        eq(schema.tenderAlerts.state, "pending"),
      ),
    );
  const overflowIds = overflow.map((row) => row.id);
  const tenders = new Map(
    overflow
      .filter((row) => row.status === "active" && row.ownerBanned !== true)
      .map((row) => [row.tender.id, { ...row.tender, createdAt: row.createdAt }]),
  );

  if (claim.mode === "daily") {
    const [factory] = await deps.db
      .select({
        categories: schema.factories.categories,
        country: schema.factories.country,
        minOrder: schema.factories.minOrder,
      })
      .from(schema.factories)
      .where(eq(schema.factories.userId, userId));
    const [settings] = await deps.db
      .select({ ownCountry: settingsTable.alertsOwnCountry })
      .from(settingsTable)
      .where(eq(settingsTable.userId, userId));
    if (factory) {
      const matching = await deps.db
        .select({ ...tenderFields, createdAt: schema.tenders.createdAt })
        .from(schema.tenders)
        .innerJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
        .where(
          and(
            active,
            sql`${schema.tenders.createdAt} > ${since}`,
            sql`${schema.tenders.createdAt} <= ${now}`,
            sql`(cardinality(${schema.tenders.categories}) = 0 or ${schema.tenders.categories} && ${sql.param(factory.categories, schema.factories.categories)})`,
            settings?.ownCountry ? sql`${schema.tenders.country} = ${factory.country}` : undefined,
            factory.minOrder != null
              ? sql`(${schema.tenders.quantity} is null or ${schema.tenders.quantity} >= ${factory.minOrder})`
              : undefined,
          ),
        )
        .orderBy(sql`${schema.tenders.createdAt} desc`)
        .limit(DIGEST_LISTED);
      for (const tender of matching) tenders.set(tender.id, tender);
    }
  }

  /** Ends the lease: the digest is done (sent or nothing to send), or tried again later. */
  const finish = async (outcome: "sent" | "nothing" | "retry", overflowState: LetterState) => {
    await deps.db.transaction(async (tx) => {
      const moved = rowsOf<{ user_id: string }>(
        await tx.execute(sql`
          update ${settingsTable}
             set digest_sent_at = case when ${outcome === "retry"} then digest_sent_at else ${now}::timestamptz end,
                 digest_lease_until = ${outcome === "retry" ? new Date(now.getTime() + DIGEST_RETRY_MS) : null},
                 digest_lease_owner = null
           where user_id = ${userId} and digest_lease_owner = ${token}
          returning user_id`),
      );
      if (moved.length === 0 || outcome === "retry" || overflowIds.length === 0) return;
      await tx
        .update(schema.tenderAlerts)
        .set({ state: overflowState })
        .where(
          and(
            inArray(schema.tenderAlerts.id, overflowIds),
            eq(schema.tenderAlerts.state, "pending"),
          ),
        );
    });
  };

  const recipient =
    claim.mode === "off" || tenders.size === 0 ? null : await recipientOf(deps.db, userId);
  if (!recipient) {
    // Nothing to send (a daily factory's window still moves, as before).
    await finish("nothing", "skipped");
    return false;
  }
  const listed = [...tenders.values()]
    .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime())
    .slice(0, DIGEST_LISTED);
  const t = mailMessages[recipient.locale];
  const letter = {
    subject: t.digestSubject(tenders.size),
    paragraphs: [
      t.digestText,
      ...listed.map((tender) =>
        [
          ...tenderLines({ ...tender, budget: budgetOf(tender.budget) }, recipient.locale),
          absolute(deps.env, `/tenders/${tender.id}`, recipient.locale),
        ].join("\n"),
      ),
    ],
    button: { label: t.digestButton, url: absolute(deps.env, "/tenders", recipient.locale) },
  };
  const messageId = letterMessageId(
    deps.env,
    "digest",
    `${userId}.${claim.since ? new Date(claim.since).getTime() : "first"}`,
  );
  try {
    await sendNotice(deps, recipient, "alerts", letter, messageId);
  } catch (error) {
    const forGood = refusedForGood(error);
    console.error(
      `[mail] digest to ${userId} failed${forGood ? " for good" : ""}: ${messageOf(error)}`,
    );
    await finish(forGood ? "nothing" : "retry", "failed");
    return false;
  }
  await finish("sent", "sent");
  return true;
}

/** One round of all the worker's jobs. */
export async function runMailWork(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<MailWorkReport> {
  const clock = clockFrom(now);
  const notices = await sendNotificationEmails(deps, clock());
  const alerts = deps.signal?.aborted ? 0 : await sendTenderAlerts(deps, clock());
  const digests = deps.signal?.aborted ? 0 : await sendDailyDigests(deps, clock());
  for (const job of deps.more ?? []) if (!deps.signal?.aborted) await job(deps, clock());
  return { notices, alerts, digests };
}

/** How long stopping waits for the letter on its way (then its lease simply expires). */
export const STOP_GRACE_MS = 5000;

/**
 * Runs the worker every `intervalMs` in this process (each app process runs one; the leases keep
 * them from sending anything twice). Returns a function that stops it: no new round and no new
 * letter; the letter on its way may finish (for `graceMs` at most), the rest are handed back.
 */
export function startMailWorker(
  deps: MailWorkDeps,
  intervalMs: number,
): (graceMs?: number) => Promise<void> {
  const controller = new AbortController();
  let round: Promise<void> | null = null;
  const tick = () => {
    if (round || controller.signal.aborted) return;
    round = runMailWork({ ...deps, signal: controller.signal })
      .then(
        () => undefined,
        (error) => {
          if (!controller.signal.aborted) console.error("[mail] worker round failed:", error);
        },
      )
      .finally(() => {
        round = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async (graceMs = STOP_GRACE_MS) => {
    controller.abort();
    clearInterval(timer);
    if (!round) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      round,
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, graceMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  };
}
