/**
 * Notifications: one row per event per account (schema.notifications). The services that cause
 * an event insert its rows in their own transaction (`insertNotifications`), so a notification
 * exists exactly when its cause was stored; the email about it is sent afterwards by the mail
 * worker (mail_state 'pending').
 */

import { randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { notificationHref } from "~/domain/notifications";
import { failures, type Outcome, ok } from "~/domain/outcome";
import {
  NOTIFICATION_PROBLEMS,
  type NotificationProblem,
  UNSUBSCRIBE_PROBLEMS,
  type UnsubscribeProblem,
} from "~/features/notifications/problems";
import { notificationSettingsSchema, type SettingsAudience } from "~/features/notifications/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { accountDisplayName, displayNameColumns } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import { notifyLive } from "~/platform/live.server";
import { type Page, type PageRequest, readPage } from "~/platform/pagination.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import type { Certification, NotificationKind } from "~db/schema";

const fail = failures(NOTIFICATION_PROBLEMS);
const unsubscribeFailed = failures(UNSUBSCRIBE_PROBLEMS);

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  tenderId: string | null;
  quoteId: string | null;
  /** The tender's title; null for the kinds about a factory's verification (factoryId). */
  tenderTitle: string | null;
  factoryId?: string | null;
  /** The admin's note on a verification decision. */
  note?: string | null;
  /** The certification a certificate decision is about. */
  certification?: Certification | null;
  /** The order an order kind is about. */
  orderId?: string | null;
}

/** Stores notifications and tells their accounts' open pages (on commit). */
export async function insertNotifications(
  db: Pick<Db, "insert" | "execute">,
  rows: readonly NewNotification[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(schema.notifications).values([...rows]);
  await notifyLive(db, {
    users: [...new Set(rows.map((row) => row.userId))],
    kind: "notification",
  });
}

export type NotificationSettings = Pick<
  typeof schema.notificationSettings.$inferSelect,
  "emailEvents" | "tenderAlerts" | "alertsOwnCountry" | "unsubscribeToken" | "digestSentAt"
>;

const settingsColumns = {
  emailEvents: schema.notificationSettings.emailEvents,
  tenderAlerts: schema.notificationSettings.tenderAlerts,
  alertsOwnCountry: schema.notificationSettings.alertsOwnCountry,
  unsubscribeToken: schema.notificationSettings.unsubscribeToken,
  digestSentAt: schema.notificationSettings.digestSentAt,
};

/** A fresh unsubscribe token: 32 random bytes, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * An account's email choices, creating the row with the defaults (emails on, tender alerts at
 * once) and its unsubscribe token on first use.
 */
export async function ensureNotificationSettings(
  db: Pick<Db, "insert" | "select">,
  userId: string,
): Promise<NotificationSettings> {
  const [created] = await db
    .insert(schema.notificationSettings)
    .values({ userId, unsubscribeToken: newToken() })
    .onConflictDoNothing({ target: schema.notificationSettings.userId })
    .returning(settingsColumns);
  if (created) return created;
  const [row] = await db
    .select(settingsColumns)
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.userId, userId));
  if (!row) throw new Error("notifications: settings row vanished");
  return row;
}

// ---------------------------------------------------------------------------------------------
// Reading and marking (the bell, /notifications)

/** Notifications on one page of /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One notification as its page shows it. */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  tenderId: string | null;
  quoteId: string | null;
  /** The tender's title as it was when the event happened; null for a verification kind. */
  tenderTitle: string | null;
  /** The factory a verification kind is about, and the admin's note on a decision. */
  factoryId: string | null;
  note: string | null;
  /** The certification of a certificate kind. */
  certification: Certification | null;
  /** The order of an order kind. */
  orderId: string | null;
  read: boolean;
  createdAt: Date;
  /**
   * Who caused it: a factory's name (with its own English name, if any), else the account's
   * display name; null once that account is deleted (shown as a deleted user).
   */
  actor: { name: string; nameEn: string | null } | null;
}

export interface NotificationPage extends Page<NotificationItem> {
  unread: number;
}

const notifications = schema.notifications;
const actorUser = alias(schema.users, "actor_user");

