import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_LETTER_LIMITS,
  claimAccountLetter,
  nextAccountLetterAt,
} from "~/features/accounts/account-letters.server";
import { schema } from "~/platform/db.server";
import { testDatabase } from "../support/per-file";

const database = testDatabase();

async function newUser(): Promise<string> {
  const id = randomUUID();
  await database.db
    .insert(schema.users)
    .values({ id, name: "Письма", email: `${id}@example.com`, emailVerified: false });
  return id;
}

describe("letters per account", () => {
  const { gapSeconds, perDay } = ACCOUNT_LETTER_LIMITS;
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

  it("allows one letter of a kind per gap, and the other kind independently", async () => {
    const user = await newUser();
    const start = new Date();
    expect(await claimAccountLetter(database.db, user, "verify-email", start)).toBe(true);
    expect(await claimAccountLetter(database.db, user, "verify-email", at(start, 5))).toBe(false);
    expect(await claimAccountLetter(database.db, user, "reset-password", at(start, 5))).toBe(true);
    expect(
      await claimAccountLetter(database.db, user, "verify-email", at(start, gapSeconds + 1)),
    ).toBe(true);
  });

  it("allows at most perDay letters in 24 hours, then again a day later", async () => {
    const user = await newUser();
    const start = new Date();
    let sent = 0;
    for (let i = 0; i < perDay + 3; i++) {
      if (await claimAccountLetter(database.db, user, "reset-password", at(start, i * gapSeconds)))
        sent += 1;
    }
    expect(sent).toBe(perDay);
    const nextDay = at(start, 24 * 60 * 60 + perDay * gapSeconds);
    expect(await claimAccountLetter(database.db, user, "reset-password", nextDay)).toBe(true);
    // Old records are dropped as new ones come.
    const rows = await database.db
      .select()
      .from(schema.accountLetters)
      .where(eq(schema.accountLetters.userId, user));
    expect(rows.length).toBeLessThanOrEqual(perDay);
  });

  it("lets only one of many simultaneous requests through", async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => claimAccountLetter(database.db, user, "verify-email")),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("says when the next letter may go", async () => {
    const user = await newUser();
    const start = new Date();
    expect(await nextAccountLetterAt(database.db, user, "verify-email", start)).toEqual(start);
    await claimAccountLetter(database.db, user, "verify-email", start);
    expect(await nextAccountLetterAt(database.db, user, "verify-email", at(start, 30))).toEqual(
      at(start, gapSeconds),
    );
    for (let i = 1; i < perDay; i++) {
      await claimAccountLetter(database.db, user, "verify-email", at(start, i * gapSeconds));
    }
    // The day's letters are used up: the next when the first leaves the 24 hours.
    expect(
      await nextAccountLetterAt(database.db, user, "verify-email", at(start, perDay * gapSeconds)),
    ).toEqual(at(start, 24 * 60 * 60));
  });

  it("goes with the account", async () => {
    const user = await newUser();
    await claimAccountLetter(database.db, user, "verify-email");
    await database.db.delete(schema.users).where(eq(schema.users.id, user));
    const rows = await database.db
      .select()
      .from(schema.accountLetters)
      .where(eq(schema.accountLetters.userId, user));
    expect(rows).toHaveLength(0);
  });
});
