// The workspace pattern's intent dispatch through the real route actions of /my-tenders,
// /factory-products, /my-tenders/{id}, the conversation (/quotes/{id}), /notification-settings
// and /unsubscribe/{token}: an unknown, missing or inherited intent is a 400 that says so in the
// request's language and changes nothing (on /my-tenders and /factory-products it used to fall
// through to "save"); the named intents, and the emails' one-click unsubscribe, still work.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { common, notifications, tenderQuotes, tenders } from "~/domain/catalogue";
import { ensureNotificationSettings } from "~/features/notifications/notifications.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { schema } from "~/platform/db.server";
import { action as productsAction } from "~/routes/factory-products";
import { action as myTenderAction } from "~/routes/my-tender";
import { action as myTendersAction } from "~/routes/my-tenders";
import { action as settingsAction } from "~/routes/notification-settings";
import { action as conversationAction } from "~/routes/quote-conversation";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import type { Person, Reply } from "../support/app-harness";
import { redirectToast } from "../support/hostile";
import { testApp } from "../support/per-file";
import { inDays } from "../support/quote-forms";
import { rowWhere } from "../support/rows";

const app = testApp();

const toastOf = (reply: Reply) =>
  (reply.data as { toast?: { type: string; description: string } } | undefined)?.toast;

/** Intents no handler answers, with the fields of a valid save beside them. */
const UNKNOWN: (string | null)[] = [
  null,
  "",
  "create",
  "SAVE",
  "bogus",
  "constructor",
  "__proto__",
];

const withIntent = (intent: string | null, fields: Record<string, string>) =>
  intent === null ? fields : { intent, ...fields };

describe("/my-tenders dispatches on the intent", () => {
  let buyer: Person;
  let tenderId: string;
  const row = async () =>
    (await app.db.select().from(schema.tenders).where(eq(schema.tenders.id, tenderId)))[0];

  beforeAll(async () => {
    buyer = await app.signUp("buyer", "Покупатель");
    const [tender] = await app.db
      .insert(schema.tenders)
      .values({ userId: buyer.id, title: "Пошив худи", quantity: 300, country: "kg", city: "kg_1" })
      .returning({ id: schema.tenders.id });
    tenderId = tender?.id as string;
  });

  it("refuses an unknown or missing intent with 400 in the request's language", async () => {
    const before = await row();
    for (const intent of UNKNOWN) {
      const form = withIntent(intent, { tenderId, title: "Подменено" });
      const reply = await app.post(myTendersAction, "/my-tenders", { as: buyer, form });
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(toastOf(reply)).toMatchObject({ type: "error", description: common.ru.unknownIntent });
    }
    const english = await app.post(myTendersAction, "/en/my-tenders", {
      as: buyer,
      form: { intent: "nonsense", tenderId, title: "Replaced" },
    });
    expect(english.status).toBe(400);
    expect(toastOf(english)?.description).toBe(common.en.unknownIntent);
    expect(await row()).toEqual(before);
  });

  it("still saves, closes and reopens by name", async () => {
    const saved = await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "save", tenderId, title: "Пошив курток", quantity: "300", country: "kg" },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect((await row())?.title).toBe("Пошив курток");
    const closed = await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "close", tenderId },
    });
    expect(closed.status).toBe(302);
    expect((await row())?.status).toBe("closed");
    await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "reopen", tenderId },
    });
    expect((await row())?.status).toBe("active");
  });
});

