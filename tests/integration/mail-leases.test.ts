// The mail worker's leases against a real database and a real SMTP server (decision 024): a
// letter is marked sent only after the SMTP server accepted it, under a lease that expires; a
// refusal leaves it for a retry with a back-off (or fails it for good); two workers take disjoint
// letters; a worker whose lease was taken over marks nothing; stopping hands back what was not
// started; every letter carries a stable Message-ID. And the limits on tender alerts: at most
// TENDER_ALERTS_PER_FACTORY_PER_DAY instant alerts a day per factory, the rest in the digest; a
// tender without categories is mailed at once to nobody.
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TENDER_ALERTS_PER_FACTORY_PER_DAY } from "~/domain/notifications";
import {
  ALERT_RETENTION_DAYS,
  backOffMs,
  claimLetters,
  DEFAULT_LEASE_MS,
  letterMessageId,
  type MailWorkDeps,
  NOTICE_LETTERS,
  runMailWork,
  sendDailyDigests,
  sendNotificationEmails,
  sendTenderAlerts,
  settleLetter,
  startMailWorker,
} from "~/features/notifications/mail-worker.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { type Database, openDatabase, schema } from "~/platform/db.server";
import { createMailer } from "~/platform/mail.server";
import type { UserType } from "~db/schema";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { inDays } from "../support/quote-forms";
import { type SmtpSink, startSmtpSink, waitFor } from "../support/smtp-sink";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();
const env = { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" };
let smtp: SmtpSink;
/** A second connection pool to the same database (PostgreSQL): another app process's worker. */
let other: Database | undefined;

beforeAll(async () => {
  smtp = await startSmtpSink();
  if (testDatabaseKind() === "postgres" && database.url) {
    other = await openDatabase({ url: database.url });
  }
});
afterAll(async () => {
  await other?.close();
  await smtp?.close();
});

const mailer = () =>
  createMailer({ SMTP_URL: smtp.url, MAIL_FROM: "Fabricum <no-reply@fabricum.test>", dataDir: "" });
const deps = (extra: Partial<MailWorkDeps> = {}): MailWorkDeps => ({
  db: database.db,
  mailer: mailer(),
  env,
  ...extra,
});
/** The second process's worker: its own connections on PostgreSQL, the same PGlite otherwise. */
const otherDeps = (): MailWorkDeps => ({ ...deps(), db: other?.db ?? database.db });

const drain = createMailer({
  dataDir: tempDir("fabricum-leases-"),
  SMTP_URL: undefined,
  MAIL_FROM: "x@y.z",
});
beforeEach(async () => {
  // Earlier tests' letters are not this test's business.
  await runMailWork({ db: database.db, mailer: drain, env });
  smtp.answer = () => "accept";
  smtp.delayMs = 0;
  smtp.received.length = 0;
});

const person = (userType: UserType, name: string, categories = ["leases"]) =>
  insertPerson(database.db, userType, name, {
    profile: { factoryName: userType === "factory" ? name : null },
    factory: userType === "factory" ? { categories, country: "kg" } : undefined,
  });

/** A tender straight into the table (the tenders service's own limits are not tested here). */
async function tender(userId: string, title: string, categories: string[], createdAt = new Date()) {
  const [row] = await database.db
    .insert(schema.tenders)
    .values({ userId, title, categories, quantity: 100, country: "kg", createdAt })
    .returning({ id: schema.tenders.id });
  if (!row) throw new Error("no tender");
  return row.id;
}

/** A buyer with `n` quotes from new factories: `n` notifications waiting for the buyer. */
async function quotesFor(n: number) {
  const buyer = await person("buyer", "Покупатель");
  const tenderId = await tender(buyer.id, "Платья", []);
  for (let i = 0; i < n; i += 1) {
    const factory = await person("factory", `Фабрика ${i}`, [`none-${randomUUID()}`]);
    const quote = await submitQuote(database.db, factory, tenderId, {
      unitPrice: "12.5",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "30",
      validUntil: inDays(30),
      message: "",
    });
    if (!quote.ok) throw new Error("quote refused");
  }
  return buyer;
}

async function noticesOf(userId: string) {
  return database.db
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(schema.notifications.createdAt);
}

describe("letters at least once", () => {
  it("marks a letter sent only once the SMTP server accepted it, retries a refusal after a back-off, fails one refused for good", async () => {
    const buyer = await quotesFor(1);
    const [notice] = await noticesOf(buyer.id);
    if (!notice) throw new Error("no notification");
    const now = new Date();

    // A temporary refusal (451): not sent, not lost — pending again, after a back-off.
    smtp.answer = () => ({ code: 451, message: "Try again later" });
    expect(await sendNotificationEmails(deps(), now)).toEqual({ sent: 0, skipped: 0 });
    let [row] = await noticesOf(buyer.id);
    expect(row?.mailState).toBe("pending");
    expect(row?.mailAttempts).toBe(1);
    expect(row?.mailNextAt?.getTime()).toBeGreaterThanOrEqual(now.getTime() + backOffMs(1));
    expect(row?.mailLeaseOwner).toBeNull();

    // Accepted now, but the back-off has not passed: nothing is taken.
    smtp.answer = () => "accept";
    expect(await sendNotificationEmails(deps(), now)).toEqual({ sent: 0, skipped: 0 });
    expect(smtp.received).toHaveLength(0);

    const later = new Date(now.getTime() + backOffMs(1) + 60_000);
    expect(await sendNotificationEmails(deps(), later)).toEqual({ sent: 1, skipped: 0 });
    [row] = await noticesOf(buyer.id);
    expect(row?.mailState).toBe("sent");
    expect(row?.mailAttempts).toBe(2);
    const [letter] = smtp.to(buyer.email);
    expect(letter?.subject).toBe("Новый отклик на тендер «Платья»");
    // The letter's own Message-ID, derived from its row and BASE_URL's host.
    expect(letter?.messageId).toBe(`<notification.${notice.id}@fabricum.test>`);
    expect(letterMessageId(env, "notification", notice.id)).toBe(letter?.messageId);

    // Refused for good (550): failed at once, never tried again.
    const refused = await quotesFor(1);
    smtp.answer = (address) =>
      address === refused.email ? { code: 550, message: "No such mailbox" } : "accept";
    await sendNotificationEmails(deps());
    const [failed] = await noticesOf(refused.id);
    expect(failed?.mailState).toBe("failed");
    await sendNotificationEmails(deps(), new Date(Date.now() + 86_400_000));
    expect(smtp.to(refused.email)).toHaveLength(0);
  });

  it("gives two workers disjoint letters; an expired lease is taken over, and its old holder marks nothing", async () => {
    const buyer = await quotesFor(8);
    const ids = (await noticesOf(buyer.id)).map((row) => row.id);
    const now = new Date();
    // Two workers (on PostgreSQL two connection pools, as two processes) claim at the same time.
    const [a, b] = await Promise.all([
      claimLetters(database.db, NOTICE_LETTERS, now, DEFAULT_LEASE_MS),
      claimLetters(other?.db ?? database.db, NOTICE_LETTERS, now, DEFAULT_LEASE_MS),
    ]);
    const mine = (claim: { ids: string[] }) => claim.ids.filter((id) => ids.includes(id));
    expect(mine(a).filter((id) => mine(b).includes(id))).toEqual([]);
    expect([...mine(a), ...mine(b)].sort()).toEqual([...ids].sort());

    // Both "died" holding their letters: nobody takes them while the leases hold.
    const held = await claimLetters(
      database.db,
      NOTICE_LETTERS,
      new Date(now.getTime() + 1000),
      DEFAULT_LEASE_MS,
    );
    expect(mine(held)).toEqual([]);
    // After the lease, the next worker takes them over (a second attempt).
    const after = new Date(now.getTime() + DEFAULT_LEASE_MS + 1000);
    const taken = await claimLetters(database.db, NOTICE_LETTERS, after, DEFAULT_LEASE_MS);
    expect(mine(taken).sort()).toEqual([...ids].sort());
    expect(taken.attempts.get(ids[0] as string)).toBe(2);

    // Marking is conditional on holding the lease: the old holder's mark changes nothing.
    const first = mine(a)[0] ?? (mine(b)[0] as string);
    const oldClaim = mine(a).includes(first) ? a : b;
    expect(await settleLetter(database.db, NOTICE_LETTERS, oldClaim, first, "sent")).toBe(false);
    const [row] = await database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, first));
    expect(row?.mailState).toBe("sending");
    expect(row?.mailLeaseOwner).toBe(taken.token);
    expect(await settleLetter(database.db, NOTICE_LETTERS, taken, first, "sent")).toBe(true);

    // The rest go out with the next round once that lease has expired too, each once.
    const end = new Date(after.getTime() + DEFAULT_LEASE_MS + 1000);
    const report = await sendNotificationEmails(deps(), end);
    expect(report.sent).toBe(ids.length - 1);
    expect(smtp.to(buyer.email)).toHaveLength(ids.length - 1);
    expect(new Set(smtp.to(buyer.email).map((letter) => letter.messageId)).size).toBe(
      ids.length - 1,
    );
  });

  it("sends a tender's alerts once with two workers at the same time", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factories = [];
    for (let i = 0; i < 12; i += 1) factories.push(await person("factory", `Ф${i}`, ["pair"]));
    const tenderId = await tender(buyer.id, "Куртки", ["pair"]);
    const [a, b] = await Promise.all([sendTenderAlerts(deps()), sendTenderAlerts(otherDeps())]);
    expect(a + b).toBe(12);
    for (const factory of factories) {
      const letters = smtp.to(factory.email);
      expect(letters).toHaveLength(1);
      const [alert] = await database.db
        .select({ id: schema.tenderAlerts.id })
        .from(schema.tenderAlerts)
        .where(
          and(
            eq(schema.tenderAlerts.tenderId, tenderId),
            eq(schema.tenderAlerts.userId, factory.id),
          ),
        );
      expect(letters[0]?.messageId).toBe(`<alert.${alert?.id}@fabricum.test>`);
    }
  });

  it("stops: the letter on its way is finished, the ones not started are handed back and sent by the next worker", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factories = [];
    for (let i = 0; i < 8; i += 1) factories.push(await person("factory", `С${i}`, ["stop"]));
    const tenderId = await tender(buyer.id, "Пальто", ["stop"]);
    smtp.delayMs = 300;
    const stop = startMailWorker(deps(), 60_000);
    await waitFor(() => smtp.received.length >= 2, "two letters");
    await stop();
    const rows = await database.db
      .select()
      .from(schema.tenderAlerts)
      .where(eq(schema.tenderAlerts.tenderId, tenderId));
    const sent = rows.filter((row) => row.state === "sent");
    // Nothing is left leased: sent, or pending again with the attempt not counted.
    expect(rows.filter((row) => row.state === "sending")).toEqual([]);
    expect(sent.length).toBe(smtp.received.length);
    expect(sent.length).toBeLessThan(factories.length);
    for (const row of rows.filter((row) => row.state === "pending")) {
      expect(row.attempts).toBe(0);
      expect(row.leaseOwner).toBeNull();
    }
    smtp.delayMs = 0;
    await sendTenderAlerts(deps());
    for (const factory of factories) expect(smtp.to(factory.email)).toHaveLength(1);
  });
});

