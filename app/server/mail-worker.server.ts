/**
 * The mail worker: sends the emails that follow from stored events, in the recipient's language,
 * with a List-Unsubscribe link (RFC 8058 one-click) in every one.
 *
 * - Notification emails: each notification row is born 'pending'. The worker claims pending rows
 *   with `FOR UPDATE SKIP LOCKED` and marks them 'sent' (or 'skipped') in the same statement, so
 *   two app processes never send the same email (at most once), and no transaction stays open
 *   while a letter is on its way. A message email goes out at most once per conversation and
 *   recipient per 15 minutes (an atomic check-and-set on the quote's `*_mailed_at`).
 * - Tender alerts: a new tender (alerted_at null) is claimed the same way and mailed at once to
 *   the factories whose activity categories meet the tender's (a tender without categories meets
 *   every factory), only in the tender's country for those who asked so, who chose 'instant'
 *   (the default). Factories that chose 'daily' get one digest a day of the tenders since their
 *   last digest.
 *
 * Every app process runs it every MAIL_WORKER_INTERVAL_MS; tests call `runMailWork` directly.
 */
import { and, eq, sql } from "drizzle-orm";
import { mail as mailMessages, verification as verificationMessages } from "~/domain/catalogue";
import { formatMoney, formatNumber, truncate } from "~/domain/format";
import { DEFAULT_LOCALE, isLocale, type Locale, localizedHref, ownText } from "~/domain/locale";
import {
  isVerificationKind,
  notificationHref,
  type VerificationKind,
} from "~/domain/notifications";
import { formatLocation } from "~/domain/reference";
import type { NotificationKind } from "~db/schema";
import { type Db, schema } from "./db.server";
import { accountDisplayName, displayNameColumns } from "./display-names.server";
import type { Env } from "./env.server";
import { type Mailer, type NoticeLetter, noticeEmail } from "./mail.server";
import { ensureNotificationSettings } from "./notifications.server";

/** One email per conversation and recipient in this time. */
export const CONVERSATION_MAIL_GAP_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;

export type MailWorkEnv = Pick<Env, "BASE_URL" | "SITE_NAME">;

export interface MailWorkDeps {
  db: Db;
  mailer: Mailer;
  env: MailWorkEnv;
}

export interface MailWorkReport {
  notices: { sent: number; skipped: number };
  alerts: number;
  digests: number;
}

interface Recipient {
  email: string;
  locale: Locale;
  name: string | null;
  unsubscribeToken: string;
}

/** The recipient's address, language, name and unsubscribe token. */
async function recipientOf(db: Db, userId: string): Promise<Recipient | null> {
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
  };
}

function absolute(env: MailWorkEnv, path: string, locale: Locale): string {
  return new URL(localizedHref(path, locale), env.BASE_URL).toString();
}

/**
 * Sends one notice letter to `recipient` with the footer and the List-Unsubscribe headers of
 * `what` (emails about events, or tender alerts). False when the mailer failed (logged as `log`).
 */
