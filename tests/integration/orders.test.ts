// Orders after the award (issue 30, decision 032; app/features/orders/): the order made with the
// accepted quote and its terms, the steps done only by their side and only in order (two sample
// rounds), nothing after delivery or a cancellation, no cancelling after shipping, the files
// (types, count, a report PDF for the quality check), strangers and admins, the lists by state
// (late), notifications for the other side, and the history kept when an account is deleted.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { m } from "~/domain/messages";
import { plannedDates } from "~/domain/orders";
import { deleteAccount } from "~/features/factories/profiles.server";
import { sendNotificationEmails } from "~/features/notifications/mail-worker.server";
import {
  doOrderStep,
  findOrderFile,
  listOrders,
  openOrder,
  recordOrderEvent,
} from "~/features/orders/orders.server";
import { ORDER_PROBLEMS } from "~/features/orders/problems";
import { acceptQuote } from "~/features/quotes/quotes.server";
import { REVIEW_PROBLEMS } from "~/features/reviews/problems";
import {
  answerReview,
  factoryReviews,
  hideReview,
  reviewOfOrder,
  writeReview,
} from "~/features/reviews/reviews.server";
import { STATUS_OF_KIND } from "~/http/reply.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createMailer, latestMessageTo } from "~/platform/mail.server";
import { createDiskStorage } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { filesUnder, png } from "../support/images";
import { type InsertedPerson, insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { pdfFile } from "../support/quote-forms";

const database = testDatabase();
const storageDir = tempDir("fabricum-orders-");
const storage = createDiskStorage(storageDir);
const as = (actor: CurrentUser, locale: "ru" | "en" = "ru"): UseCaseContext => ({
  db: database.db,
  storage,
  actor,
  locale,
});
function form(fields: Record<string, string>, files: File[] = []) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  for (const file of files) data.append("attachments", file);
  return data;
}
const photo = async (name = "sample.png") =>
  new File([new Uint8Array(await png("#a33"))], name, { type: "image/png" });

let buyer: InsertedPerson;
let factory: InsertedPerson;
let otherBuyer: InsertedPerson;
let otherFactory: InsertedPerson;
let admin: InsertedPerson;

beforeAll(async () => {
  buyer = await insertPerson(database.db, "buyer", "Покупатель заказов");
  factory = await insertPerson(database.db, "factory", "Фабрика заказов", { factory: {} });
  otherBuyer = await insertPerson(database.db, "buyer", "Чужой покупатель");
  otherFactory = await insertPerson(database.db, "factory", "Чужая фабрика", { factory: {} });
  admin = await insertPerson(database.db, "buyer", "Админ", { role: "admin" });
});

/** A tender of `owner` with a quote of `maker`, accepted: the order's id. */
async function awardedOrder(
  options: { owner?: InsertedPerson; maker?: InsertedPerson; sample?: boolean; now?: Date } = {},
): Promise<string> {
  const owner = options.owner ?? buyer;
  const maker = options.maker ?? factory;
  const [tender] = await database.db
    .insert(schema.tenders)
    .values({
      userId: owner.id,
      title: `Футболки ${Math.random().toString(36).slice(2, 7)}`,
      quantity: 500,
    })
    .returning({ id: schema.tenders.id });
  if (!tender || !maker.factoryId) throw new Error("setup");
  const [quote] = await database.db
    .insert(schema.quotes)
    .values({
      tenderId: tender.id,
      factoryId: maker.factoryId,
      userId: maker.id,
      unitPrice: 4.5,
      currency: "USD",
      quantity: 500,
      leadTimeDays: 30,
      sampleAvailable: options.sample ?? true,
      samplePrice: 20,
      sampleDays: 10,
      validUntil: new Date(Date.now() + 20 * 86_400_000),
    })
    .returning({ id: schema.quotes.id });
  if (!quote) throw new Error("setup");
  const accepted = await acceptQuote(database.db, owner, quote.id);
  expect(accepted.ok).toBe(true);
  const [order] = await database.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(eq(schema.orders.quoteId, quote.id));
  if (!order) throw new Error("no order");
  return order.id;
}

const step = (
  actor: CurrentUser,
  orderId: string,
  fields: Record<string, string>,
  files: File[] = [],
  locale: "ru" | "en" = "ru",
) => doOrderStep(as(actor, locale), { orderId, form: form(fields, files) });

