// Hostile input on the order page's forms (issue 30, decision 032), property-based (fast-check)
// like tests/integration/hostile-input.test.ts: each text of each step's form (comment, carrier,
// tracking number, a cancellation's reason) broken in one way at a time (control characters,
// lone surrogates, too long, a file instead of text, sent twice) and files that are not what they
// claim (text, HTML named .pdf or .png, empty) are refused below 500 with a Russian message on
// the field, and nothing is stored: no event, no step moved, no file kept. Decision 034 adds the
// proposal of new terms (each term, date and comment), its answers, a dispute's reason and an
// admin's resolution.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptQuote } from "~/features/quotes/quotes.server";
import { schema } from "~/platform/db.server";
import { action as adminDisputesAction } from "~/routes/admin-disputes";
import { action as orderAction } from "~/routes/order";
import type { OrderStep } from "~db/schema";
import type { Person } from "../support/app-harness";
import {
  aFile,
  BAD_NUMBERS,
  brokenText,
  describeMutation,
  duplicated,
  expectFieldRejected,
  expectNoServerError,
  type FormValue,
  formPairs,
  type Mutation,
  missing,
  snapshot,
  tooLong,
  value,
  values,
  withControlChar,
} from "../support/hostile";
import { testApp } from "../support/per-file";

const app = testApp();
let buyer: Person;
let factory: Person;
let orderId: string;
let admin: Person;

beforeAll(async () => {
  buyer = await app.signUp("buyer", "Покупатель Враждебный");
  factory = await app.signUp("factory", "Фабрика Враждебная");
  const [made] = await app.db
    .insert(schema.factories)
    .values({ userId: factory.id, name: factory.name })
    .returning({ id: schema.factories.id });
  const [tender] = await app.db
    .insert(schema.tenders)
    .values({ userId: buyer.id, title: "Тендер для враждебных форм", quantity: 100 })
    .returning({ id: schema.tenders.id });
  const [quote] = await app.db
    .insert(schema.quotes)
    .values({
      tenderId: tender?.id as string,
      factoryId: made?.id as string,
      userId: factory.id,
      unitPrice: 2,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 10,
      sampleAvailable: true,
      validUntil: new Date(Date.now() + 10 * 86_400_000),
    })
    .returning({ id: schema.quotes.id });
  expect((await acceptQuote(app.db, await app.userOf(buyer), quote?.id)).ok).toBe(true);
  const [order] = await app.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(eq(schema.orders.quoteId, quote?.id as string));
  orderId = order?.id as string;
  admin = await app.signUp("buyer", "Админ Враждебный");
  await app.makeAdmin(admin);
}, 120_000);

async function atStep(step: OrderStep) {
  await app.db.update(schema.orders).set({ step }).where(eq(schema.orders.id, orderId));
}

/** One field of `base` broken at a time: refused on that field, nothing stored. */
async function refusesBrokenField(
  as: () => Person,
  base: Record<string, FormValue>,
  spec: Record<string, fc.Arbitrary<Mutation>>,
  numRuns: number,
) {
  const field = fc
    .constantFrom(...Object.keys(spec))
    .chain((name) => (spec[name] as fc.Arbitrary<Mutation>).map((m) => [name, m] as const));
  await fc.assert(
    fc.asyncProperty(field, async ([name, mutation]) => {
      const context = describeMutation(name, mutation);
      const before = await snapshot(app);
      const reply = await app.post(orderAction, `/orders/${orderId}`, {
        as: as(),
        params: { id: orderId },
        form: formPairs(base, name, mutation),
      });
      expectFieldRejected(reply, name, context);
      expect(await snapshot(app), `${context}: something was stored`).toBe(before);
    }),
    { numRuns },
  );
}

const fileOf = (body: string, name: string, type: string) => new File([body], name, { type });
const HOSTILE_FILES = [
  fileOf("<script>alert(1)</script>", "payload.txt", "text/plain"),
  fileOf("<html><body>не PDF</body></html>", "report.pdf", "application/pdf"),
  fileOf("<svg onload=alert(1)></svg>", "photo.png", "image/png"),
  fileOf("%PDF-1.4 без конца", "cut.pdf", "application/pdf"),
  fileOf("", "empty.jpg", "image/jpeg"),
];

