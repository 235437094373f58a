// Quotes, conversations and the mail worker against a real database: the whole loop from a tender
// to an award through the services, who may do what (the two parties, an admin, everybody else),
// the notifications each event leaves, and the emails the worker sends from them (language,
// List-Unsubscribe, one message email per conversation per 15 minutes, tender alerts at once or
// as a daily digest, each once across two workers).
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { deleteAccount } from "~/features/factories/profiles.server";
import {
  CONVERSATION_MAIL_GAP_MS,
  runMailWork,
  sendDailyDigests,
  sendNotificationEmails,
  sendTenderAlerts,
} from "~/features/notifications/mail-worker.server";
import { openConversation, postMessage } from "~/features/quotes/conversations.server";
import {
  acceptQuote,
  declineQuote,
  listOwnQuotes,
  listTenderQuotes,
  quoteFormState,
  setShortlisted,
  submitQuote,
  updateQuote,
  withdrawQuote,
} from "~/features/quotes/quotes.server";
import { createTender, quoteCountsForTenders } from "~/features/tenders/tenders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createMailer } from "~/platform/mail.server";
import type { UserType } from "~db/schema";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { inDays } from "../support/quote-forms";
import { recordingMailer } from "../support/recording-mailer";

const database = testDatabase();
const { mailer: recorder, sent } = recordingMailer();
const env = { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" };
const deps = () => ({ db: database.db, mailer: recorder, env });

/** Where the mail work before each test leaves its letters (nobody reads them). */
const unread = createMailer({
  dataDir: tempDir("fabricum-quotes-"),
  SMTP_URL: undefined,
  MAIL_FROM: "x@y.z",
});

beforeEach(async () => {
  // Earlier tests' tenders and notifications are not this test's business.
  await runMailWork({
    db: database.db,
    mailer: unread,
    env,
  });
  sent.length = 0;
});

interface Options {
  locale?: "ru" | "en";
  categories?: string[];
  country?: string;
  admin?: boolean;
}

const person = (userType: UserType, name: string, options: Options = {}) =>
  insertPerson(database.db, userType, name, {
    role: options.admin ? "admin" : null,
    profile: { factoryName: userType === "factory" ? name : null, locale: options.locale ?? "ru" },
    factory:
      userType === "factory"
        ? {
            categories: options.categories ?? ["dresses-jumpsuits"],
            country: options.country ?? "kg",
          }
        : undefined,
  });

const quoteInput = (overrides: Record<string, unknown> = {}) => ({
  unitPrice: "12,50",
  currency: "USD",
  quantity: "500",
  minOrder: "100",
  leadTimeDays: "30",
  sampleAvailable: "on",
  samplePrice: "40",
  sampleDays: "7",
  validUntil: inDays(30),
  message: "Готовы сшить, пришлём образец.",
  ...overrides,
});

async function tenderOf(buyer: CurrentUser, title = "Платья 500 шт", categories: string[] = []) {
  const tender = await createTender(database.db, buyer, { title, quantity: "500", country: "kz" });
  if (categories.length) {
    await database.db
      .update(schema.tenders)
      .set({ categories })
      .where(eq(schema.tenders.id, tender.id));
  }
  return tender;
}

async function notificationsOf(user: CurrentUser) {
  return database.db
    .select({ kind: schema.notifications.kind, quoteId: schema.notifications.quoteId })
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, user.id));
}

