/**
 * Letters to one account are limited whoever asks for them: a confirmation letter is sent on
 * sign-up and again on each sign-in of an unconfirmed account, a reset letter on each request,
 * and the per-address rate limits alone would let many addresses flood one mailbox. An account
 * gets a letter of a kind at most once per `gapSeconds` and `perDay` times in 24 hours.
 */
import { and, eq, gt, lt, type SQL } from "drizzle-orm";
import { type Db, type DbOrTx, lockForTransaction, schema } from "~/platform/db.server";
import type { AccountLetterKind } from "~db/schema";

export const ACCOUNT_LETTER_LIMITS = { gapSeconds: 120, perDay: 6 } as const;

/** The account's letters of `kind` that also meet `when`. */
const lettersOf = (userId: string, kind: AccountLetterKind, when: SQL) =>
  and(eq(schema.accountLetters.userId, userId), eq(schema.accountLetters.kind, kind), when);

/** The times (ms) of the account's letters of `kind` in the 24 hours before `now`, oldest first. */
async function lettersOfDay(db: DbOrTx, userId: string, kind: AccountLetterKind, now: Date) {
  const sent = await db
    .select({ at: schema.accountLetters.sentAt })
    .from(schema.accountLetters)
    .where(lettersOf(userId, kind, gt(schema.accountLetters.sentAt, dayBefore(now))))
    .orderBy(schema.accountLetters.sentAt);
  return sent.map((row) => new Date(row.at).getTime());
}

const dayBefore = (now: Date) => new Date(now.getTime() - 86_400_000);

/** When a letter may go after `times` (the day's letters, oldest first): the one rule of both. */
function nextLetterTime(times: readonly number[], now: Date): number {
  const { gapSeconds, perDay } = ACCOUNT_LETTER_LIMITS;
  const afterGap = times.length ? Math.max(...times) + gapSeconds * 1000 : 0;
  // With the day's letters used up, the oldest of them must leave the 24 hours first.
  const afterDay =
    times.length >= perDay ? (times[times.length - perDay] as number) + 86_400_000 : 0;
  return Math.max(afterGap, afterDay, now.getTime());
}

/** When the account may get its next letter of `kind` (now or earlier: at once). */
export async function nextAccountLetterAt(
  db: Db,
  userId: string,
  kind: AccountLetterKind,
  now = new Date(),
): Promise<Date> {
  return new Date(nextLetterTime(await lettersOfDay(db, userId, kind, now), now));
}

/**
 * The account's letters of `kind` as a person asking for one needs to know them: when the last
 * one went (null: none within a day) and when the next may go (now or earlier: at once).
 */
export async function accountLetterState(
  db: Db,
  userId: string,
  kind: AccountLetterKind,
  now = new Date(),
): Promise<{ lastSentAt: Date | null; nextAt: Date }> {
  const times = await lettersOfDay(db, userId, kind, now);
  const last = times.length ? Math.max(...times) : null;
  return {
    lastSentAt: last === null ? null : new Date(last),
    nextAt: new Date(nextLetterTime(times, now)),
  };
}

/**
 * Records a letter of `kind` to the account and answers true when it may be sent now; false
 * when the account had one too recently or too many today (nothing is recorded then).
 */
export async function claimAccountLetter(
  db: Db,
  userId: string,
  kind: AccountLetterKind,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One claim at a time per account and kind, so two requests at once cannot both pass.
    await lockForTransaction(tx, `account-letters:${userId}:${kind}`);
    const times = await lettersOfDay(tx, userId, kind, now);
    if (nextLetterTime(times, now) > now.getTime()) return false;
    await tx.insert(schema.accountLetters).values({ userId, kind, sentAt: now });
    // What is older than a day counts for nothing any more.
    await tx
      .delete(schema.accountLetters)
      .where(lettersOf(userId, kind, lt(schema.accountLetters.sentAt, dayBefore(now))));
    return true;
  });
}