describe("/factory-products dispatches on the intent", () => {
  let factory: Person;
  const PRODUCT = {
    name: "Худи оверсайз",
    clothingType: "jacket",
    price: "25,50",
    currency: "USD",
    quantityProduced: "1000",
    productionTime: "30 дней",
  };
  const products = async () =>
    app.db
      .select()
      .from(schema.factoryProducts)
      .where(eq(schema.factoryProducts.userId, factory.id));

  beforeAll(async () => {
    factory = await app.signUp("factory", "Фабрика");
    await app.db
      .insert(schema.factories)
      .values({ userId: factory.id, name: "Фабрика", country: "kg", city: "kg_1" });
  });

  it("adds a product by the 'save' intent", async () => {
    const added = await app.post(productsAction, "/factory-products", {
      as: factory,
      form: { intent: "save", ...PRODUCT },
    });
    expect(added.status, JSON.stringify(added.data)).toBe(302);
    expect(await products()).toHaveLength(1);
  });

  it("refuses an unknown or missing intent with 400 and adds or changes nothing", async () => {
    const before = await products();
    const productId = before[0]?.id as string;
    for (const intent of UNKNOWN) {
      for (const fields of [
        { ...PRODUCT, name: "Лишний" },
        { ...PRODUCT, productId },
      ]) {
        const form = withIntent(intent, fields);
        const reply = await app.post(productsAction, "/factory-products", { as: factory, form });
        expect(reply.status, JSON.stringify(form)).toBe(400);
        expect(toastOf(reply)).toMatchObject({
          type: "error",
          description: common.ru.unknownIntent,
        });
      }
    }
    const english = await app.post(productsAction, "/en/factory-products", {
      as: factory,
      form: { intent: "remove", productId },
    });
    expect(english.status).toBe(400);
    expect(toastOf(english)?.description).toBe(common.en.unknownIntent);
    expect(await products()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// The quote pages, the notification settings and the unsubscribe link

const currentUser = (person: Person) => app.userOf(person);

/** A factory account with its factory profile. */
async function factoryWithProfile(name: string): Promise<Person> {
  const person = await app.signUp("factory", name);
  await app.db.insert(schema.factories).values({ userId: person.id, name, country: "kg" });
  return person;
}

/** A buyer's active tender with one submitted quote of a factory. */
async function tenderWithQuote() {
  const buyer = await app.signUp("buyer", "Покупатель Решает");
  const factory = await factoryWithProfile(`Фабрика ${crypto.randomUUID().slice(0, 6)}`);
  const [tender] = await app.db
    .insert(schema.tenders)
    .values({ userId: buyer.id, title: "Пошив курток", quantity: 500, country: "kg" })
    .returning({ id: schema.tenders.id });
  const tenderId = tender?.id as string;
  const sent = await submitQuote(app.db, await currentUser(factory), tenderId, {
    unitPrice: "9,80",
    currency: "USD",
    quantity: "500",
    leadTimeDays: "21",
    validUntil: inDays(20),
  });
  if (!sent.ok) throw new Error(`quote refused: ${JSON.stringify(sent)}`);
  return { buyer, factory, tenderId, quoteId: sent.value.id };
}

/** Everything a decision or a message could change about a tender and its quote. */
async function quoteState(tenderId: string, quoteId: string) {
  const [tender] = await app.db
    .select({ status: schema.tenders.status, updatedAt: schema.tenders.updatedAt })
    .from(schema.tenders)
    .where(eq(schema.tenders.id, tenderId));
  const [quote] = await app.db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
  const messages = await app.db
    .select({ id: schema.quoteMessages.id })
    .from(schema.quoteMessages)
    .where(eq(schema.quoteMessages.quoteId, quoteId));
  const notes = await app.db
    .select({ id: schema.notifications.id })
    .from(schema.notifications)
    .where(eq(schema.notifications.quoteId, quoteId));
  return { tender, quote, messages, notes };
}

describe("/my-tenders/{id} dispatches on the intent", () => {
  it("refuses an unknown or missing intent with 400 in the request's language", async () => {
    const { buyer, tenderId, quoteId } = await tenderWithQuote();
    const before = await quoteState(tenderId, quoteId);
    const page = `/my-tenders/${tenderId}`;
    for (const intent of UNKNOWN) {
      const form = withIntent(intent, { quoteId, reason: "Дорого" });
      const reply = await app.post(myTenderAction, page, {
        as: buyer,
        params: { id: tenderId },
        form,
      });
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(toastOf(reply)).toMatchObject({
        type: "error",
        description: tenderQuotes.ru.unknownIntent,
      });
    }
    const english = await app.post(myTenderAction, `/en${page}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "award", quoteId },
    });
    expect(english.status).toBe(400);
    expect(toastOf(english)?.description).toBe(tenderQuotes.en.unknownIntent);
    expect(await quoteState(tenderId, quoteId)).toEqual(before);
  });

  it("still shortlists and accepts by name, with one reply for every decision", async () => {
    const { buyer, factory, tenderId, quoteId } = await tenderWithQuote();
    const page = `/my-tenders/${tenderId}`;
    const post = (as: Person, form: Record<string, string>) =>
      app.post(myTenderAction, `${page}?sort=newest`, { as, params: { id: tenderId }, form });

    const marked = await post(buyer, { intent: "shortlist", quoteId });
    expect(marked.status).toBe(302);
    expect(marked.location).toBe(`${page}?sort=newest`);
    expect((await quoteState(tenderId, quoteId)).quote?.shortlisted).toBe(true);

    // A refusal of the service is the same toast for each decision: here the factory's own.
    const refused = await post(factory, { intent: "accept", quoteId });
    expect(refused.status).toBe(404);
    expect(toastOf(refused)?.type).toBe("error");

    const accepted = await post(buyer, { intent: "accept", quoteId });
    expect(accepted.status).toBe(302);
    expect((await quoteState(tenderId, quoteId)).quote?.status).toBe("accepted");
  });
});

/** Every stored attachment file (the disk storage of the harness). */
function storedAttachmentFiles(): string[] {
  const folder = path.join(app.dataDir, "uploads", "attachments");
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

function pdf(): File {
  const body = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  return new File([body], "offer.pdf", { type: "application/pdf" });
}

describe("the conversation (/quotes/{id}) dispatches on the intent", () => {
  it("refuses an unknown or missing intent with 400, and stores and writes nothing", async () => {
    const { buyer, factory, tenderId, quoteId } = await tenderWithQuote();
    const before = await quoteState(tenderId, quoteId);
    const files = storedAttachmentFiles();
    const page = `/quotes/${quoteId}`;
    for (const intent of UNKNOWN) {
      const form: [string, string | Blob][] = [
        ...(intent === null ? [] : [["intent", intent] as [string, string]]),
        ["body", "Здравствуйте"],
        ["attachments", pdf()],
      ];
      const reply = await app.post(conversationAction, page, {
        as: factory,
        params: { id: quoteId },
        form,
      });
      expect(reply.status, String(intent)).toBe(400);
      expect(reply.data).toEqual({
        result: { status: "error", error: { "": [common.ru.unknownIntent] } },
      });
    }
    const english = await app.post(conversationAction, `/en${page}`, {
      as: buyer,
      params: { id: quoteId },
      form: { intent: "delete", body: "Hello" },
    });
    expect(english.status).toBe(400);
    expect(english.data).toEqual({
      result: { status: "error", error: { "": [common.en.unknownIntent] } },
    });
    expect(await quoteState(tenderId, quoteId)).toEqual(before);
    expect(storedAttachmentFiles()).toEqual(files);

    const sent = await app.post(conversationAction, page, {
      as: factory,
      params: { id: quoteId },
      form: { intent: "send", body: "Здравствуйте" },
    });
    expect(sent.status).toBe(302);
    expect((await quoteState(tenderId, quoteId)).messages).toHaveLength(1);
  });
});

/** The person's email settings row. */
const settingsOf = (person: Person) =>
  rowWhere(app.db, schema.notificationSettings, "userId", person.id);

describe("/notification-settings dispatches on the intent", () => {
  it("refuses an unknown or missing intent with 400 above the form and saves nothing", async () => {
    const factory = await factoryWithProfile("Фабрика Настроек");
    await ensureNotificationSettings(app.db, factory.id);
    const settings = () => settingsOf(factory);
    const before = await settings();
    // A valid save would turn the event emails and the alerts off.
    for (const intent of UNKNOWN) {
      const form = withIntent(intent, { tenderAlerts: "off" });
      const reply = await app.post(settingsAction, "/notification-settings", {
        as: factory,
        form,
      });
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(reply.data).toEqual({
        result: { status: "error", error: { "": [notifications.ru.page.unknownAction] } },
      });
    }
    const english = await app.post(settingsAction, "/en/notification-settings", {
      as: factory,
      form: { intent: "reset", tenderAlerts: "off" },
    });
    expect(english.status).toBe(400);
    expect(english.data).toEqual({
      result: { status: "error", error: { "": [notifications.en.page.unknownAction] } },
    });
    expect(await settings()).toEqual(before);

    const saved = await app.post(settingsAction, "/notification-settings", {
      as: factory,
      form: { intent: "save", tenderAlerts: "off" },
    });
    expect(saved.status).toBe(302);
    expect(await settings()).toMatchObject({ emailEvents: false, tenderAlerts: "off" });
  });
});

describe("/unsubscribe/{token} dispatches on the intent", () => {
  async function subscriber() {
    const factory = await factoryWithProfile(`Фабрика ${crypto.randomUUID().slice(0, 6)}`);
    const { unsubscribeToken: token } = await ensureNotificationSettings(app.db, factory.id);
    return { token, settings: () => settingsOf(factory) };
  }

  it("asks again with what went wrong for an unknown or missing intent, and turns nothing off", async () => {
    const { token, settings } = await subscriber();
    const before = await settings();
    // "one-click" names no intent of the page's form: only the emails' one-click body does.
    for (const intent of [...UNKNOWN, "one-click"]) {
      const form = withIntent(intent, {});
      const reply = await app.post(unsubscribeAction, `/unsubscribe/${token}?what=all`, {
        params: { token },
        form,
      });
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(reply.data).toEqual({ state: "confirm", what: "all", error: common.ru.unknownIntent });
      expect(reply.headers.get("cache-control")).toBe("private, no-store");
    }
    const english = await app.post(unsubscribeAction, `/en/unsubscribe/${token}?what=alerts`, {
      params: { token },
      form: { intent: "subscribe" },
    });
    expect(english.status).toBe(400);
    expect(english.data).toEqual({
      state: "confirm",
      what: "alerts",
      error: common.en.unknownIntent,
    });
    expect(await settings()).toEqual(before);
  });

  it("still takes the page's button and the emails' one-click POST (RFC 8058)", async () => {
    const button = await subscriber();
    const pressed = await app.post(unsubscribeAction, `/unsubscribe/${button.token}?what=events`, {
      params: { token: button.token },
      form: { intent: "unsubscribe" },
    });
    expect(pressed.status).toBe(302);
    expect(await button.settings()).toMatchObject({ emailEvents: false, tenderAlerts: "instant" });

    const mail = await subscriber();
    const oneClick = await app.post(unsubscribeAction, `/unsubscribe/${mail.token}?what=all`, {
      params: { token: mail.token },
      headers: { origin: "https://mail.example", "sec-fetch-site": "cross-site" },
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.data).toEqual({ state: "done", what: "all" });
    expect(await mail.settings()).toMatchObject({ emailEvents: false, tenderAlerts: "off" });
  });
});

describe("/my-tenders: an awarded tender", () => {
  it("refuses new terms in the request's language (409), and deleting archives it", async () => {
    const buyer = await app.signUp("buyer", "Покупатель с выбором");
    const [tender] = await app.db
      .insert(schema.tenders)
      .values({ userId: buyer.id, title: "Пошив курток", quantity: 2000, status: "awarded" })
      .returning();
    const id = tender?.id as string;
    for (const [path, locale] of [
      ["/my-tenders", "ru"],
      ["/en/my-tenders", "en"],
    ] as const) {
      const reply = await app.post(myTendersAction, path, {
        as: buyer,
        form: { intent: "save", tenderId: id, title: "Пошив курток", quantity: "5000" },
      });
      expect(reply.status).toBe(409);
      expect(JSON.stringify(reply.data)).toContain(tenders[locale].problems.locked);
    }
    expect((await rowWhere(app.db, schema.tenders, "id", id))?.quantity).toBe(2000);

    const removed = await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "delete", tenderId: id },
    });
    expect(removed.status).toBe(302);
    expect((await redirectToast(removed))?.description).toBe(tenders.ru.archived);
    const kept = await rowWhere(app.db, schema.tenders, "id", id);
    expect(kept?.archivedAt).toBeInstanceOf(Date);
  });
});