describe("a quote from posting to award", () => {
  it("goes from quote to award, with notifications for each side", async () => {
    const buyer = await person("buyer", "Айгуль");
    const first = await person("factory", "Шёлк Восток");
    const second = await person("factory", "Ала-Тоо Текстиль");
    const tender = await tenderOf(buyer);

    const a = await submitQuote(database.db, first, tender.id, quoteInput());
    const b = await submitQuote(database.db, second, tender.id, quoteInput({ unitPrice: "11" }));
    if (!a.ok || !b.ok) throw new Error("quotes refused");
    expect(a.value.unitPrice).toBe(12.5);
    expect(a.value.sampleAvailable).toBe(true);

    // One quote per factory and tender.
    expect(await submitQuote(database.db, first, tender.id, quoteInput())).toMatchObject({
      ok: false,
      problem: "already-quoted",
    });
    // The buyer cannot quote on it, a buyer is not a factory.
    expect(await submitQuote(database.db, buyer, tender.id, quoteInput())).toMatchObject({
      ok: false,
      problem: "not-a-factory",
    });

    const listed = await listTenderQuotes(database.db, buyer, tender.id, { sort: "price" });
    expect(listed?.quotes.map((quote) => quote.factory.name)).toEqual([
      "Ала-Тоо Текстиль",
      "Шёлк Восток",
    ]);
    expect((await notificationsOf(buyer)).map((n) => n.kind)).toEqual([
      "quote-received",
      "quote-received",
    ]);

    // Nobody else sees or decides it.
    const stranger = await person("buyer", "Чужой");
    expect(await listTenderQuotes(database.db, stranger, tender.id)).toBeNull();
    expect(await listTenderQuotes(database.db, first, tender.id)).toBeNull();
    expect(await acceptQuote(database.db, stranger, a.value.id)).toMatchObject({ ok: false });
    expect(await acceptQuote(database.db, first, a.value.id)).toMatchObject({ ok: false });
    expect(await setShortlisted(database.db, second, b.value.id, true)).toMatchObject({
      ok: false,
    });

    expect(await setShortlisted(database.db, buyer, a.value.id, true)).toEqual({
      ok: true,
      value: true,
    });
    expect(await acceptQuote(database.db, buyer, a.value.id)).toEqual({ ok: true, value: true });

    const [awarded] = await database.db
      .select({ status: schema.tenders.status })
      .from(schema.tenders)
      .where(eq(schema.tenders.id, tender.id));
    expect(awarded?.status).toBe("awarded");
    const after = await listTenderQuotes(database.db, buyer, tender.id);
    expect(Object.fromEntries(after?.quotes.map((q) => [q.factory.name, q.status]) ?? [])).toEqual({
      "Шёлк Восток": "accepted",
      "Ала-Тоо Текстиль": "declined",
    });
    expect((await notificationsOf(first)).map((n) => n.kind)).toEqual(["quote-accepted"]);
    expect((await notificationsOf(second)).map((n) => n.kind)).toEqual(["tender-awarded"]);

    // Decided: fixed for both sides.
    expect(await acceptQuote(database.db, buyer, b.value.id)).toMatchObject({ ok: false });
    expect(await updateQuote(database.db, second, b.value.id, quoteInput())).toMatchObject({
      ok: false,
      problem: "already-decided",
    });
    expect(await withdrawQuote(database.db, first, a.value.id)).toMatchObject({ ok: false });
    // An awarded tender takes no new quotes.
    const third = await person("factory", "Третья");
    expect(await submitQuote(database.db, third, tender.id, quoteInput())).toMatchObject({
      ok: false,
      problem: "tender-not-active",
    });
    expect(await quoteFormState(database.db, third, tender.id)).toBeNull();
  });

  it("lets the factory edit and withdraw until the buyer decides, and the buyer decline with a reason", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factory = await person("factory", "Фабрика");
    const tender = await tenderOf(buyer);
    const quote = await submitQuote(database.db, factory, tender.id, quoteInput());
    if (!quote.ok) throw new Error("refused");

    const other = await person("factory", "Другая");
    expect(await updateQuote(database.db, other, quote.value.id, quoteInput())).toMatchObject({
      ok: false,
      problem: "not-found",
    });
    const edited = await updateQuote(
      database.db,
      factory,
      quote.value.id,
      quoteInput({
        unitPrice: "9.99",
        sampleAvailable: undefined,
        samplePrice: undefined,
        sampleDays: undefined,
      }),
    );
    expect(edited).toMatchObject({ ok: true, value: { unitPrice: 9.99, sampleAvailable: false } });
    expect(await declineQuote(database.db, buyer, quote.value.id, "Дорого")).toEqual({
      ok: true,
      value: true,
    });
    const [row] = await database.db
      .select({ status: schema.quotes.status, reason: schema.quotes.declineReason })
      .from(schema.quotes)
      .where(eq(schema.quotes.id, quote.value.id));
    expect(row).toEqual({ status: "declined", reason: "Дорого" });

    const second = await tenderOf(buyer, "Куртки");
    const q2 = await submitQuote(database.db, factory, second.id, quoteInput());
    if (!q2.ok) throw new Error("refused");
    expect(await withdrawQuote(database.db, factory, q2.value.id)).toMatchObject({
      ok: true,
      value: { status: "withdrawn" },
    });
    const own = await listOwnQuotes(database.db, factory);
    expect(own.items.map((item) => [item.tender.title, item.status]).sort()).toEqual([
      ["Куртки", "withdrawn"],
      ["Платья 500 шт", "declined"],
    ]);
    expect(
      (await quoteCountsForTenders(database.db, buyer, [tender.id, second.id]))[second.id],
    ).toEqual({ quotes: 0, unread: 0 });
  });

  it("refuses invalid quotes with field messages and writes nothing", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factory = await person("factory", "Фабрика");
    const tender = await tenderOf(buyer);
    const result = await submitQuote(
      database.db,
      factory,
      tender.id,
      quoteInput({
        unitPrice: "-1",
        quantity: "10",
        minOrder: "20",
        validUntil: "2020-01-01",
        leadTimeDays: "0",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok || result.problem !== "invalid") throw new Error("expected invalid");
    expect(Object.keys(result.fieldErrors ?? {}).sort()).toEqual([
      "leadTimeDays",
      "unitPrice",
      "validUntil",
    ]);
    const rows = await database.db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.tenderId, tender.id));
    expect(rows).toHaveLength(0);
  });
});