/**
 * The account's own notifications that it is shown: those whose actor is deleted (null) or not
 * blocked. A blocked account's events stay stored but are hidden, as its quotes and messages are.
 */
function visibleTo(actor: Pick<CurrentUser, "id">): SQL {
  return and(
    eq(notifications.userId, actor.id),
    sql`not exists (select 1 from ${schema.users} ${sql.identifier("blocked_actor")} where ${sql.identifier("blocked_actor")}.${sql.identifier("id")} = ${notifications.actorId} and ${sql.identifier("blocked_actor")}.${sql.identifier("banned")} is true)`,
  ) as SQL;
}

/** The account's notifications, newest first, NOTIFICATIONS_PAGE_SIZE a page. */
export async function listNotifications(
  db: Db,
  actor: Pick<CurrentUser, "id">,
  { page }: PageRequest = {},
): Promise<NotificationPage> {
  const where = visibleTo(actor);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
    })
    .from(notifications)
    .where(where);
  const list = await readPage(
    totals?.total ?? 0,
    page,
    NOTIFICATIONS_PAGE_SIZE,
    async ({ offset, pageSize }) => {
      const rows = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          tenderId: notifications.tenderId,
          quoteId: notifications.quoteId,
          tenderTitle: notifications.tenderTitle,
          factoryId: notifications.factoryId,
          note: notifications.note,
          certification: notifications.certification,
          orderId: notifications.orderId,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
          actorId: actorUser.id,
          actorEmail: actorUser.email,
          factoryName: schema.factories.name,
          factoryNameEn: schema.factories.nameEn,
          profile: displayNameColumns,
        })
        .from(notifications)
        .leftJoin(actorUser, eq(actorUser.id, notifications.actorId))
        .leftJoin(schema.factories, eq(schema.factories.userId, notifications.actorId))
        .leftJoin(schema.profiles, eq(schema.profiles.id, notifications.actorId))
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(pageSize)
        .offset(offset);
      return rows.map(
        (row): NotificationItem => ({
          id: row.id,
          kind: row.kind,
          tenderId: row.tenderId,
          quoteId: row.quoteId,
          tenderTitle: row.tenderTitle,
          factoryId: row.factoryId,
          note: row.note,
          certification: row.certification,
          orderId: row.orderId,
          read: row.readAt !== null,
          createdAt: row.createdAt,
          actor:
            row.actorId === null
              ? null
              : row.factoryName
                ? { name: row.factoryName, nameEn: row.factoryNameEn }
                : { name: accountDisplayName(row.actorEmail, row.profile), nameEn: null },
        }),
      );
    },
  );
  return { ...list, unread: Number(totals?.unread ?? 0) };
}

/**
 * How many of the account's notifications are unread (the bell): one query on the partial index
 * of unread rows per account.
 */
export async function unreadNotificationCount(
  db: Db,
  actor: Pick<CurrentUser, "id">,
): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleTo(actor), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/**
 * Marks the account's own notifications read: the given ids (others' ids and malformed ones are
 * ignored; 'not-found' when none of them was the account's unread one) or all of them. Answers
 * how many changed.
 */
export async function markNotificationsRead(
  context: UseCaseContext,
  input: { ids: readonly string[] | "all" },
): Promise<Outcome<{ changed: number }, NotificationProblem>> {
  const { db, actor } = context;
  const { ids } = input;
  const own = and(eq(notifications.userId, actor.id), isNull(notifications.readAt));
  let where: SQL | undefined;
  if (ids === "all") {
    where = own;
  } else {
    const valid = [...new Set(ids.filter((id) => isUuid(id)))].slice(
      0,
      NOTIFICATIONS_PAGE_SIZE * 5,
    );
    if (valid.length === 0) return fail("not-found");
    where = and(own, inArray(notifications.id, valid));
  }
  const changed = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(where)
    .returning({ id: notifications.id });
  if (ids !== "all" && changed.length === 0) return fail("not-found");
  return ok({ changed: changed.length });
}

/**
 * Opens one of the account's notifications: marks it read and answers where it leads
 * (`notificationHref`; null once its tender and quote are gone); 'not-found' when it is not the
 * account's own (or hidden, or unknown).
 */