async function sendNotice(
  deps: MailWorkDeps,
  recipient: Recipient,
  what: "events" | "alerts",
  letter: Pick<NoticeLetter, "subject" | "paragraphs" | "button">,
  log: string,
): Promise<boolean> {
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
      text: what === "events" ? t.footerEvents : t.footerAlerts,
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
  try {
    await deps.mailer.send({ to: recipient.email, ...content, headers });
    return true;
  } catch (error) {
    console.error(`[mail] ${log} to ${recipient.email} failed:`, error);
    return false;
  }
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

/**
 * Claims up to BATCH pending notifications: those whose recipient turned emails off, and message
 * notifications of a conversation mailed in the last 15 minutes, are marked 'skipped'; the rest
 * 'sent'. Returns the ones to send.
 */
async function claimNotices(db: Db, now: Date) {
  const notifications = schema.notifications;
  const gapStart = new Date(now.getTime() - CONVERSATION_MAIL_GAP_MS);
  return db.transaction(async (tx) => {
    const rows = await tx
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
        emailEvents: schema.notificationSettings.emailEvents,
      })
      .from(notifications)
      .leftJoin(
        schema.notificationSettings,
        eq(schema.notificationSettings.userId, notifications.userId),
      )
      .where(eq(notifications.mailState, "pending"))
      .orderBy(notifications.createdAt)
      .limit(BATCH)
      .for("update", { of: notifications, skipLocked: true });
    const toSend: typeof rows = [];
    for (const row of rows) {
      let state: "sent" | "skipped" = row.emailEvents === false ? "skipped" : "sent";
      if (state === "sent" && row.kind === "message-received" && row.quoteId) {
        // One email per conversation and recipient per 15 minutes, whichever process asks.
        const [allowed] = await tx
          .execute<{ id: string }>(sql`
          update ${schema.quotes} q
             set buyer_mailed_at = case when t.user_id = ${row.userId} then ${now} else q.buyer_mailed_at end,
                 factory_mailed_at = case when q.user_id = ${row.userId} then ${now} else q.factory_mailed_at end
            from ${schema.tenders} t
           where q.id = ${row.quoteId} and t.id = q.tender_id
             and coalesce(case when t.user_id = ${row.userId} then q.buyer_mailed_at else q.factory_mailed_at end, '-infinity'::timestamptz) <= ${gapStart}
          returning q.id`)
          .then((result) => rowsOf<{ id: string }>(result));
        if (!allowed) state = "skipped";
      }
      await tx.update(notifications).set({ mailState: state }).where(eq(notifications.id, row.id));
      if (state === "sent") toSend.push(row);
    }
    return { claimed: rows.length, toSend };
  });
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

/** Sends the pending notification emails, batch after batch. */
export async function sendNotificationEmails(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<MailWorkReport["notices"]> {
  const report = { sent: 0, skipped: 0 };
  for (;;) {
    const { claimed, toSend } = await claimNotices(deps.db, now);
    report.skipped += claimed - toSend.length;
    for (const row of toSend) {
      const recipient = await recipientOf(deps.db, row.userId);
      if (!recipient) {
        report.skipped += 1;
        continue;
      }
      const kind = row.kind;
      if (isVerificationKind(kind)) {
        const letter = await verificationLetter(deps, { ...row, kind }, recipient.locale);
        const sent =
          letter !== null &&
          (await sendNotice(deps, recipient, "events", letter, `notice ${row.kind}`));
        if (sent) report.sent += 1;
        else report.skipped += 1;
        continue;
      }
      const t = mailMessages[recipient.locale];
      const title = row.tenderTitle ?? "";
      const notice = t.notices[kind];
      const actor = await actorName(deps.db, row.actorId, recipient.locale);
      const reason =
        row.kind === "quote-declined" ? await declineReasonOf(deps.db, row.quoteId) : null;
      const summary = await quoteSummaryOf(deps.db, row, recipient.locale);
      const sent = await sendNotice(
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
        `notice ${row.kind}`,
      );
      if (sent) report.sent += 1;
      else report.skipped += 1;
    }
    if (claimed < BATCH) return report;
  }
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
  db: Db,
  tender: Pick<AlertTender, "userId" | "categories" | "country">,
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

/** Claims the tenders not alerted yet (active ones are mailed; others just marked). */
async function claimNewTenders(db: Db, now: Date): Promise<AlertTender[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ ...tenderFields, status: schema.tenders.status })
      .from(schema.tenders)
      .where(sql`${schema.tenders.alertedAt} is null`)
      .orderBy(schema.tenders.createdAt)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const row of rows) {
      await tx.update(schema.tenders).set({ alertedAt: now }).where(eq(schema.tenders.id, row.id));
    }
    return rows
      .filter((row) => row.status === "active")
      .map(({ status: _status, ...row }) => ({
        ...row,
        budget: row.budget == null ? null : Number(row.budget),
      }));
  });
}

/** Mails each new tender at once to the factories that chose instant alerts. */
export async function sendTenderAlerts(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const tenders = await claimNewTenders(deps.db, now);
    for (const tender of tenders) {
      for (const userId of await alertRecipients(deps.db, tender, "instant")) {
        const recipient = await recipientOf(deps.db, userId);
        if (!recipient) continue;
        const t = mailMessages[recipient.locale];
        const letter = {
          subject: t.alertSubject(tender.title),
          paragraphs: [t.alertText, tenderLines(tender, recipient.locale).join("\n")],
          button: {
            label: t.alertButton,
            url: absolute(deps.env, `/tenders/${tender.id}`, recipient.locale),
          },
        };
        if (await sendNotice(deps, recipient, "alerts", letter, "tender alert")) sent += 1;
      }
    }
    if (tenders.length < BATCH) return sent;
  }
}