describe("the conversation of a quote", () => {
  it("is between the two parties; the admin reads; others see nothing", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factory = await person("factory", "Фабрика");
    const admin = await person("buyer", "Админ", { admin: true });
    const stranger = await person("factory", "Чужая");
    const tender = await tenderOf(buyer);
    const quote = await submitQuote(database.db, factory, tender.id, quoteInput());
    if (!quote.ok) throw new Error("refused");

    expect(
      await postMessage(database.db, factory, quote.value.id, { body: "Здравствуйте!" }),
    ).toMatchObject({ ok: true });
    expect(await postMessage(database.db, buyer, quote.value.id, { body: "  " })).toEqual({
      ok: false,
      problem: "empty",
      kind: "refused",
    });
    expect(await postMessage(database.db, stranger, quote.value.id, { body: "Я тоже" })).toEqual({
      ok: false,
      problem: "not-found",
      kind: "missing",
    });
    expect(await postMessage(database.db, admin, quote.value.id, { body: "Модератор" })).toEqual({
      ok: false,
      problem: "not-allowed",
      kind: "forbidden",
    });
    expect(await openConversation(database.db, stranger, quote.value.id)).toBeNull();

    expect((await quoteCountsForTenders(database.db, buyer, [tender.id]))[tender.id]).toEqual({
      quotes: 1,
      unread: 1,
    });
    const seen = await openConversation(database.db, buyer, quote.value.id);
    expect(seen?.messages.map((message) => [message.side, message.body, message.mine])).toEqual([
      ["factory", "Здравствуйте!", false],
    ]);
    expect((await quoteCountsForTenders(database.db, buyer, [tender.id]))[tender.id]).toEqual({
      quotes: 1,
      unread: 0,
    });
    expect((await openConversation(database.db, admin, quote.value.id))?.party).toBe("admin");

    // Blocking the factory hides the quote and its conversation from the buyer.
    await database.db
      .update(schema.users)
      .set({ banned: true })
      .where(eq(schema.users.id, factory.id));
    expect(await openConversation(database.db, buyer, quote.value.id)).toBeNull();
    expect((await listTenderQuotes(database.db, buyer, tender.id))?.quotes).toEqual([]);
    expect(await openConversation(database.db, admin, quote.value.id)).not.toBeNull();
  });
});

describe("deleting an account", () => {
  it("takes its quotes, messages and their files with it; the other side keeps a notification from a deleted user", async () => {
    const buyer = await person("buyer", "Покупатель");
    const factory = await person("factory", "Уходящая фабрика");
    const tender = await tenderOf(buyer);
    const file = {
      url: `attachments/${randomUUID()}.pdf`,
      name: "spec.pdf",
      kind: "pdf" as const,
      size: 1000,
    };
    const reply = {
      url: `attachments/${randomUUID()}.pdf`,
      name: "answer.pdf",
      kind: "pdf" as const,
      size: 900,
    };
    const quote = await submitQuote(database.db, factory, tender.id, quoteInput(), [file]);
    if (!quote.ok) throw new Error("refused");
    await postMessage(database.db, buyer, quote.value.id, { body: "Вот ТЗ" }, [reply]);

    const files = await deleteAccount(database.db, factory);
    expect(files).toEqual(expect.arrayContaining([file.url, reply.url]));
    expect(
      await database.db.select().from(schema.quotes).where(eq(schema.quotes.id, quote.value.id)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(schema.quoteMessages)
        .where(eq(schema.quoteMessages.quoteId, quote.value.id)),
    ).toEqual([]);
    const [left] = await database.db
      .select({
        actorId: schema.notifications.actorId,
        quoteId: schema.notifications.quoteId,
        title: schema.notifications.tenderTitle,
      })
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, buyer.id));
    expect(left).toEqual({ actorId: null, quoteId: null, title: "Платья 500 шт" });
  });
});