export async function openNotification(
  context: UseCaseContext,
  input: { id: string | null | undefined },
): Promise<Outcome<{ href: string | null }, NotificationProblem>> {
  const { db, actor } = context;
  const { id } = input;
  if (!isUuid(id)) return fail("not-found");
  const [row] = await db
    .select({
      kind: notifications.kind,
      tenderId: notifications.tenderId,
      quoteId: notifications.quoteId,
      factoryId: notifications.factoryId,
      orderId: notifications.orderId,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(visibleTo(actor), eq(notifications.id, id)));
  if (!row) return fail("not-found");
  if (row.readAt === null) {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)));
  }
  return ok({ href: notificationHref(row) });
}

// ---------------------------------------------------------------------------------------------
// Email choices (/notification-settings) and unsubscribing by the emails' token

/** Whom the settings form is for: a factory chooses tender alerts too. */
export function settingsAudience(actor: Pick<CurrentUser, "userType">): SettingsAudience {
  return actor.userType === "factory" ? "factory" : "account";
}

/**
 * Saves the account's email choices (the posted settings form): emails about quotes and messages
 * on or off; for a factory also tender alerts (off, at once, a daily digest) and whether only its
 * own country's tenders. The form's schema for the account's audience refuses tender alert
 * choices from anyone but a factory, and then nothing changes.
 */
export async function saveNotificationSettings(
  context: UseCaseContext,
  input: { form: FormData },
): Promise<Outcome<NotificationSettings, "invalid">> {
  const { db, actor } = context;
  const audience = settingsAudience(actor);
  const parsed = readFields(
    context,
    (locale) => notificationSettingsSchema(locale, audience),
    input.form,
  );
  if (!parsed.ok) return parsed;
  const fields = parsed.value;
  const choices =
    audience === "factory"
      ? {
          emailEvents: fields.emailEvents,
          tenderAlerts: fields.tenderAlerts ?? "off",
          alertsOwnCountry: fields.alertsOwnCountry,
        }
      : { emailEvents: fields.emailEvents };
  const [saved] = await db
    .insert(schema.notificationSettings)
    .values({ userId: actor.id, unsubscribeToken: newToken(), ...choices })
    .onConflictDoUpdate({ target: schema.notificationSettings.userId, set: choices })
    .returning(settingsColumns);
  if (!saved) throw new Error("notifications: settings were not saved");
  return ok(saved);
}

/**
 * What an unsubscribe link turns off: emails about events, tender alerts, the letters of the saved
 * searches (app/features/saved/), or all of them.
 */
export const UNSUBSCRIBE_WHAT = ["events", "alerts", "searches", "all"] as const;
export type UnsubscribeWhat = (typeof UNSUBSCRIBE_WHAT)[number];

/** `?what=` of an unsubscribe link: one of UNSUBSCRIBE_WHAT, anything else 'all'. */
export function unsubscribeWhat(value: unknown): UnsubscribeWhat {
  return (UNSUBSCRIBE_WHAT as readonly unknown[]).includes(value)
    ? (value as UnsubscribeWhat)
    : "all";
}

/** newToken()'s shape: 32 bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type UnsubscribeOutcome = Outcome<
  Pick<NotificationSettings, "emailEvents" | "tenderAlerts">,
  UnsubscribeProblem
>;

/** What an unsubscribe link's use case is given: the database, and no actor (no session). */
export type UnsubscribeContext = Pick<UseCaseContext, "db">;

/**
 * The settings row an unsubscribe token belongs to, locked for the transaction when asked. A
 * token of the wrong shape is not looked up at all; the row found by the unique index is
 * confirmed with a constant-time comparison, so nothing is decided by a string comparison that
 * stops at the first differing character.
 */
async function settingsByToken(
  db: DbOrTx,
  token: string | null | undefined,
  { lock = false }: { lock?: boolean } = {},
) {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const query = db
    .select({ userId: schema.notificationSettings.userId, ...settingsColumns })
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.unsubscribeToken, token))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const stored = Buffer.from(row.unsubscribeToken, "utf8");
  const offered = Buffer.from(token, "utf8");
  if (stored.length !== offered.length || !timingSafeEqual(stored, offered)) return null;
  return row;
}

