/**
 * The sign-in limit per account. better-auth limits sign-ins per client address; an office
 * behind one address would then be locked out together by one person's typos, so the address
 * limit is generous and this one is tight: `failures` wrong passwords for one account address
 * within `windowSeconds` close sign-in to that account (from anywhere) until the window has
 * passed. A successful sign-in starts the count anew. Applies when AUTH_RATE_LIMIT is on.
 */
import { and, count, eq, gt, lt } from "drizzle-orm";
import { type Db, schema } from "./db.server";

export const SIGN_IN_LIMITS = { failures: 5, windowSeconds: 60 } as const;

const normalized = (email: string) => email.trim().toLowerCase();
const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_LIMITS.windowSeconds * 1000);

/** True when the account address had too many failed sign-ins just now. */
export async function signInLocked(db: Db, email: string, now = new Date()): Promise<boolean> {
  const failures = schema.signInFailures;
  const [row] = await db
    .select({ n: count() })
    .from(failures)
    .where(and(eq(failures.email, normalized(email)), gt(failures.failedAt, windowStart(now))));
  return (row?.n ?? 0) >= SIGN_IN_LIMITS.failures;
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