describe("the mail worker", () => {
  it("mails events in the recipient's language with one-click unsubscribe, at most one message email per 15 minutes", async () => {
    const buyer = await person("buyer", "Anna", { locale: "en" });
    const factory = await person("factory", "Шёлк Восток");
    const tender = await tenderOf(buyer, "Linen dresses");
    const quote = await submitQuote(database.db, factory, tender.id, quoteInput());
    if (!quote.ok) throw new Error("refused");
    for (const body of ["one", "two", "three"]) {
      await postMessage(database.db, factory, quote.value.id, { body });
    }
    const now = new Date();
    const report = await sendNotificationEmails(deps(), now);
    expect(report).toEqual({ sent: 2, skipped: 2 });
    const [quoteMail, messageMail] = sent;
    expect(quoteMail?.subject).toBe('New quote on your tender "Linen dresses"');
    expect(quoteMail?.text).toContain("Шёлк Восток sent a quote");
    expect(quoteMail?.text).toContain(`https://fabricum.test/en/my-tenders/${tender.id}`);
    expect(quoteMail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(quoteMail?.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/fabricum\.test\/en\/unsubscribe\/[\w-]+\?what=events>$/,
    );
    expect(messageMail?.text).toContain(`https://fabricum.test/en/quotes/${quote.value.id}`);

    // Within 15 minutes no second email about the conversation; after them, one.
    await postMessage(database.db, factory, quote.value.id, { body: "four" });
    expect(await sendNotificationEmails(deps(), new Date(now.getTime() + 60_000))).toEqual({
      sent: 0,
      skipped: 1,
    });
    await postMessage(database.db, factory, quote.value.id, { body: "five" });
    expect(
      await sendNotificationEmails(
        deps(),
        new Date(now.getTime() + CONVERSATION_MAIL_GAP_MS + 1000),
      ),
    ).toEqual({ sent: 1, skipped: 0 });

    // The buyer turned emails off: nothing more is sent, the notification still exists.
    await database.db
      .update(schema.notificationSettings)
      .set({ emailEvents: false })
      .where(eq(schema.notificationSettings.userId, buyer.id));
    const other = await person("factory", "Другая");
    await submitQuote(database.db, other, tender.id, quoteInput());
    sent.length = 0;
    expect(await sendNotificationEmails(deps())).toEqual({ sent: 0, skipped: 1 });
    expect(sent).toHaveLength(0);
  });

  it("sums the quote up in letters about a new or changed quote and a new message: price, lead time, an excerpt", async () => {
    // Numbers are grouped with no-break spaces.
    const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, " ");
    const buyer = await person("buyer", "Покупатель писем");
    const english = await person("buyer", "Mary", { locale: "en" });
    const factory = await person("factory", "Фабрика писем");
    const tender = await tenderOf(buyer, "Пальто");
    const quote = await submitQuote(
      database.db,
      factory,
      tender.id,
      quoteInput({ message: "Шьем   из своей\nшерсти, образец за неделю" }),
    );
    if (!quote.ok) throw new Error("refused");
    await sendNotificationEmails(deps());
    const [received] = sent.splice(0);
    expect(plain(received?.text)).toContain("Цена: 12,50 $ за шт., объем 500 шт.");
    expect(plain(received?.text)).toContain("Срок изготовления: 30 дней");
    expect(plain(received?.text)).toContain("«Шьем из своей шерсти, образец за неделю»");
    expect(received?.html).toContain("Срок изготовления: 30 дней");

    await updateQuote(
      database.db,
      factory,
      quote.value.id,
      quoteInput({ unitPrice: "11", leadTimeDays: "21" }),
    );
    await postMessage(database.db, factory, quote.value.id, { body: "Когда  удобно созвониться?" });
    await sendNotificationEmails(deps());
    const [updated, message] = sent.splice(0);
    expect(updated?.subject).toBe("Отклик на тендер «Пальто» изменен");
    expect(plain(updated?.text)).toContain("Цена: 11 $ за шт.");
    expect(plain(updated?.text)).toContain("Срок изготовления: 21 день");
    expect(plain(message?.text)).toContain("«Когда удобно созвониться?»");
    expect(plain(message?.text)).toContain("Цена: 11 $ за шт.");

    // In English, and a long message is cut.
    const englishTender = await tenderOf(english, "Coats");
    const long = "Wool coats ".repeat(60);
    await submitQuote(database.db, factory, englishTender.id, quoteInput({ message: long }));
    await sendNotificationEmails(deps());
    const [englishMail] = sent.splice(0);
    expect(plain(englishMail?.text)).toMatch(
      /Price: .{0,4}12\.50.{0,4} per piece, quantity 500 pcs/,
    );
    expect(plain(englishMail?.text)).toContain("Lead time: 30 days");
    expect(plain(englishMail?.text)).toContain("“Wool coats Wool coats");
    expect(plain(englishMail?.text)).not.toContain(long.trim());
  });

  it("sends each email once even with two workers at the same time", async () => {
    const buyer = await person("buyer", "Покупатель");
    const tender = await tenderOf(buyer);
    for (let i = 0; i < 6; i += 1) {
      const factory = await person("factory", `Фабрика ${i}`);
      await submitQuote(database.db, factory, tender.id, quoteInput());
    }
    const [a, b] = await Promise.all([
      sendNotificationEmails(deps()),
      sendNotificationEmails(deps()),
    ]);
    expect(a.sent + b.sent).toBe(6);
    expect(new Set(sent.map((mail) => mail.text)).size).toBe(6);
  });

  it("alerts matching factories of a new tender at once, or in a daily digest", async () => {
    const buyer = await person("buyer", "Покупатель");
    const match = await person("factory", "Подходящая", { categories: ["dresses-jumpsuits"] });
    const other = await person("factory", "Другая", { categories: ["professional-special"] });
    const daily = await person("factory", "Дайджест", {
      categories: ["dresses-jumpsuits"],
      locale: "en",
    });
    const ownCountry = await person("factory", "Своя страна", {
      categories: ["dresses-jumpsuits"],
      country: "kg",
    });
    await database.db.insert(schema.notificationSettings).values([
      {
        userId: daily.id,
        tenderAlerts: "daily",
        unsubscribeToken: randomUUID(),
        digestSentAt: new Date(Date.now() - 2 * 86_400_000),
      },
      { userId: ownCountry.id, alertsOwnCountry: true, unsubscribeToken: randomUUID() },
    ]);
    const tender = await tenderOf(buyer, "Платья из льна", ["dresses-jumpsuits"]);

    await sendTenderAlerts(deps());
    const to = sent.map((mail) => mail.to);
    expect(to).toContain(match.email);
    expect(to).not.toContain(other.email);
    expect(to).not.toContain(daily.email);
    // The tender is in Kazakhstan; this factory wants its own country (Kyrgyzstan) only.
    expect(to).not.toContain(ownCountry.email);
    const alert = sent.find((mail) => mail.to === match.email);
    expect(alert?.subject).toBe("Новый тендер для вашей фабрики: «Платья из льна»");
    expect(alert?.text).toContain(`https://fabricum.test/tenders/${tender.id}`);
    expect(alert?.headers?.["List-Unsubscribe"]).toContain("what=alerts");

    // Claimed once: a second round sends nothing.
    sent.length = 0;
    await sendTenderAlerts(deps());
    expect(sent.filter((mail) => mail.to === match.email)).toHaveLength(0);

    await sendDailyDigests(deps());
    const digest = sent.find((mail) => mail.to === daily.email);
    expect(digest?.subject).toMatch(/new tenders? for your factory/);
    expect(digest?.text).toContain("Платья из льна");
    expect(digest?.text).toContain(`https://fabricum.test/en/tenders/${tender.id}`);
    sent.length = 0;
    await sendDailyDigests(deps());
    expect(sent.filter((mail) => mail.to === daily.email)).toHaveLength(0);

    const settings = await database.db
      .select()
      .from(schema.notificationSettings)
      .where(and(eq(schema.notificationSettings.userId, daily.id)));
    expect(settings[0]?.digestSentAt).not.toBeNull();
  });
});