describe("the order's forms", () => {
  it("sample sent: a broken comment or tracking number is refused on that field", async () => {
    await atStep("sample-send");
    await refusesBrokenField(
      () => factory,
      { intent: "sample-sent", comment: "Отправили", trackingNumber: "EMS 1" },
      {
        comment: brokenText(2000, "Отправили"),
        trackingNumber: fc.oneof(brokenText(80, "EMS 1"), values("EMS\n2", "EMS\r3")),
      },
      30,
    );
  }, 180_000);

  it("shipped: a broken or missing carrier or tracking number is refused on that field", async () => {
    await atStep("shipping");
    await refusesBrokenField(
      () => factory,
      { intent: "shipped", carrier: "DHL", trackingNumber: "JD01" },
      {
        carrier: fc.oneof(brokenText(120, "DHL"), values("", "   ")),
        trackingNumber: fc.oneof(brokenText(80, "JD01"), values("", "  "), value(tooLong(80))),
      },
      30,
    );
  }, 180_000);

  it("sent back or cancelled: a broken or missing comment is refused on it", async () => {
    await atStep("sample-review");
    await refusesBrokenField(
      () => buyer,
      { intent: "sample-returned", comment: "Переделайте" },
      { comment: fc.oneof(brokenText(2000, "Переделайте"), values("", " \n ")) },
      20,
    );
    await atStep("production");
    await refusesBrokenField(
      () => buyer,
      { intent: "cancel", comment: "Передумали" },
      { comment: fc.oneof(brokenText(2000, "Передумали"), value(withControlChar)) },
      20,
    );
  }, 180_000);

  it("files that are not what they claim are refused on the files' field, nothing kept", async () => {
    await atStep("quality");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...HOSTILE_FILES), async (file) => {
        const before = await snapshot(app);
        const reply = await app.post(orderAction, `/orders/${orderId}`, {
          as: factory,
          params: { id: orderId },
          form: [
            ["intent", "quality-passed"],
            ["attachments", file],
            ["attachments", fileOf("%PDF-1.4\n%%EOF\n", "ok.pdf", "application/pdf")],
          ],
        });
        expectFieldRejected(reply, "attachments", file.name);
        expect(await snapshot(app), `${file.name}: something was stored`).toBe(before);
      }),
      { numRuns: 10, examples: HOSTILE_FILES.map((file) => [file] as [File]) },
    );
  }, 180_000);

  it("an unknown intent is a 400 and changes nothing", async () => {
    await atStep("sample-send");
    for (const intent of ["", "constructor", "__proto__", "delete", "<script>"]) {
      const before = await snapshot(app);
      const reply = await app.post(orderAction, `/orders/${orderId}`, {
        as: factory,
        params: { id: orderId },
        form: { intent, comment: "x" },
      });
      expectNoServerError(reply, intent);
      expect(reply.status, intent).toBe(400);
      expect(await snapshot(app)).toBe(before);
    }
  });
});

// Reviews (decision 033): the buyer's review (three marks and a text), the factory's answer and an
// admin's reason for hiding, each field broken one way at a time: refused on that field in
// Russian, nothing stored.
describe("the review forms", () => {
  const mark = fc.oneof(
    values("0", "6", "4.5", "x", "", " ", "５", "1e0", ...BAD_NUMBERS),
    value(withControlChar),
    aFile,
    missing,
    duplicated("4", "5"),
  );

  it("review: a broken mark or text is refused on that field", async () => {
    await atStep("delivered");
    await refusesBrokenField(
      () => buyer,
      { intent: "review", quality: "5", communication: "4", onTime: "5", text: "Хорошо" },
      {
        quality: mark,
        communication: mark,
        onTime: mark,
        text: fc.oneof(brokenText(2000, "Хорошо"), values("", "  \n ")),
      },
      40,
    );
  }, 180_000);

  it("answer and hiding: a broken or missing text is refused on it", async () => {
    const [row] = await app.db
      .select({ factoryId: schema.orders.factoryId })
      .from(schema.orders)
      .where(eq(schema.orders.id, orderId));
    await app.db.insert(schema.reviews).values({
      orderId,
      factoryId: row?.factoryId as string,
      buyerId: buyer.id,
      quality: 5,
      communication: 5,
      onTime: 5,
      text: "Отзыв для враждебных форм",
    });
    await refusesBrokenField(
      () => factory,
      { intent: "answer-review", answer: "Спасибо" },
      { answer: fc.oneof(brokenText(2000, "Спасибо"), values("", " ")) },
      20,
    );
    await refusesBrokenField(
      () => admin,
      { intent: "hide-review", reason: "Спам" },
      { reason: fc.oneof(brokenText(500, "Спам"), values("", " ")) },
      20,
    );
  }, 180_000);
});