describe("a slow batch", () => {
  it("renews its leases while it goes out: another worker takes none of its letters", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factories = [];
    for (let i = 0; i < 8; i += 1) factories.push(await person("factory", `М${i}`, ["slow"]));
    await tender(buyer.id, "Медленные", ["slow"]);
    // Each letter takes 300 ms, the lease 1 s: the batch outlives its first lease twice over.
    smtp.delayMs = 300;
    const leaseMs = 1000;
    let done = false;
    const first = sendTenderAlerts(deps({ leaseMs })).finally(() => {
      done = true;
    });
    await waitFor(() => smtp.received.length >= 1, "the first letter");
    let byOther = 0;
    while (!done) {
      byOther += await sendTenderAlerts({ ...otherDeps(), leaseMs });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await first).toBe(factories.length);
    expect(byOther).toBe(0);
    for (const factory of factories) expect(smtp.to(factory.email)).toHaveLength(1);
  });
});

describe("limits on tender alerts", () => {
  it(`mails a factory ${TENDER_ALERTS_PER_FACTORY_PER_DAY} tenders a day at once and the rest in one digest`, async () => {
    const buyer = await person("buyer", "Спамер");
    const factory = await person("factory", "Фабрика лимита", ["limit"]);
    const now = new Date();
    const titles = [];
    for (let i = 0; i < TENDER_ALERTS_PER_FACTORY_PER_DAY + 3; i += 1) {
      titles.push(`Тендер ${i}`);
      await tender(buyer.id, `Тендер ${i}`, ["limit"], new Date(now.getTime() - 1000 + i));
    }
    await sendTenderAlerts(deps(), now);
    expect(smtp.to(factory.email)).toHaveLength(TENDER_ALERTS_PER_FACTORY_PER_DAY);
    const rows = await database.db
      .select()
      .from(schema.tenderAlerts)
      .where(eq(schema.tenderAlerts.userId, factory.id));
    expect(rows.filter((row) => row.via === "digest")).toHaveLength(3);

    // The digest fails first (a temporary refusal): the tenders stay for the next try.
    smtp.received.length = 0;
    smtp.answer = () => ({ code: 451, message: "Later" });
    expect(await sendDailyDigests(deps(), now)).toBe(0);
    const [settings] = await database.db
      .select()
      .from(schema.notificationSettings)
      .where(eq(schema.notificationSettings.userId, factory.id));
    expect(settings?.digestSentAt).toBeNull();
    smtp.answer = () => "accept";
    // Accepted after its retry wait: one digest with the three tenders above the limit.
    const retry = new Date(now.getTime() + 10 * 60_000);
    expect(await sendDailyDigests(deps(), retry)).toBe(1);
    const [digest] = smtp.to(factory.email);
    expect(digest?.subject).toMatch(/3/);
    for (const title of titles.slice(TENDER_ALERTS_PER_FACTORY_PER_DAY)) {
      expect(digest?.text).toContain(title);
    }
    expect(digest?.text).not.toContain("«Тендер 0»");
    expect(digest?.messageId).toBe(`<digest.${factory.id}.first@fabricum.test>`);
    const done = await database.db
      .select()
      .from(schema.tenderAlerts)
      .where(
        and(eq(schema.tenderAlerts.userId, factory.id), eq(schema.tenderAlerts.via, "digest")),
      );
    expect(done.map((row) => row.state)).toEqual(["sent", "sent", "sent"]);

    // The next tender that day goes to the next digest, which is a day later.
    await tender(buyer.id, "Ещё один", ["limit"], new Date(now.getTime() + 60_000));
    await sendTenderAlerts(deps(), new Date(now.getTime() + 120_000));
    expect(await sendDailyDigests(deps(), new Date(now.getTime() + 180_000))).toBe(0);
    expect(smtp.to(factory.email)).toHaveLength(1);
    const tomorrow = new Date(retry.getTime() + 86_400_000 + 1000);
    expect(await sendDailyDigests(deps(), tomorrow)).toBe(1);
    expect(smtp.to(factory.email)[1]?.text).toContain("Ещё один");
    // A day later the count starts again: instant alerts once more.
    await tender(buyer.id, "Завтрашний", ["limit"], tomorrow);
    await sendTenderAlerts(deps(), new Date(tomorrow.getTime() + 1000));
    expect(smtp.to(factory.email).map((letter) => letter.subject)).toContain(
      "Новый тендер для вашей фабрики: «Завтрашний»",
    );

    // Letters done with are forgotten after ALERT_RETENTION_DAYS; pending ones are kept.
    const kept = async () =>
      (
        await database.db
          .select({ id: schema.tenderAlerts.id })
          .from(schema.tenderAlerts)
          .where(eq(schema.tenderAlerts.userId, factory.id))
      ).length;
    expect(await kept()).toBe(TENDER_ALERTS_PER_FACTORY_PER_DAY + 5);
    await sendTenderAlerts(
      deps(),
      new Date(tomorrow.getTime() + ALERT_RETENTION_DAYS * 86_400_000),
    );
    expect(await kept()).toBe(1);
  });

  it("mails a tender without categories at once to nobody; the daily digests list it", async () => {
    const buyer = await person("buyer", "Без категорий");
    const instant = await person("factory", "Мгновенная", ["uncategorised"]);
    const daily = await person("factory", "Ежедневная", ["uncategorised"]);
    await database.db.insert(schema.notificationSettings).values({
      userId: daily.id,
      tenderAlerts: "daily",
      unsubscribeToken: randomUUID(),
      digestSentAt: new Date(Date.now() - 2 * 86_400_000),
    });
    const tenderId = await tender(buyer.id, "Всем фабрикам", []);
    await sendTenderAlerts(deps());
    expect(smtp.to(instant.email)).toHaveLength(0);
    const rows = await database.db
      .select()
      .from(schema.tenderAlerts)
      .where(eq(schema.tenderAlerts.tenderId, tenderId));
    expect(rows).toEqual([]);
    await sendDailyDigests(deps());
    const [digest] = smtp.to(daily.email);
    expect(digest?.text).toContain("Всем фабрикам");
    expect(smtp.to(instant.email)).toHaveLength(0);
  });

  it("does not mail a tender that was closed or whose owner was blocked while its alerts were waiting", async () => {
    const buyer = await person("buyer", "Заблокированный");
    const factory = await person("factory", "Получатель", ["blocked"]);
    const tenderId = await tender(buyer.id, "Обман", ["blocked"]);
    // Expanded and tried once (refused for now), then the owner is blocked before the retry.
    smtp.answer = () => ({ code: 451, message: "Later" });
    await sendTenderAlerts(deps());
    await database.db
      .update(schema.users)
      .set({ banned: true })
      .where(eq(schema.users.id, buyer.id));
    smtp.answer = () => "accept";
    await sendTenderAlerts(deps(), new Date(Date.now() + backOffMs(1) + 1000));
    expect(smtp.to(factory.email)).toHaveLength(0);
    const rows = await database.db
      .select({ state: schema.tenderAlerts.state })
      .from(schema.tenderAlerts)
      .where(inArray(schema.tenderAlerts.tenderId, [tenderId]));
    expect(rows).toEqual([{ state: "skipped" }]);
  });
});
