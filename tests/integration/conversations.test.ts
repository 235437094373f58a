// The conversation of a quote against a real database, through its services and its route
// (app/routes/quote-conversation.tsx) as React Router calls them: the buyer and the factory write
// and read each other, unread counts and read marks follow, an admin reads without marking
// anything read and cannot write, anybody else gets 404 and writes nothing, empty and too long
// messages are refused in the request's language, hostile text is kept as text, files are
// stored only for a message that is written, an unknown intent is a 400, and each message leaves
// a notification for the other side.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { conversations as conversationTexts } from "~/domain/catalogue";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { openConversation, postMessage } from "~/features/quotes/conversations.server";
import { listOwnQuotes, submitQuote } from "~/features/quotes/quotes.server";
import { MAX_CHAT_MESSAGE } from "~/features/quotes/schema";
import { createTender, quoteCountsForTenders } from "~/features/tenders/tenders.server";
import { getUser } from "~/http/session.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import * as conversationRoute from "~/routes/quote-conversation";
import type { Person, Reply } from "../support/app-harness";
import { conformReply } from "../support/hostile";
import { testApp } from "../support/per-file";
import { inDays, pdfFile as pdf } from "../support/quote-forms";
import { testDatabaseKind } from "../support/test-db";

const ru = conversationTexts.ru;
const en = conversationTexts.en;

const app = testApp();
let buyer: Person;
let factory: Person;
let otherBuyer: Person;
let otherFactory: Person;
let admin: Person;
const users = new Map<Person, CurrentUser>();

async function currentUser(person: Person): Promise<CurrentUser> {
  const known = users.get(person);
  if (known) return known;
  const user = await getUser(
    new Request("http://localhost/", { headers: { cookie: person.cookie } }),
  );
  if (!user) throw new Error(`no session for ${person.email}`);
  users.set(person, user);
  return user;
}

async function makeFactory(name: string): Promise<Person> {
  const person = await app.signUp("factory", name);
  await saveFactoryProfile(app.db, await currentUser(person), { name, categories: [] });
  users.delete(person);
  return person;
}

/** A fresh tender of `buyer` with a quote of `factory`; the quote's id. */
async function freshQuote(
  title = "Пошив худи, 300 шт",
): Promise<{ quoteId: string; tenderId: string }> {
  const tender = await createTender(app.db, await currentUser(buyer), {
    title,
    quantity: "300",
    country: "kg",
  });
  const quote = await submitQuote(app.db, await currentUser(factory), tender.id, {
    unitPrice: "9,80",
    currency: "USD",
    quantity: "300",
    leadTimeDays: "21",
    validUntil: inDays(20),
  });
  if (!quote.ok) throw new Error(`quote refused: ${JSON.stringify(quote)}`);
  return { quoteId: quote.value.id, tenderId: tender.id };
}

const page = (quoteId: string, locale: "ru" | "en" = "ru") =>
  `${locale === "en" ? "/en" : ""}/quotes/${quoteId}`;

function send(
  as: Person | null,
  quoteId: string,
  fields: [string, string | Blob][],
  locale: "ru" | "en" = "ru",
): Promise<Reply> {
  return app.post(conversationRoute.action, page(quoteId, locale), {
    as,
    params: { id: quoteId },
    form: fields,
  });
}

const open = (as: Person | null, quoteId: string, locale: "ru" | "en" = "ru") =>
  app.get(conversationRoute.loader, page(quoteId, locale), { as, params: { id: quoteId } });

type View = Awaited<ReturnType<typeof conversationRoute.loader>>["view"];
const viewOf = (reply: Reply) => (reply.data as { view: View }).view;

async function messagesOf(quoteId: string) {
  return app.db
    .select()
    .from(schema.quoteMessages)
    .where(eq(schema.quoteMessages.quoteId, quoteId))
    .orderBy(schema.quoteMessages.createdAt);
}

async function notificationsFor(person: Person, quoteId: string) {
  return app.db
    .select()
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.userId, person.id),
        eq(schema.notifications.quoteId, quoteId),
        eq(schema.notifications.kind, "message-received"),
      ),
    );
}

async function readMarks(quoteId: string) {
  const [row] = await app.db
    .select({ buyer: schema.quotes.buyerReadAt, factory: schema.quotes.factoryReadAt })
    .from(schema.quotes)
    .where(eq(schema.quotes.id, quoteId));
  return row;
}

