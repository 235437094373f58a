/**
 * Live updates through PostgreSQL: a write that others should see at once (a message, a quote, a
 * notification) calls `notifyLive` inside its transaction; PostgreSQL delivers the NOTIFY on
 * commit to every app process LISTENing on the channel, whichever process made the write.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./db.server";

/** The one channel; events name the accounts they concern. */
export const LIVE_CHANNEL = "fabricum_live";

export interface LiveEvent {
  /** Accounts whose pages should refresh. */
  users: string[];
  /** What changed: a conversation's message, a quote's state, a notification. */
  kind: "message" | "quote" | "notification";
  quoteId?: string | null;
  tenderId?: string | null;
}

/** Queues a live event; inside a transaction PostgreSQL sends it only if the transaction commits. */
export async function notifyLive(db: Pick<Db, "execute">, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
