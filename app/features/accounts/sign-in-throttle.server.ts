/**
 * The sign-in limit per account. better-auth limits sign-ins per client address; an office
 * behind one address would then be locked out together by one person's typos, so the address
 * limit is generous and this one is tight: `failures` wrong passwords for one account address
 * within `windowSeconds` close sign-in to that account (from anywhere) until the window has
 * passed. A successful sign-in starts the count anew. Applies when AUTH_RATE_LIMIT is on.
 *
 * Atomic (docs/decisions/025-limits-under-concurrency.md): an attempt first claims a slot, in one
 * transaction under an advisory lock per address, so counting and checking are one step in any
 * number of processes. A claimed slot counts as a failure until the answer is known: a wrong
 * password keeps it, a right one clears the count, anything else (an unconfirmed account, an
 * error) gives it back. So at most `failures` passwords per address and window are ever checked
 * against the hash, however many guesses arrive at once.
 */
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { type Db, type DbOrTx, lockForTransaction, schema } from "~/platform/db.server";

export const SIGN_IN_LIMITS = { failures: 5, windowSeconds: 60 } as const;

const normalized = (email: string) => email.trim().toLowerCase();
const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_LIMITS.windowSeconds * 1000);

/** Seconds until the oldest of the last `failures` failures leaves the window (0: open). */
async function lockedSeconds(db: DbOrTx, address: string, now: Date): Promise<number> {
  const failures = schema.signInFailures;
  const recent = await db
    .select({ at: failures.failedAt })
    .from(failures)
    .where(and(eq(failures.email, address), gt(failures.failedAt, windowStart(now))))
    .orderBy(desc(failures.failedAt))
    .limit(SIGN_IN_LIMITS.failures);
  const oldest = recent[SIGN_IN_LIMITS.failures - 1];
  if (!oldest) return 0;
  const opensAt = new Date(oldest.at).getTime() + SIGN_IN_LIMITS.windowSeconds * 1000;
  return Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000));
}

/**
 * How many seconds sign-in to the account address stays closed (0: open). It opens when the
 * oldest of the last `failures` failures leaves the window.
 */
export function signInLockedFor(db: Db, email: string, now = new Date()): Promise<number> {
  return lockedSeconds(db, normalized(email), now);
}

export type SignInClaim = { ok: true; id: string } | { ok: false; lockedFor: number };

/**
 * Claims one attempt at the address: a slot counted as a failure, or the wait when all slots of
 * the window are taken. One transaction under a lock per address, so parallel attempts (in any
 * process) queue here and never see the same count. Forgets what is older than the window.
 */
export async function claimSignInAttempt(
  db: Db,
  email: string,
  now = new Date(),
): Promise<SignInClaim> {
  const failures = schema.signInFailures;
  const address = normalized(email);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, `sign-in:${address}`);
    await tx
      .delete(failures)
      .where(and(eq(failures.email, address), lt(failures.failedAt, windowStart(now))));
    const lockedFor = await lockedSeconds(tx, address, now);
    if (lockedFor > 0) return { ok: false, lockedFor } as const;
    const [row] = await tx
      .insert(failures)
      .values({ email: address, failedAt: now })
      .returning({ id: failures.id });
    if (!row) throw new Error("sign-in attempt not recorded");
    return { ok: true, id: row.id } as const;
  });
}

/** The attempt ended neither in a wrong password nor in a sign-in: its slot is given back. */
export async function releaseSignInAttempt(db: Db, claim: SignInClaim) {
  if (claim.ok)
    await db.delete(schema.signInFailures).where(eq(schema.signInFailures.id, claim.id));
}

/** A successful sign-in: the address starts with a clean count. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(schema.signInFailures).where(eq(schema.signInFailures.email, normalized(email)));
}
