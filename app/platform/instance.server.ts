/**
 * Facts all processes of one installation share through the database (the instance_settings
 * table). The first is the keyed fingerprint of BETTER_AUTH_SECRET: processes started with
 * different secrets sign sessions and reset links the others refuse, so users are signed out at
 * random. The fingerprint is an HMAC of a fixed text under the secret: it shows whether two
 * secrets are the same and tells nothing about the secret itself.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import * as schema from "~db/schema";
import type { DbOrTx } from "./db.server";

export const SECRET_FINGERPRINT = "auth-secret-fingerprint";

/** The fingerprint of a secret (hex). */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", secret).update("fabricum: auth secret fingerprint v1").digest("hex");
}

/** A process's secret is not the one the installation's other processes use. */
export class SecretMismatchError extends Error {
  constructor() {
    super(
      "BETTER_AUTH_SECRET этого процесса не совпадает с секретом, с которым работают другие процессы этой базы (его отпечаток хранится в таблице instance_settings). Задайте всем процессам один и тот же BETTER_AUTH_SECRET. Если секрет сменён намеренно, выполните с новым секретом `npm run admin -- secret-rotated` и перезапустите все процессы (их сессии закончатся).",
    );
    this.name = "SecretMismatchError";
  }
}

export async function readInstanceSetting(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db
    .select({ value: schema.instanceSettings.value })
    .from(schema.instanceSettings)
    .where(eq(schema.instanceSettings.name, name));
  return row?.value ?? null;
}

/** Stores `value` under `name` unless a value is there already; returns the stored one. */
export async function keepInstanceSetting(db: DbOrTx, name: string, value: string) {
  await db.insert(schema.instanceSettings).values({ name, value }).onConflictDoNothing();
  return (await readInstanceSetting(db, name)) ?? value;
}

/**
 * At start: the first process stores its secret's fingerprint, every later one must have the
 * same (throws SecretMismatchError otherwise).
 */
export async function checkSecretFingerprint(db: DbOrTx, secret: string): Promise<void> {
  const mine = secretFingerprint(secret);
  const stored = await keepInstanceSetting(db, SECRET_FINGERPRINT, mine);
  const same =
    stored.length === mine.length && timingSafeEqual(Buffer.from(stored), Buffer.from(mine));
  if (!same) throw new SecretMismatchError();
}

/**
 * A deliberate change of secret (`npm run admin -- secret-rotated`): the fingerprint of the new
 * secret replaces the stored one, so processes started with it are accepted from now on (and
 * those still on the old one are refused on their next start).
 */
export async function recordSecretRotation(db: DbOrTx, secret: string): Promise<void> {
  const value = secretFingerprint(secret);
  await db
    .insert(schema.instanceSettings)
    .values({ name: SECRET_FINGERPRINT, value })
    .onConflictDoUpdate({
      target: schema.instanceSettings.name,
      set: { value, updatedAt: sql`now()` },
    });
}
