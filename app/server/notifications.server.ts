/**
 * Notifications: one row per event per account (schema.notifications). The services that cause
 * an event insert its rows in their own transaction (`insertNotifications`), so a notification
 * exists exactly when its cause was stored; the email about it is sent afterwards by the mail
 * worker (mail_state 'pending').
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { NotificationKind } from "~db/schema";
import { type Db, schema } from "./db.server";
import { notifyLive } from "./live.server";

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  tenderId: string | null;
  quoteId: string | null;
  tenderTitle: string;
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

/** A fresh unsubscribe token: 32 random bytes, URL-safe. */
function newToken(): string {
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
  const columns = {
    emailEvents: schema.notificationSettings.emailEvents,
    tenderAlerts: schema.notificationSettings.tenderAlerts,
    alertsOwnCountry: schema.notificationSettings.alertsOwnCountry,
    unsubscribeToken: schema.notificationSettings.unsubscribeToken,
    digestSentAt: schema.notificationSettings.digestSentAt,
  };
  const [created] = await db
    .insert(schema.notificationSettings)
    .values({ userId, unsubscribeToken: newToken() })
    .onConflictDoNothing({ target: schema.notificationSettings.userId })
    .returning(columns);
  if (created) return created;
  const [row] = await db
    .select(columns)
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.userId, userId));
  if (!row) throw new Error("notifications: settings row vanished");
  return row;
}