/** Whether an unsubscribe link's token is known (its page shows the button), and its choices. */
export async function findUnsubscribe(
  db: Db,
  token: string | null | undefined,
): Promise<UnsubscribeOutcome> {
  const row = await settingsByToken(db, token);
  if (!row) return unsubscribeFailed("unknown-token");
  return ok({ emailEvents: row.emailEvents, tenderAlerts: row.tenderAlerts });
}

/**
 * Turns off what an email's unsubscribe link names (its token and `?what=`), without a session:
 * the token alone says whose choices change. An unknown token changes nothing.
 */
export async function unsubscribeByToken(
  { db }: UnsubscribeContext,
  input: { token: string | null | undefined; what: UnsubscribeWhat },
): Promise<UnsubscribeOutcome> {
  const { token, what } = input;
  return db.transaction(async (tx): Promise<UnsubscribeOutcome> => {
    const row = await settingsByToken(tx, token, { lock: true });
    if (!row) return unsubscribeFailed("unknown-token");
    const changes = {
      ...(what === "events" || what === "all" ? { emailEvents: false } : {}),
      ...(what === "alerts" || what === "all" ? { tenderAlerts: "off" as const } : {}),
    };
    if (what === "searches" || what === "all") {
      await tx
        .update(schema.savedSearches)
        .set({ letters: false })
        .where(eq(schema.savedSearches.userId, row.userId));
    }
    if (Object.keys(changes).length === 0) {
      return {
        ok: true,
        value: { emailEvents: row.emailEvents, tenderAlerts: row.tenderAlerts },
      } as const;
    }
    const [saved] = await tx
      .update(schema.notificationSettings)
      .set(changes)
      .where(eq(schema.notificationSettings.userId, row.userId))
      .returning({
        emailEvents: schema.notificationSettings.emailEvents,
        tenderAlerts: schema.notificationSettings.tenderAlerts,
      });
    if (!saved) return unsubscribeFailed("unknown-token");
    return ok(saved);
  });
}

/**
 * Before tenders and quotes are deleted (a tender, or a whole account with `account`): the
 * account's own notifications are deleted, and the others' lose their links to the account (as
 * actor), the tenders and the quotes that go, each row in one statement. Left to the cascades, a
 * notification reached by several paths at once (its account's delete, the SET NULL of its actor,
 * tender and quote) is updated twice in one statement, and PostgreSQL checks the second update's
 * quote against a quote already deleted ("violates foreign key constraint
 * notifications_quote_id_quotes_id_fk"). `tenders` and `quotes` are subqueries of ids.
 */
export async function detachNotifications(
  tx: DbOrTx,
  gone: { account?: string; tenders: SQL; quotes: SQL },
): Promise<void> {
  const n = schema.notifications;
  const account = gone.account ?? null;
  if (account) await tx.execute(sql`delete from ${n} where ${n.userId} = ${account}`);
  await tx.execute(sql`update ${n} set
      actor_id = case when actor_id = ${account} then null else actor_id end,
      tender_id = case when tender_id in ${gone.tenders} then null else tender_id end,
      quote_id = case when quote_id in ${gone.quotes} then null else quote_id end
    where actor_id = ${account} or tender_id in ${gone.tenders} or quote_id in ${gone.quotes}`);
}

/**
 * Tells each factory with a quote (not withdrawn) on the tenders `tenders` (a subquery of ids)
 * that the buyer deleted the tender, before it goes: the notification keeps the title and links
 * nowhere. `actorId` is the buyer, or null when the buyer's account goes too.
 */
export async function notifyTendersDeleted(
  tx: DbOrTx,
  tenders: SQL,
  actorId: string | null,
): Promise<void> {
  const q = schema.quotes;
  const t = schema.tenders;
  const rows = await tx
    .select({ userId: q.userId, title: t.title })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .where(and(sql`${t.id} in ${tenders}`, ne(q.status, "withdrawn")));
  await insertNotifications(
    tx,
    rows.map((row) => ({
      userId: row.userId,
      kind: "tender-deleted" as const,
      actorId,
      tenderId: null,
      quoteId: null,
      tenderTitle: row.title,
    })),
  );
}