// Decision 034: the terms' proposal, its answers, the dispute and its resolution.
describe("the terms' and the dispute's forms", () => {
  it("a proposal with a broken term, date or comment is refused on that field", async () => {
    await atStep("production");
    const past = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await refusesBrokenField(
      () => buyer,
      { intent: "propose-terms", quantity: "150", comment: "Больше" },
      {
        unitPrice: fc.oneof(
          brokenText(20, "2.5"),
          values("-1", "0", "abc", "1.234", "1e3", "100000001", "NaN", "Infinity"),
        ),
        quantity: fc.oneof(brokenText(20, "150"), values("0", "-5", "1.5", "10000001", "many")),
        leadTimeDays: values("0", "731", "-1", "x", "1.5"),
        currency: values("XXX", "usd", "<script>", "RU B"),
        deliveryPlannedAt: values("2026-02-31", "31.12.2026", "yesterday", "1999-01-01", past),
        comment: brokenText(2000, "Больше"),
      },
      40,
    );
  }, 180_000);

  it("answers naming no open proposal, or a broken one, change nothing and are no 500", async () => {
    await atStep("production");
    for (const intent of ["accept-terms", "decline-terms", "withdraw-terms"]) {
      for (const proposalId of [
        "",
        "not-a-uuid",
        "<script>",
        "00000000-0000-4000-8000-000000000000",
        "x".repeat(10_000),
      ]) {
        const before = await snapshot(app);
        const reply = await app.post(orderAction, `/orders/${orderId}`, {
          as: buyer,
          params: { id: orderId },
          form: { intent, proposalId },
        });
        expectNoServerError(reply, `${intent} ${proposalId.slice(0, 20)}`);
        expect([400, 409], `${intent} ${proposalId.slice(0, 20)}`).toContain(reply.status);
        expect(await snapshot(app)).toBe(before);
      }
    }
  }, 180_000);

  it("a dispute with a broken or missing reason is refused on it", async () => {
    await refusesBrokenField(
      () => factory,
      { intent: "flag-dispute", reason: "Не договорились" },
      { reason: fc.oneof(brokenText(1000, "Не договорились"), values("", " \n ")) },
      25,
    );
  }, 180_000);

  it("a resolution with a broken or missing note, or of no open dispute, changes nothing", async () => {
    const admin = await app.signUp("buyer", "Админ Враждебный");
    await app.makeAdmin(admin);
    const [dispute] = await app.db
      .insert(schema.orderDisputes)
      .values({ orderId, side: "buyer", raisedById: buyer.id, reason: "Спор" })
      .returning({ id: schema.orderDisputes.id });
    const disputeId = dispute?.id as string;
    await fc.assert(
      fc.asyncProperty(fc.oneof(brokenText(1000, "Решено"), values("", "  ")), async (mutation) => {
        const context = describeMutation("resolution", mutation);
        const before = await snapshot(app);
        const reply = await app.post(adminDisputesAction, "/admin/disputes", {
          as: admin,
          form: formPairs(
            { intent: "resolve-dispute", disputeId, resolution: "Решено" },
            "resolution",
            mutation,
          ),
        });
        expectFieldRejected(reply, "resolution", context);
        expect(await snapshot(app), `${context}: something was stored`).toBe(before);
      }),
      { numRuns: 20 },
    );
    for (const id of ["", "<script>", "00000000-0000-4000-8000-000000000000", "x".repeat(5000)]) {
      const before = await snapshot(app);
      const reply = await app.post(adminDisputesAction, "/admin/disputes", {
        as: admin,
        form: { intent: "resolve-dispute", disputeId: id, resolution: "Решено" },
      });
      expectNoServerError(reply, id.slice(0, 20));
      expect([400, 409]).toContain(reply.status);
      expect(await snapshot(app)).toBe(before);
    }
  }, 180_000);
});