async function orderRow(id: string) {
  const [row] = await database.db.select().from(schema.orders).where(eq(schema.orders.id, id));
  if (!row) throw new Error("order gone");
  return row;
}

async function noticesOf(userId: string, orderId: string) {
  return database.db
    .select({ kind: schema.notifications.kind, actorId: schema.notifications.actorId })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.orderId, orderId)));
}

describe("the problems' kinds", () => {
  it("give each problem its status and words in both languages", () => {
    expect(STATUS_OF_KIND[ORDER_PROBLEMS["not-found"]]).toBe(404);
    expect(STATUS_OF_KIND[ORDER_PROBLEMS["not-your-step"]]).toBe(403);
    expect(STATUS_OF_KIND[ORDER_PROBLEMS["wrong-step"]]).toBe(409);
    expect(STATUS_OF_KIND[ORDER_PROBLEMS["not-cancellable"]]).toBe(409);
    for (const problem of Object.keys(ORDER_PROBLEMS).filter((p) => p !== "invalid")) {
      expect(m.orders.problems).toHaveProperty(problem);
    }
  });
});

describe("an order is made at the award", () => {
  it("copies the quote's terms and plans the stages", async () => {
    const before = new Date();
    const id = await awardedOrder();
    const row = await orderRow(id);
    expect(row).toMatchObject({
      buyerId: buyer.id,
      factoryUserId: factory.id,
      factoryId: factory.factoryId,
      unitPrice: 4.5,
      currency: "USD",
      quantity: 500,
      leadTimeDays: 30,
      sampleAvailable: true,
      samplePrice: 20,
      sampleDays: 10,
      step: "sample-send",
      factoryName: "Фабрика заказов",
      buyerName: "Покупатель заказов",
    });
    const planned = plannedDates(row.createdAt, {
      sampleAvailable: true,
      sampleDays: 10,
      leadTimeDays: 30,
    });
    expect(row.samplePlannedAt?.getTime()).toBe(planned.samplePlannedAt?.getTime());
    expect(row.deliveryPlannedAt.getTime()).toBe(planned.deliveryPlannedAt.getTime());
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it("starts at production when the quote offered no sample", async () => {
    const id = await awardedOrder({ sample: false });
    expect((await orderRow(id)).step).toBe("production");
    expect((await orderRow(id)).samplePlannedAt).toBeNull();
  });
});

describe("the steps", () => {
  it("walk from the sample (two rounds) to delivery, each side its own, each told to the other", async () => {
    const id = await awardedOrder();
    // The buyer cannot send the factory's sample; the factory cannot skip to production.
    expect(await step(buyer, id, { intent: "sample-sent" })).toMatchObject({
      ok: false,
      problem: "not-your-step",
    });
    expect(await step(factory, id, { intent: "production-started" })).toMatchObject({
      ok: false,
      problem: "wrong-step",
    });
    expect(
      await step(factory, id, { intent: "sample-sent", trackingNumber: "RB123" }, [await photo()]),
    ).toMatchObject({ ok: true });
    expect((await orderRow(id)).step).toBe("sample-review");
    // Sent back: a comment is required.
    const bare = await step(buyer, id, { intent: "sample-returned" });
    expect(bare).toMatchObject({ ok: false, problem: "invalid" });
    expect(bare.ok ? null : bare.fieldErrors?.comment).toEqual([m.orders.errors.commentRequired]);
    expect(
      await step(buyer, id, { intent: "sample-returned", comment: "Швы кривые" }, [
        await photo("seam.png"),
      ]),
    ).toMatchObject({ ok: true });
    expect((await orderRow(id)).step).toBe("sample-send");
    expect(await step(factory, id, { intent: "sample-sent" })).toMatchObject({ ok: true });
    expect(await step(factory, id, { intent: "sample-approved" })).toMatchObject({
      ok: false,
      problem: "not-your-step",
    });
    expect(await step(buyer, id, { intent: "sample-approved" })).toMatchObject({ ok: true });
    expect(await step(factory, id, { intent: "production-started" })).toMatchObject({ ok: true });
    // The quality check needs its report as a PDF.
    const noReport = await step(factory, id, { intent: "quality-passed" }, [await photo()], "en");
    expect(noReport.ok ? null : noReport.fieldErrors?.attachments).toEqual([
      "Attach the inspection report as a PDF",
    ]);
    expect(
      await step(factory, id, { intent: "quality-passed" }, [
        pdfFile("inspection.pdf"),
        await photo(),
      ]),
    ).toMatchObject({ ok: true });
    const noCarrier = await step(factory, id, { intent: "shipped", trackingNumber: "X1" });
    expect(noCarrier.ok ? null : noCarrier.fieldErrors?.carrier).toEqual([
      m.orders.errors.carrierRequired,
    ]);
    expect(
      await step(factory, id, { intent: "shipped", carrier: "DHL", trackingNumber: "X1" }, [
        pdfFile("invoice.pdf"),
      ]),
    ).toMatchObject({ ok: true });
    // Shipped: nobody cancels any more.
    expect(await step(buyer, id, { intent: "cancel", comment: "Передумал" })).toMatchObject({
      ok: false,
      problem: "not-cancellable",
    });
    expect(await step(factory, id, { intent: "delivered" })).toMatchObject({
      ok: false,
      problem: "not-your-step",
    });
    expect(await step(buyer, id, { intent: "delivered" })).toMatchObject({ ok: true });
    expect((await orderRow(id)).step).toBe("delivered");
    // After delivery nothing moves.
    for (const intent of ["sample-sent", "production-started", "shipped"]) {
      expect(await step(factory, id, { intent, carrier: "A", trackingNumber: "B" })).toMatchObject({
        ok: false,
      });
    }
    expect(await step(buyer, id, { intent: "delivered" })).toMatchObject({
      ok: false,
      problem: "wrong-step",
    });
    expect(await step(buyer, id, { intent: "cancel", comment: "Поздно" })).toMatchObject({
      ok: false,
      problem: "not-cancellable",
    });

    const view = await openOrder(database.db, buyer, id);
    expect(view?.events.map((event) => event.kind)).toEqual([
      "sample-sent",
      "sample-returned",
      "sample-sent",
      "sample-approved",
      "production-started",
      "quality-passed",
      "shipped",
      "delivered",
    ]);
    expect(view?.events[1]).toMatchObject({ comment: "Швы кривые", side: "buyer" });
    expect(view?.events[6]).toMatchObject({
      carrier: "DHL",
      trackingNumber: "X1",
      side: "factory",
    });
    expect(view?.state).toBe("delivered");
    expect(view?.actions).toEqual([]);
    // Each step told the other side, once.
    expect((await noticesOf(buyer.id, id)).map((n) => n.kind).sort()).toEqual(
      [
        "order-production-started",
        "order-quality-passed",
        "order-sample-sent",
        "order-sample-sent",
        "order-shipped",
      ].sort(),
    );
    expect((await noticesOf(factory.id, id)).map((n) => n.kind).sort()).toEqual(
      ["order-delivered", "order-sample-approved", "order-sample-returned"].sort(),
    );
  });

  it("let either side cancel before shipping, with a reason, and nothing after", async () => {
    const id = await awardedOrder({ sample: false });
    const noReason = await step(factory, id, { intent: "cancel" });
    expect(noReason.ok ? null : noReason.fieldErrors?.comment).toEqual([
      m.orders.errors.reasonRequired,
    ]);
    expect(await step(factory, id, { intent: "cancel", comment: "Нет ткани" })).toMatchObject({
      ok: true,
    });
    expect(await orderRow(id)).toMatchObject({ step: "cancelled", cancelReason: "Нет ткани" });
    expect(await step(factory, id, { intent: "production-started" })).toMatchObject({
      ok: false,
      problem: "wrong-step",
    });
    expect(await step(buyer, id, { intent: "cancel", comment: "Еще раз" })).toMatchObject({
      ok: false,
      problem: "not-cancellable",
    });
    expect((await noticesOf(buyer.id, id)).map((n) => n.kind)).toEqual(["order-cancelled"]);

    const byBuyer = await awardedOrder();
    expect(
      await step(buyer, byBuyer, { intent: "cancel", comment: "Сроки не подходят" }),
    ).toMatchObject({ ok: true });
    expect((await noticesOf(factory.id, byBuyer)).map((n) => n.kind)).toEqual(["order-cancelled"]);
  });

  it("hold under two posts at once: one step is done once", async () => {
    const id = await awardedOrder();
    const results = await Promise.all([
      step(factory, id, { intent: "sample-sent" }),
      step(factory, id, { intent: "sample-sent" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ problem: "wrong-step" });
  });
});

describe("letters", () => {
  it("tell the other side of a step by email, with a link to the order", async () => {
    const id = await awardedOrder();
    expect(
      await step(factory, id, { intent: "shipped", carrier: "x", trackingNumber: "y" }),
    ).toMatchObject({ ok: false });
    expect(await step(buyer, id, { intent: "cancel", comment: "Сроки сорваны" })).toMatchObject({
      ok: true,
    });
    const dataDir = tempDir("fabricum-order-letters-");
    const mailer = createMailer({ dataDir, SMTP_URL: undefined, MAIL_FROM: "x@y.z" });
    await sendNotificationEmails({
      db: database.db,
      mailer,
      env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
    });
    const letter = await latestMessageTo(dataDir, factory.email);
    expect(letter?.subject).toMatch(/^Заказ отменен: «Футболки /);
    expect(letter?.text).toContain(`https://fabricum.test/orders/${id}`);
    expect(letter?.text).toContain("Покупатель заказов");
  });
});

describe("who may see and touch an order", () => {
  it("is its two parties; an admin reads; anybody else finds nothing", async () => {
    const id = await awardedOrder();
    expect(await openOrder(database.db, buyer, id)).toMatchObject({
      party: "buyer",
      actions: [],
      mayCancel: true,
    });
    expect(await openOrder(database.db, factory, id)).toMatchObject({
      party: "factory",
      actions: ["sample-sent"],
    });
    expect(await openOrder(database.db, admin, id)).toMatchObject({
      party: "admin",
      actions: [],
      mayCancel: false,
    });
    expect(await openOrder(database.db, otherBuyer, id)).toBeNull();
    expect(await openOrder(database.db, otherFactory, id)).toBeNull();
    expect(await openOrder(database.db, null, id)).toBeNull();
    expect(await openOrder(database.db, buyer, "not-a-uuid")).toBeNull();
    for (const stranger of [otherBuyer, otherFactory]) {
      expect(await step(stranger, id, { intent: "sample-sent" })).toMatchObject({
        ok: false,
        problem: "not-found",
      });
      expect(await step(stranger, id, { intent: "cancel", comment: "x" })).toMatchObject({
        ok: false,
        problem: "not-found",
      });
    }
    expect(await step(admin, id, { intent: "cancel", comment: "x" })).toMatchObject({
      ok: false,
      problem: "read-only",
    });
    expect(
      await recordOrderEvent(database.db, otherFactory, id, { intent: "sample-sent" }),
    ).toMatchObject({ problem: "not-found" });
    expect((await orderRow(id)).step).toBe("sample-send");
  });

  it("is hidden from a blocked party and from the one whose other side is blocked", async () => {
    const blockedFactory = await insertPerson(database.db, "factory", "Блок-фабрика", {
      factory: {},
    });
    const id = await awardedOrder({ maker: blockedFactory });
    await database.db
      .update(schema.users)
      .set({ banned: true })
      .where(eq(schema.users.id, blockedFactory.id));
    expect(await openOrder(database.db, blockedFactory, id)).toBeNull();
    expect(await step(blockedFactory, id, { intent: "sample-sent" })).toMatchObject({
      problem: "not-found",
    });
    expect(await openOrder(database.db, buyer, id)).toBeNull();
    expect(await openOrder(database.db, admin, id)).toMatchObject({ party: "admin" });
  });
});

describe("files", () => {
  it("are checked (type, count), stored privately, removed when the step is refused", async () => {
    const id = await awardedOrder();
    const before = filesUnder(storageDir).length;
    const fake = new File(["<script>alert(1)</script>"], "report.pdf", { type: "application/pdf" });
    const refused = await step(factory, id, { intent: "sample-sent" }, [fake]);
    expect(refused).toMatchObject({ ok: false, problem: "invalid" });
    expect(refused.ok ? [] : refused.fieldErrors?.attachments?.[0]).toContain("report.pdf");
    const tooMany = await step(
      factory,
      id,
      { intent: "sample-sent" },
      await Promise.all([1, 2, 3, 4, 5, 6].map((n) => photo(`p${n}.png`))),
    );
    expect(tooMany).toMatchObject({ ok: false, problem: "invalid" });
    // Stored, then refused (the buyer's step): nothing stays behind.
    const wrongSide = await step(buyer, id, { intent: "sample-returned", comment: "x" }, [
      await photo(),
    ]);
    expect(wrongSide).toMatchObject({ ok: false, problem: "wrong-step" });
    expect(filesUnder(storageDir).length).toBe(before);
    expect((await orderRow(id)).step).toBe("sample-send");

    expect(
      await step(factory, id, { intent: "sample-sent" }, [
        await photo("front.png"),
        pdfFile("spec.pdf"),
      ]),
    ).toMatchObject({ ok: true });
    const view = await openOrder(database.db, buyer, id);
    const files = view?.events[0]?.attachments ?? [];
    expect(files.map((file) => file.kind).sort()).toEqual(["image", "pdf"]);
    for (const file of files) {
      expect(file.url).toMatch(/^attachments\//);
      const name = file.url.slice("attachments/".length);
      expect(await findOrderFile(database.db, buyer, id, name)).toMatchObject({ url: file.url });
      expect(await findOrderFile(database.db, admin, id, name)).toMatchObject({ url: file.url });
      expect(await findOrderFile(database.db, otherBuyer, id, name)).toBeNull();
      expect(await findOrderFile(database.db, null, id, name)).toBeNull();
    }
    // A file of this order is not found through another order.
    const other = await awardedOrder();
    const name = files[0]?.url.slice("attachments/".length) ?? "";
    expect(await findOrderFile(database.db, buyer, other, name)).toBeNull();
  });
});

describe("the lists", () => {
  it("group orders by state, mark the late ones and say whose step is next", async () => {
    const listBuyer = await insertPerson(database.db, "buyer", "Списочный покупатель");
    const listFactory = await insertPerson(database.db, "factory", "Списочная фабрика", {
      factory: {},
    });
    const open = await awardedOrder({ owner: listBuyer, maker: listFactory });
    const delivered = await awardedOrder({ owner: listBuyer, maker: listFactory, sample: false });
    for (const [who, intent, extra] of [
      [listFactory, "production-started", {}],
      [listFactory, "quality-passed", {}],
      [listFactory, "shipped", { carrier: "СДЭК", trackingNumber: "1" }],
      [listBuyer, "delivered", {}],
    ] as const) {
      const files = intent === "quality-passed" ? [pdfFile()] : [];
      expect(await step(who, delivered, { intent, ...extra }, files)).toMatchObject({ ok: true });
    }
    const cancelled = await awardedOrder({ owner: listBuyer, maker: listFactory });
    expect(await step(listBuyer, cancelled, { intent: "cancel", comment: "Нет" })).toMatchObject({
      ok: true,
    });

    const now = new Date();
    const list = await listOrders(database.db, listBuyer, { state: null, now });
    expect(list.counts).toEqual({ "in-progress": 1, late: 0, delivered: 1, cancelled: 1 });
    expect(list.items.find((item) => item.id === open)).toMatchObject({
      step: "sample-send",
      owes: "factory",
      mine: false,
      otherSide: "Списочная фабрика",
      state: "in-progress",
    });
    const factoryList = await listOrders(database.db, listFactory, { state: "in-progress", now });
    expect(factoryList.items.find((item) => item.id === open)).toMatchObject({
      owes: "factory",
      mine: true,
    });

    // Eleven days on, the sample (planned in 10 days) is late, on both sides.
    const later = new Date(now.getTime() + 11 * 86_400_000);
    const late = await listOrders(database.db, listBuyer, { state: "late", now: later });
    expect(late.items.map((item) => item.id)).toContain(open);
    expect(late.items.every((item) => item.state === "late")).toBe(true);
    expect(
      (await listOrders(database.db, listFactory, { state: "late", now: later })).items.map(
        (i) => i.id,
      ),
    ).toContain(open);
    expect((await openOrder(database.db, listBuyer, open, later))?.state).toBe("late");
    // Strangers list nothing of it.
    expect(
      (await listOrders(database.db, otherBuyer, { state: null })).items.map((i) => i.id),
    ).not.toContain(open);
  });
});

describe("deleting an account", () => {
  it("keeps the other side's order, its history and files, naming nobody", async () => {
    const leaving = await insertPerson(database.db, "factory", "Уходящая фабрика", { factory: {} });
    const id = await awardedOrder({ maker: leaving });
    expect(
      await step(leaving, id, { intent: "sample-sent" }, [pdfFile("photo-set.pdf")]),
    ).toMatchObject({ ok: true });
    const file = (await openOrder(database.db, buyer, id))?.events[0]?.attachments[0];
    const removed = await deleteAccount(database.db, leaving);
    expect(removed).not.toContain(file?.url);
    const view = await openOrder(database.db, buyer, id);
    expect(view).toMatchObject({ factoryName: null, quoteId: null, step: "sample-review" });
    expect(view?.events[0]).toMatchObject({ kind: "sample-sent", actorName: null });
    const name = file?.url.slice("attachments/".length) ?? "";
    expect(await findOrderFile(database.db, buyer, id, name)).toMatchObject({ url: file?.url });
    // The buyer goes on alone: approving tells nobody, and is recorded.
    expect(await step(buyer, id, { intent: "sample-approved" })).toMatchObject({ ok: true });

    // And the buyer's own deletion keeps the factory's side.
    const leavingBuyer = await insertPerson(database.db, "buyer", "Уходящий покупатель");
    const second = await awardedOrder({ owner: leavingBuyer });
    await deleteAccount(database.db, leavingBuyer);
    expect(await openOrder(database.db, factory, second)).toMatchObject({
      buyerName: null,
      tenderId: null,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Reviews of delivered orders (decision 033; app/features/reviews/)

/** An order of `owner` and `maker` walked to 'delivered' (no sample). */
async function deliveredOrder(
  options: { owner?: InsertedPerson; maker?: InsertedPerson } = {},
): Promise<string> {
  const owner = options.owner ?? buyer;
  const maker = options.maker ?? factory;
  const id = await awardedOrder({ owner, maker, sample: false });
  expect(await step(maker, id, { intent: "production-started" })).toMatchObject({ ok: true });
  expect(
    await step(maker, id, { intent: "quality-passed" }, [pdfFile("inspection.pdf")]),
  ).toMatchObject({ ok: true });
  expect(
    await step(maker, id, { intent: "shipped", carrier: "DHL", trackingNumber: "T1" }),
  ).toMatchObject({ ok: true });
  expect(await step(owner, id, { intent: "delivered" })).toMatchObject({ ok: true });
  return id;
}

const reviewForm = (fields: Partial<Record<string, string>> = {}) =>
  form({
    intent: "review",
    quality: "5",
    communication: "4",
    onTime: "3",
    text: "Пошили аккуратно, упаковали хорошо.",
    ...(fields as Record<string, string>),
  });

async function factoryFigures(factoryId: string) {
  const [row] = await database.db
    .select({
      reviewCount: schema.factories.reviewCount,
      rating: schema.factories.rating,
      deliveredOrders: schema.factories.deliveredOrders,
      onTimeOrders: schema.factories.onTimeOrders,
      onTimePercent: schema.factories.onTimePercent,
    })
    .from(schema.factories)
    .where(eq(schema.factories.id, factoryId));
  return row;
}

describe("reviews", () => {
  it("are written once per delivered order, by its buyer only, and tell the factory", async () => {
    expect(STATUS_OF_KIND[REVIEW_PROBLEMS["not-delivered"]]).toBe(409);
    expect(STATUS_OF_KIND[REVIEW_PROBLEMS["not-buyer"]]).toBe(403);
    for (const problem of Object.keys(REVIEW_PROBLEMS).filter((p) => p !== "invalid")) {
      expect(m.reviews.problems).toHaveProperty(problem);
    }
    const maker = await insertPerson(database.db, "factory", "Фабрика с отзывами", {
      factory: {},
    });
    // Not before delivery.
    const open = await awardedOrder({ maker, sample: false });
    expect(await writeReview(as(buyer), { orderId: open, form: reviewForm() })).toMatchObject({
      ok: false,
      problem: "not-delivered",
    });
    const id = await deliveredOrder({ maker });
    // Not by the factory, another buyer, an admin (who reads the order), nor unknown orders.
    expect(await writeReview(as(maker), { orderId: id, form: reviewForm() })).toMatchObject({
      problem: "not-buyer",
    });
    expect(await writeReview(as(otherBuyer), { orderId: id, form: reviewForm() })).toMatchObject({
      problem: "not-found",
    });
    expect(await writeReview(as(admin), { orderId: id, form: reviewForm() })).toMatchObject({
      problem: "not-buyer",
    });
    expect(
      await writeReview(as(buyer), { orderId: "not-a-uuid", form: reviewForm() }),
    ).toMatchObject({ problem: "not-found" });
    // Bad marks and texts are said by their fields, in the request's language.
    const bad = await writeReview(as(buyer, "en"), {
      orderId: id,
      form: reviewForm({ quality: "6", text: " " }),
    });
    expect(bad).toMatchObject({ ok: false, problem: "invalid" });
    expect(bad.ok ? null : bad.fieldErrors).toMatchObject({
      quality: ["Choose a rating from 1 to 5"],
      text: ["Write your review"],
    });
    // Two posts at once: one review.
    const both = await Promise.all([
      writeReview(as(buyer), { orderId: id, form: reviewForm() }),
      writeReview(as(buyer), { orderId: id, form: reviewForm() }),
    ]);
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(both.find((outcome) => !outcome.ok)).toMatchObject({ problem: "already-reviewed" });
    expect((await noticesOf(maker.id, id)).map((n) => n.kind)).toContain("review-received");
    const part = await reviewOfOrder(database.db, buyer, id);
    expect(part).toMatchObject({
      mayWrite: false,
      review: { quality: 5, communication: 4, onTime: 3, answer: null, hidden: null },
    });
    expect(await reviewOfOrder(database.db, otherBuyer, id)).toBeNull();
  });

  it("get one public answer from the factory, which tells the buyer", async () => {
    const maker = await insertPerson(database.db, "factory", "Отвечающая фабрика", {
      factory: {},
    });
    const id = await deliveredOrder({ maker });
    const answer = (text: string) => form({ intent: "answer-review", answer: text });
    expect(await answerReview(as(maker), { orderId: id, form: answer("Спасибо!") })).toMatchObject({
      problem: "no-review",
    });
    expect(await writeReview(as(buyer), { orderId: id, form: reviewForm() })).toMatchObject({
      ok: true,
    });
    expect(await answerReview(as(buyer), { orderId: id, form: answer("Я сам") })).toMatchObject({
      problem: "not-factory",
    });
    expect(
      await answerReview(as(otherFactory), { orderId: id, form: answer("Чужой") }),
    ).toMatchObject({ problem: "not-found" });
    expect(await answerReview(as(maker), { orderId: id, form: answer("Спасибо!") })).toMatchObject({
      ok: true,
    });
    expect(await answerReview(as(maker), { orderId: id, form: answer("Еще раз") })).toMatchObject({
      problem: "already-answered",
    });
    expect((await noticesOf(buyer.id, id)).map((n) => n.kind)).toContain("review-answered");
    const page = await factoryReviews(database.db, maker.factoryId ?? "");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ answer: "Спасибо!", buyerName: expect.any(String) });
  });

  it("are hidden by an admin with a reason: gone from the page and the figures, both sides told", async () => {
    const maker = await insertPerson(database.db, "factory", "Фабрика со скрытым отзывом", {
      factory: {},
    });
    const first = await deliveredOrder({ maker });
    const second = await deliveredOrder({ maker });
    await writeReview(as(buyer), { orderId: first, form: reviewForm() });
    await writeReview(as(buyer), {
      orderId: second,
      form: reviewForm({ quality: "1", communication: "1", onTime: "1" }),
    });
    expect(await factoryFigures(maker.factoryId ?? "")).toMatchObject({
      reviewCount: 2,
      rating: 2.5,
    });
    const hide = (reason: string) => form({ intent: "hide-review", reason });
    expect(
      await hideReview(as(maker), { orderId: second, form: hide("Не нравится") }),
    ).toMatchObject({ problem: "not-admin" });
    expect(await hideReview(as(admin), { orderId: second, form: hide("") })).toMatchObject({
      problem: "invalid",
    });
    expect(
      await hideReview(as(admin), { orderId: second, form: hide("Оскорбления") }),
    ).toMatchObject({ ok: true });
    expect(await hideReview(as(admin), { orderId: second, form: hide("Еще раз") })).toMatchObject({
      problem: "review-hidden",
    });
    expect((await noticesOf(buyer.id, second)).map((n) => n.kind)).toContain("review-hidden");
    expect((await noticesOf(maker.id, second)).map((n) => n.kind)).toContain("review-hidden");
    expect(await factoryFigures(maker.factoryId ?? "")).toMatchObject({
      reviewCount: 1,
      rating: 4,
    });
    const page = await factoryReviews(database.db, maker.factoryId ?? "");
    expect(page.items.map((review) => review.orderId)).toEqual([first]);
    expect(page.reputation).toMatchObject({
      count: 1,
      averages: { quality: 5, communication: 4, onTime: 3 },
    });
    // The parties still see it on the order, with the reason; the factory cannot answer it.
    expect((await reviewOfOrder(database.db, buyer, second))?.review?.hidden).toMatchObject({
      reason: "Оскорбления",
    });
    expect(
      await answerReview(as(maker), {
        orderId: second,
        form: form({ intent: "answer-review", answer: "Ок" }),
      }),
    ).toMatchObject({ problem: "review-hidden" });
  });

  it("count the on-time share of delivered orders, by the planned delivery date", async () => {
    const maker = await insertPerson(database.db, "factory", "Фабрика в срок", { factory: {} });
    const onTime = await deliveredOrder({ maker });
    const late = await deliveredOrder({ maker });
    await awardedOrder({ maker }); // open: not counted
    expect(await factoryFigures(maker.factoryId ?? "")).toMatchObject({
      deliveredOrders: 2,
      onTimeOrders: 2,
      onTimePercent: 100,
    });
    // Planned a day before the delivery happened: late (the triggers recount on the change).
    await database.db
      .update(schema.orders)
      .set({ deliveryPlannedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(schema.orders.id, late));
    expect(await factoryFigures(maker.factoryId ?? "")).toMatchObject({
      deliveredOrders: 2,
      onTimeOrders: 1,
      onTimePercent: 50,
    });
    void onTime;
    // The directory filters by it and sorts by rating.
    const { listFactories } = await import("~/features/factories/factories.server");
    await database.db
      .update(schema.factories)
      .set({ name: "Фабрика в срок", country: "kg", categories: ["sewing"] })
      .where(eq(schema.factories.id, maker.factoryId ?? ""));
    const at = async (ontime: string) =>
      (await listFactories(database.db, { ontime })).items.map((card) => card.id);
    expect(await at("50")).toContain(maker.factoryId);
    expect(await at("75")).not.toContain(maker.factoryId);
    // A bad value is ignored (all factories), never an error.
    expect(
      (await listFactories(database.db, { ontime: "abc", sort: "nonsense" })).filters,
    ).not.toHaveProperty("minOnTime");
    await writeReview(as(buyer), {
      orderId: onTime,
      form: reviewForm({ quality: "5", communication: "5", onTime: "5" }),
    });
    const rated = await listFactories(database.db, { sort: "rating" });
    expect(rated.items[0]).toMatchObject({ id: maker.factoryId, rating: 5, reviewCount: 1 });
  });

  it("stay on the factory's page when the buyer's account is deleted, by 'Удаленный пользователь'", async () => {
    const maker = await insertPerson(database.db, "factory", "Фабрика после удаления", {
      factory: {},
    });
    const leaving = await insertPerson(database.db, "buyer", "Уходящий рецензент");
    const id = await deliveredOrder({ owner: leaving, maker });
    expect(await writeReview(as(leaving), { orderId: id, form: reviewForm() })).toMatchObject({
      ok: true,
    });
    await deleteAccount(database.db, leaving);
    const page = await factoryReviews(database.db, maker.factoryId ?? "");
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ buyerName: null, text: expect.any(String) });
    expect(page.reputation.count).toBe(1);
    // The factory still answers it (the buyer is not told: there is nobody).
    expect(
      await answerReview(as(maker), {
        orderId: id,
        form: form({ intent: "answer-review", answer: "Спасибо" }),
      }),
    ).toMatchObject({ ok: true });
    // And the factory's own deletion takes its reviews with it.
    await deleteAccount(database.db, maker);
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.reviews)
      .where(eq(schema.reviews.orderId, id));
    expect(Number(left?.n)).toBe(0);
  });
});