/** Every stored attachment file (the disk storage of the harness). */
function storedAttachmentFiles(): string[] {
  const folder = path.join(app.dataDir, "uploads", "attachments");
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

beforeAll(async () => {
  buyer = await app.signUp("buyer", "Айгуль Покупатель");
  factory = await makeFactory("Ала-Тоо Текстиль");
  otherBuyer = await app.signUp("buyer", "Чужой Покупатель");
  otherFactory = await makeFactory("Чужая Фабрика");
  admin = await app.signUp("buyer", "Админ");
  await app.makeAdmin(admin);
}, 120_000);

describe(`the conversation of a quote (${testDatabaseKind()})`, () => {
  it("lets both parties write and read, with unread counts, read marks and notifications", async () => {
    const { quoteId, tenderId } = await freshQuote();

    // The factory writes through the page without JavaScript: back to the newest message.
    const first = await send(factory, quoteId, [
      ["intent", "send"],
      ["body", "Здравствуйте!\nГотовы начать через неделю."],
    ]);
    expect(first.status, JSON.stringify(first.data)).toBe(302);
    expect(first.location).toBe(`/quotes/${quoteId}#latest`);
    expect((await messagesOf(quoteId)).map((row) => row.body)).toEqual([
      "Здравствуйте!\nГотовы начать через неделю.",
    ]);

    // The buyer is told: a notification, an unread message on its tender.
    expect(await notificationsFor(buyer, quoteId)).toHaveLength(1);
    expect((await notificationsFor(buyer, quoteId))[0]?.readAt).toBeNull();
    expect((await notificationsFor(buyer, quoteId))[0]?.actorId).toBe(factory.id);
    expect(await notificationsFor(factory, quoteId)).toHaveLength(0);
    const buyerUser = await currentUser(buyer);
    const counts = () => quoteCountsForTenders(app.db, buyerUser, [tenderId]);
    expect((await counts())[tenderId]?.unread).toBe(1);

    // The factory's own message is not read yet.
    const factoryView = viewOf(await open(factory, quoteId));
    expect(factoryView.party).toBe("factory");
    expect(factoryView.messages).toMatchObject([{ mine: true, unread: true, side: "factory" }]);
    expect(factoryView.buyerName).toBe("Айгуль Покупатель");

    // The buyer opens the page: the message is new to it; now read, and its notification too.
    const opened = await open(buyer, quoteId);
    expect(opened.status).toBe(200);
    const buyerView = viewOf(opened);
    expect(buyerView.party).toBe("buyer");
    expect(buyerView.factoryName).toBe("Ала-Тоо Текстиль");
    expect(buyerView.tender).toEqual({ id: tenderId, title: "Пошив худи, 300 шт" });
    expect(buyerView.quote).toMatchObject({ status: "submitted", unitPrice: 9.8, quantity: 300 });
    expect(buyerView.messages).toMatchObject([
      {
        mine: false,
        unread: true,
        side: "factory",
        body: "Здравствуйте!\nГотовы начать через неделю.",
      },
    ]);
    expect((await counts())[tenderId]?.unread).toBe(0);
    expect((await notificationsFor(buyer, quoteId))[0]?.readAt).not.toBeNull();
    // Opened again, nothing is new.
    expect(viewOf(await open(buyer, quoteId)).messages[0]?.unread).toBe(false);
    // The factory sees its message read.
    expect(viewOf(await open(factory, quoteId)).messages[0]).toMatchObject({
      mine: true,
      unread: false,
    });

    // The buyer answers through the fetcher (JavaScript): data, no redirect.
    const answer = await send(buyer, quoteId, [
      ["intent", "send"],
      ["via", "fetcher"],
      ["body", "  Спасибо, пришлите образец ткани.  "],
    ]);
    expect(answer.status, JSON.stringify(answer.data)).toBe(200);
    expect(answer.data).toMatchObject({ created: expect.any(String) });
    const rows = await messagesOf(quoteId);
    expect(rows.map((row) => [row.senderId, row.body])).toEqual([
      [factory.id, "Здравствуйте!\nГотовы начать через неделю."],
      [buyer.id, "Спасибо, пришлите образец ткани."],
    ]);
    expect(await notificationsFor(factory, quoteId)).toHaveLength(1);
    const own = await listOwnQuotes(app.db, await currentUser(factory));
    expect(own.items.find((item) => item.id === quoteId)?.unread).toBe(1);

    // Oldest first, the newest at the bottom, each side told apart.
    const latest = viewOf(await open(factory, quoteId));
    expect(latest.messages.map((message) => [message.side, message.mine, message.unread])).toEqual([
      ["factory", true, false],
      ["buyer", false, true],
    ]);
    expect(
      (await listOwnQuotes(app.db, await currentUser(factory))).items.find((i) => i.id === quoteId)
        ?.unread,
    ).toBe(0);
  });

  it("lets an admin read without marking anything read, and never write", async () => {
    const { quoteId } = await freshQuote();
    await send(factory, quoteId, [
      ["intent", "send"],
      ["body", "Вопрос по срокам"],
    ]);
    const before = await readMarks(quoteId);

    const seen = await open(admin, quoteId);
    expect(seen.status).toBe(200);
    expect(viewOf(seen).party).toBe("admin");
    expect(viewOf(seen).messages.map((message) => message.body)).toEqual(["Вопрос по срокам"]);
    expect(await readMarks(quoteId)).toEqual(before);
    expect((await notificationsFor(buyer, quoteId))[0]?.readAt).toBeNull();

    const attempt = await send(admin, quoteId, [
      ["intent", "send"],
      ["body", "Модерация"],
    ]);
    expect(attempt.status).toBe(403);
    expect(conformReply(attempt)?.error).toEqual({ "": [ru.problems["not-allowed"]] });
    expect(
      await postMessage(app.db, await currentUser(admin), quoteId, { body: "Модерация" }),
    ).toEqual({ ok: false, problem: "not-allowed", kind: "forbidden" });
    expect((await messagesOf(quoteId)).map((row) => row.body)).toEqual(["Вопрос по срокам"]);
  });

  it("gives anybody else a 404 and writes nothing, files included", async () => {
    const { quoteId } = await freshQuote();
    const files = storedAttachmentFiles();
    for (const [who, stranger] of [
      ["another buyer", otherBuyer],
      ["another factory", otherFactory],
    ] as const) {
      expect((await open(stranger, quoteId)).status, who).toBe(404);
      const attempt = await send(stranger, quoteId, [
        ["intent", "send"],
        ["body", "Чужое сообщение"],
        ["attachments", pdf()],
      ]);
      expect(attempt.status, who).toBe(404);
      expect(conformReply(attempt)?.error, who).toEqual({ "": [ru.problems["not-found"]] });
      expect(
        await postMessage(app.db, await currentUser(stranger), quoteId, { body: "Чужое" }),
        who,
      ).toEqual({ ok: false, problem: "not-found", kind: "missing" });
    }
    // A visitor is sent to sign in and back; the service knows nobody.
    const visitorPage = await open(null, quoteId);
    expect(visitorPage.status).toBe(302);
    expect(visitorPage.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/quotes/${quoteId}`)}`,
    );
    expect((await open(null, quoteId, "en")).location).toBe(
      `/en/login?redirectTo=${encodeURIComponent(`/en/quotes/${quoteId}`)}`,
    );
    const visitorPost = await send(null, quoteId, [
      ["intent", "send"],
      ["body", "Аноним"],
    ]);
    expect(visitorPost.status).toBe(302);
    expect(visitorPost.location?.startsWith("/login?redirectTo=")).toBe(true);
    expect(await postMessage(app.db, null, quoteId, { body: "Аноним" })).toEqual({
      ok: false,
      problem: "not-found",
      kind: "missing",
    });
    // Unknown and malformed ids are the same 404.
    expect((await open(buyer, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await open(buyer, "not-a-uuid")).status).toBe(404);

    expect(await messagesOf(quoteId)).toEqual([]);
    expect(await notificationsFor(buyer, quoteId)).toEqual([]);
    expect(storedAttachmentFiles()).toEqual(files);
  });

  it("refuses an empty or too long message in the request's language", async () => {
    const { quoteId } = await freshQuote();
    const empty = await send(factory, quoteId, [
      ["intent", "send"],
      ["body", "   \n  "],
    ]);
    expect(empty.status).toBe(400);
    expect(conformReply(empty)?.error).toEqual({ body: ["Напишите сообщение или приложите файл"] });
    const emptyEn = await send(factory, quoteId, [["intent", "send"]], "en");
    expect(emptyEn.status).toBe(400);
    expect(conformReply(emptyEn)?.error).toEqual({ body: ["Write a message or attach a file"] });
    expect(en.problems.empty).toBe("Write a message or attach a file");
    expect(await postMessage(app.db, await currentUser(factory), quoteId, { body: " " })).toEqual({
      ok: false,
      problem: "empty",
      kind: "refused",
    });

    const long = "я".repeat(MAX_CHAT_MESSAGE + 1);
    const tooLong = await send(buyer, quoteId, [
      ["intent", "send"],
      ["body", long],
    ]);
    expect(tooLong.status).toBe(400);
    const errors = conformReply(tooLong)?.error?.body ?? [];
    expect(errors.join(" ")).toMatch(/4\s?000/);
    // The text comes back to a page without JavaScript.
    expect(conformReply(tooLong)?.initialValue?.body).toBe(long);
    const tooLongEn = await send(
      buyer,
      quoteId,
      [
        ["intent", "send"],
        ["body", long],
      ],
      "en",
    );
    expect((conformReply(tooLongEn)?.error?.body ?? []).join(" ")).toMatch(/[A-Za-z]/);
    expect(
      await postMessage(app.db, await currentUser(buyer), quoteId, { body: long }),
    ).toMatchObject({ ok: false, problem: "invalid" });
    // Exactly the limit is fine.
    const full = await send(buyer, quoteId, [
      ["intent", "send"],
      ["body", "я".repeat(MAX_CHAT_MESSAGE)],
    ]);
    expect(full.status).toBe(302);
    expect((await messagesOf(quoteId)).map((row) => row.body.length)).toEqual([MAX_CHAT_MESSAGE]);
  });

  it("keeps hostile text as text", async () => {
    const { quoteId } = await freshQuote();
    const hostile = [
      `<script>alert("x")</script>`,
      `<img src=x onerror=alert(1)>`,
      "'; drop table quote_messages; --",
      "\u202eevil\u202c and {{constructor.constructor('alert(1)')()}}",
      "javascript:alert(1)",
    ].join("\n");
    const reply = await send(factory, quoteId, [
      ["intent", "send"],
      ["body", hostile],
    ]);
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    expect((await messagesOf(quoteId)).map((row) => row.body)).toEqual([hostile]);
    expect(viewOf(await open(buyer, quoteId)).messages[0]?.body).toBe(hostile);
    // Invisible control characters are not a message.
    const control = await send(factory, quoteId, [
      ["intent", "send"],
      ["body", "ok\u0000"],
    ]);
    expect(control.status).toBe(400);
    expect(await messagesOf(quoteId)).toHaveLength(1);
  });

  it("stores files for a written message only, and removes them when it is refused", async () => {
    const { quoteId } = await freshQuote();
    const before = storedAttachmentFiles();
    // A PDF alone is a message.
    const withPdf = await send(buyer, quoteId, [
      ["intent", "send"],
      ["body", ""],
      ["attachments", pdf("Техзадание.pdf")],
    ]);
    expect(withPdf.status, JSON.stringify(withPdf.data)).toBe(302);
    const [row] = await messagesOf(quoteId);
    expect(row?.body).toBe("");
    expect(row?.attachments).toMatchObject([{ kind: "pdf", name: "Техзадание.pdf" }]);
    expect(storedAttachmentFiles()).toHaveLength(before.length + 1);
    const view = viewOf(await open(factory, quoteId));
    expect(view.messages[0]?.attachments).toMatchObject([{ kind: "pdf", name: "Техзадание.pdf" }]);

    // A file that is not what it says: refused by content, nothing written or kept.
    const fake = await send(buyer, quoteId, [
      ["intent", "send"],
      ["body", "Смотрите файл"],
      [
        "attachments",
        new File(["<html>not a pdf</html>"], "fake.pdf", { type: "application/pdf" }),
      ],
    ]);
    expect(fake.status).toBe(400);
    expect(conformReply(fake)?.error?.attachments?.[0]).toContain("fake.pdf");
    expect(await messagesOf(quoteId)).toHaveLength(1);
    expect(storedAttachmentFiles()).toHaveLength(before.length + 1);

    // More than five files: refused before any is read.
    const many = await send(buyer, quoteId, [
      ["intent", "send"],
      ["body", "Много файлов"],
      ...Array.from({ length: 6 }, (_, i): [string, Blob] => ["attachments", pdf(`f${i}.pdf`)]),
    ]);
    expect(many.status).toBeGreaterThanOrEqual(400);
    expect(await messagesOf(quoteId)).toHaveLength(1);
    expect(storedAttachmentFiles()).toHaveLength(before.length + 1);

    // A file with a message the service refuses (the admin): nothing kept.
    const adminTry = await send(admin, quoteId, [
      ["intent", "send"],
      ["body", "x"],
      ["attachments", pdf()],
    ]);
    expect(adminTry.status).toBe(403);
    expect(storedAttachmentFiles()).toHaveLength(before.length + 1);
  });

  it("answers 400 to an unknown or missing intent and writes nothing", async () => {
    const { quoteId } = await freshQuote();
    for (const fields of [
      [
        ["intent", "delete"],
        ["body", "Привет"],
      ],
      [["body", "Привет"]],
    ] as [string, string][][]) {
      const reply = await send(factory, quoteId, fields);
      expect(reply.status).toBe(400);
      expect(reply.error).toBeUndefined();
    }
    expect(await messagesOf(quoteId)).toEqual([]);
  });

  it("reads the conversation for the service too: marks read only with markRead", async () => {
    const { quoteId } = await freshQuote();
    await postMessage(app.db, await currentUser(factory), quoteId, { body: "Один" });
    const peek = await openConversation(app.db, await currentUser(buyer), quoteId, {
      markRead: false,
    });
    expect(peek?.messages[0]?.unread).toBe(true);
    expect((await readMarks(quoteId))?.buyer).toBeNull();
  });
});

describe(`the quote as the conversation's first entry (${testDatabaseKind()})`, () => {
  it("shows the quote with every term, its message and files, and reads its notices on opening", async () => {
    const tender = await createTender(app.db, await currentUser(buyer), {
      title: "Куртки, 500 шт",
      quantity: "500",
      country: "kg",
    });
    const sent = await submitQuote(app.db, await currentUser(factory), tender.id, {
      unitPrice: "24,50",
      currency: "EUR",
      quantity: "500",
      minOrder: "200",
      leadTimeDays: "30",
      sampleAvailable: "on",
      samplePrice: "35",
      sampleDays: "7",
      validUntil: inDays(15),
      message: "Шьем из своей мембраны, лекала есть",
    });
    if (!sent.ok) throw new Error(JSON.stringify(sent));
    const quoteId = sent.value.id;
    const file = {
      url: "attachments/2026/11/offer.pdf",
      name: "Предложение.pdf",
      kind: "pdf",
      size: 1200,
    } as const;
    await app.db
      .update(schema.quotes)
      .set({ attachments: [file] })
      .where(eq(schema.quotes.id, quoteId));

    const unreadQuoteNotices = async () =>
      app.db
        .select({ kind: schema.notifications.kind })
        .from(schema.notifications)
        .where(
          and(
            eq(schema.notifications.userId, buyer.id),
            eq(schema.notifications.quoteId, quoteId),
            isNull(schema.notifications.readAt),
          ),
        );
    expect(await unreadQuoteNotices()).toEqual([{ kind: "quote-received" }]);

    // An admin's look reads nothing.
    expect(viewOf(await open(admin, quoteId)).quote.message).toBe(
      "Шьем из своей мембраны, лекала есть",
    );
    expect(await unreadQuoteNotices()).toHaveLength(1);

    for (const locale of ["ru", "en"] as const) {
      const view = viewOf(await open(buyer, quoteId, locale));
      expect(view.messages).toEqual([]);
      expect(view.quote).toMatchObject({
        unitPrice: 24.5,
        currency: "EUR",
        quantity: 500,
        minOrder: 200,
        leadTimeDays: 30,
        sampleAvailable: true,
        samplePrice: 35,
        sampleDays: 7,
        message: "Шьем из своей мембраны, лекала есть",
        attachments: [file],
      });
      expect(view.quote.validUntil).toBeInstanceOf(Date);
    }
    expect(await unreadQuoteNotices()).toEqual([]);
    // The factory sees its own quote the same way.
    expect(viewOf(await open(factory, quoteId)).quote.attachments).toEqual([file]);
  });
});