/**
 * Sends the daily digests that are due: to each factory that chose 'daily' and had none in the
 * last 24 hours, the active tenders meeting it placed since its last digest (or the last day).
 */
export async function sendDailyDigests(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<number> {
  const notificationSettings = schema.notificationSettings;
  const due = new Date(now.getTime() - DAY_MS);
  // Claim: move digest_sent_at to now, keeping the previous value to know where to start.
  const claimed = rowsOf<{ user_id: string; since: Date | string | null }>(
    await deps.db.execute(sql`
      with due as (
        select user_id, digest_sent_at from ${notificationSettings}
         where tender_alerts = 'daily' and (digest_sent_at is null or digest_sent_at <= ${due})
         order by user_id
         limit ${BATCH * 10}
         for update skip locked
      )
      update ${notificationSettings} set digest_sent_at = ${now}
        from due where ${notificationSettings}.user_id = due.user_id
      returning ${notificationSettings}.user_id, due.digest_sent_at as since`),
  );
  let sent = 0;
  for (const row of claimed) {
    const since = row.since ? new Date(row.since) : due;
    const [factory] = await deps.db
      .select({ categories: schema.factories.categories, country: schema.factories.country })
      .from(schema.factories)
      .where(eq(schema.factories.userId, row.user_id));
    if (!factory) continue;
    const [settings] = await deps.db
      .select({ ownCountry: notificationSettings.alertsOwnCountry })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, row.user_id));
    const tenders = await deps.db
      .select(tenderFields)
      .from(schema.tenders)
      .innerJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
      .where(
        and(
          eq(schema.tenders.status, "active"),
          sql`${schema.users.banned} is not true`,
          sql`${schema.tenders.userId} <> ${row.user_id}`,
          sql`${schema.tenders.createdAt} > ${since}`,
          sql`${schema.tenders.createdAt} <= ${now}`,
          sql`(cardinality(${schema.tenders.categories}) = 0 or ${schema.tenders.categories} && ${sql.param(factory.categories, schema.factories.categories)})`,
          settings?.ownCountry ? sql`${schema.tenders.country} = ${factory.country}` : undefined,
        ),
      )
      .orderBy(sql`${schema.tenders.createdAt} desc`)
      .limit(30);
    if (tenders.length === 0) continue;
    const recipient = await recipientOf(deps.db, row.user_id);
    if (!recipient) continue;
    const t = mailMessages[recipient.locale];
    const letter = {
      subject: t.digestSubject(tenders.length),
      paragraphs: [
        t.digestText,
        ...tenders.map((tender) =>
          [
            ...tenderLines(
              { ...tender, budget: tender.budget == null ? null : Number(tender.budget) },
              recipient.locale,
            ),
            absolute(deps.env, `/tenders/${tender.id}`, recipient.locale),
          ].join("\n"),
        ),
      ],
      button: { label: t.digestButton, url: absolute(deps.env, "/tenders", recipient.locale) },
    };
    if (await sendNotice(deps, recipient, "alerts", letter, "tender digest")) sent += 1;
  }
  return sent;
}

/** One round of all the worker's jobs. */
export async function runMailWork(
  deps: MailWorkDeps,
  now: Date = new Date(),
): Promise<MailWorkReport> {
  const notices = await sendNotificationEmails(deps, now);
  const alerts = await sendTenderAlerts(deps, now);
  const digests = await sendDailyDigests(deps, now);
  return { notices, alerts, digests };
}

/**
 * Runs the worker every `intervalMs` in this process (each app process runs one; the claims keep
 * them from sending anything twice). Returns a function that stops it.
 */
export function startMailWorker(deps: MailWorkDeps, intervalMs: number): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await runMailWork(deps);
    } catch (error) {
      console.error("[mail] worker round failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
