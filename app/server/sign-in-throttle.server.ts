/**
 * The sign-in limit per account. better-auth limits sign-ins per client address; an office
 * behind one address would then be locked out together by one person's typos, so the address
 * limit is generous and this one is tight: `failures` wrong passwords for one account address
 * within `windowSeconds` close sign-in to that account (from anywhere) until the window has
 * passed. A successful sign-in starts the count anew. Applies when AUTH_RATE_LIMIT is on.
 */
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { type Db, schema } from "./db.server";

export const SIGN_IN_LIMITS = { failures: 5, windowSeconds: 60 } as const;

const normalized = (email: string) => email.trim().toLowerCase();
const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_LIMITS.windowSeconds * 1000);

/**
 * How many seconds sign-in to the account address stays closed (0: open). It opens when the
 * oldest of the last `failures` failures leaves the window.
 */
export async function signInLockedFor(db: Db, email: string, now = new Date()): Promise<number> {
  const failures = schema.signInFailures;
  const recent = await db
    .select({ at: failures.failedAt })
    .from(failures)
    .where(and(eq(failures.email, normalized(email)), gt(failures.failedAt, windowStart(now))))
    .orderBy(desc(failures.failedAt))
    .limit(SIGN_IN_LIMITS.failures);
  const oldest = recent[SIGN_IN_LIMITS.failures - 1];
  if (!oldest) return 0;
  const opensAt = new Date(oldest.at).getTime() + SIGN_IN_LIMITS.windowSeconds * 1000;
  return Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000));
}

/** Counts a wrong password for the address (and forgets what is older than the window). */
export async function recordSignInFailure(db: Db, email: string, now = new Date()) {
  const failures = schema.signInFailures;
  const address = normalized(email);
  await db.insert(failures).values({ email: address, failedAt: now });
  await db
    .delete(failures)
    .where(and(eq(failures.email, address), lt(failures.failedAt, windowStart(now))));
}

/** A successful sign-in: the address starts with a clean count. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(schema.signInFailures).where(eq(schema.signInFailures.email, normalized(email)));
}
