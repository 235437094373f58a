// The workspace pattern's intent dispatch on /my-tenders and /factory-products through the real
// route actions: an unknown, missing or inherited intent is a 400 with an error toast in the
// request's language and changes nothing (it used to fall through to "save"); the named intents
// still work.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { common } from "~/domain/catalogue";
import { action as productsAction } from "~/routes/factory-products";
import { action as myTendersAction } from "~/routes/my-tenders";
import { schema } from "~/server/db.server";
import { type Person, type Reply, startTestApp, type TestApp } from "../support/app-harness";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await app?.destroy();
});

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
