// Orders after the award (issue 30, decision 032; app/features/orders/): the order made with the
// accepted quote and its terms, the steps done only by their side and only in order (two sample
// rounds), nothing after delivery or a cancellation, no cancelling after shipping, the files
// (types, count, a report PDF for the quality check), strangers and admins, the lists by state
// (late), notifications for the other side, and the history kept when an account is deleted.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_STORAGE_LIMITS } from "~/domain/limits";
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
import {
  doAnswerProposal,
  doFlagDispute,
  doProposeTerms,
  doResolveDispute,
  listDisputes,
  openDisputeCount,
} from "~/features/orders/terms.server";
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
import { attachmentStorageProblem } from "~/platform/attachment-storage.server";
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

// ---------------------------------------------------------------------------------------------
// Decision 034: the terms changed by agreement, disputes, the order files in the storage quotas

const propose = (
  actor: CurrentUser,
  orderId: string,
  fields: Record<string, string>,
  locale: "ru" | "en" = "ru",
) =>
  doProposeTerms(as(actor, locale), {
    orderId,
    form: form({ intent: "propose-terms", ...fields }),
  });
const answer = (
  actor: CurrentUser,
  orderId: string,
  intent: "accept-terms" | "decline-terms" | "withdraw-terms",
  proposalId: string,
) => doAnswerProposal(as(actor), { orderId, form: form({ intent, proposalId }) });
const day = (date: Date, days: number) =>
  new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe("the terms change by agreement", () => {
  it("one side proposes, the other accepts: applied to the order, told, kept in the history", async () => {
    const id = await awardedOrder();
    const before = await orderRow(id);
    const production = day(before.productionPlannedAt, 5);
    const proposed = await propose(factory, id, {
      unitPrice: "4,2",
      quantity: "500", // as it is: not a change
      productionPlannedAt: production,
      comment: "Ткань подешевела, но нужна лишняя неделя",
    });
    expect(proposed).toMatchObject({ ok: true });
    if (!proposed.ok) return;
    // Nothing applied yet; the buyer sees it open and may answer, the factory may withdraw.
    expect(Number((await orderRow(id)).unitPrice)).toBe(4.5);
    const seen = await openOrder(database.db, buyer, id);
    expect(seen?.agreement.open).toMatchObject({
      mayAnswer: true,
      mayWithdraw: false,
      proposal: {
        side: "factory",
        state: "open",
        changes: {
          unitPrice: { from: 4.5, to: 4.2 },
          productionPlannedAt: { from: before.productionPlannedAt.toISOString() },
        },
      },
    });
    expect(Object.keys(seen?.agreement.open?.proposal.changes ?? {})).toEqual([
      "unitPrice",
      "productionPlannedAt",
    ]);
    expect((await openOrder(database.db, factory, id))?.agreement.open).toMatchObject({
      mayAnswer: false,
      mayWithdraw: true,
    });
    expect((await openOrder(database.db, admin, id))?.agreement).toMatchObject({
      mayPropose: false,
      mayFlag: false,
      open: { mayAnswer: false, mayWithdraw: false },
    });
    // One open at a time; nobody answers their own, only the proposer withdraws.
    expect(await propose(buyer, id, { quantity: "600" })).toMatchObject({
      ok: false,
      problem: "proposal-open",
    });
    expect(await answer(factory, id, "accept-terms", proposed.value.id)).toMatchObject({
      ok: false,
      problem: "own-proposal",
    });
    expect(await answer(buyer, id, "withdraw-terms", proposed.value.id)).toMatchObject({
      ok: false,
      problem: "not-proposer",
    });
    expect(await answer(otherBuyer, id, "accept-terms", proposed.value.id)).toMatchObject({
      ok: false,
      problem: "not-found",
    });
    expect(await answer(admin, id, "accept-terms", proposed.value.id)).toMatchObject({
      ok: false,
      problem: "read-only",
    });
    expect(await answer(buyer, id, "accept-terms", crypto.randomUUID())).toMatchObject({
      ok: false,
      problem: "proposal-gone",
    });

    expect(await answer(buyer, id, "accept-terms", proposed.value.id)).toMatchObject({
      ok: true,
      value: { state: "accepted" },
    });
    const after = await orderRow(id);
    expect(Number(after.unitPrice)).toBe(4.2);
    expect(after.productionPlannedAt.toISOString().slice(0, 10)).toBe(production);
    expect(after.quantity).toBe(500);
    // Accepted once: a second answer finds nothing open.
    expect(await answer(buyer, id, "decline-terms", proposed.value.id)).toMatchObject({
      ok: false,
      problem: "proposal-gone",
    });
    expect((await noticesOf(buyer.id, id)).map((n) => n.kind)).toEqual(["order-terms-proposed"]);
    expect((await noticesOf(factory.id, id)).map((n) => n.kind)).toEqual(["order-terms-accepted"]);
    const view = await openOrder(database.db, buyer, id);
    expect(view?.unitPrice).toBe(4.2);
    expect(view?.agreement.open).toBeNull();
    expect(view?.agreement.proposals).toMatchObject([
      {
        side: "factory",
        state: "accepted",
        proposerName: "Фабрика заказов",
        comment: "Ткань подешевела, но нужна лишняя неделя",
      },
    ]);
    expect(view?.agreement.proposals[0]?.answeredAt).not.toBeNull();
  });

  it("may be declined or withdrawn, changing nothing; refuses no change, past and disordered dates, closed terms", async () => {
    const id = await awardedOrder();
    const row = await orderRow(id);
    const declined = await propose(buyer, id, { quantity: "800", currency: "EUR" });
    if (!declined.ok) throw new Error(JSON.stringify(declined));
    expect(await answer(factory, id, "decline-terms", declined.value.id)).toMatchObject({
      ok: true,
    });
    const withdrawn = await propose(buyer, id, { leadTimeDays: "40" });
    if (!withdrawn.ok) throw new Error(JSON.stringify(withdrawn));
    expect(await answer(buyer, id, "withdraw-terms", withdrawn.value.id)).toMatchObject({
      ok: true,
    });
    const after = await orderRow(id);
    expect([after.quantity, after.currency, after.leadTimeDays]).toEqual([500, "USD", 30]);
    expect((await noticesOf(buyer.id, id)).map((n) => n.kind)).toEqual(["order-terms-declined"]);
    expect((await noticesOf(factory.id, id)).map((n) => n.kind).sort()).toEqual([
      "order-terms-proposed",
      "order-terms-proposed",
      "order-terms-withdrawn",
    ]);
    expect(
      (await openOrder(database.db, factory, id))?.agreement.proposals.map((p) => p.state),
    ).toEqual(["declined", "withdrawn"]);

    // The terms as they are: nothing to propose.
    expect(await propose(buyer, id, { quantity: "500", unitPrice: "4.50" })).toMatchObject({
      ok: false,
      problem: "no-change",
    });
    expect(await propose(buyer, id, {})).toMatchObject({ ok: false, problem: "no-change" });
    // A date in the past; a stage before the one before it.
    const past = await propose(buyer, id, { deliveryPlannedAt: day(new Date(), -2) });
    expect(past).toMatchObject({ ok: false, problem: "invalid" });
    expect(!past.ok && past.fieldErrors?.deliveryPlannedAt).toEqual([m.orders.errors.dateInPast]);
    const disordered = await propose(buyer, id, {
      shippingPlannedAt: day(row.productionPlannedAt, -1),
    });
    expect(!disordered.ok && disordered.fieldErrors?.shippingPlannedAt).toEqual([
      m.orders.errors.datesOutOfOrder,
    ]);
    // In English too.
    const english = await propose(buyer, id, { deliveryPlannedAt: "2026-02-31" }, "en");
    expect(!english.ok && english.fieldErrors?.deliveryPlannedAt).toEqual(["Enter a date"]);
    // Once the sample is approved its date is history: not open to change.
    await step(factory, id, { intent: "sample-sent" }, [await photo()]);
    await step(buyer, id, { intent: "sample-approved" });
    const closed = await propose(factory, id, { samplePlannedAt: day(new Date(), 3) });
    expect(!closed.ok && closed.fieldErrors?.samplePlannedAt).toEqual([m.orders.errors.termClosed]);
    expect((await openOrder(database.db, buyer, id))?.agreement.changeable).not.toContain(
      "samplePlannedAt",
    );
  });

  it("cannot change after delivery or cancellation; an open proposal lapses then", async () => {
    const id = await awardedOrder({ sample: false });
    const open = await propose(factory, id, { unitPrice: "5" });
    if (!open.ok) throw new Error(JSON.stringify(open));
    for (const [who, intent, extra] of [
      [factory, "production-started", {}],
      [factory, "quality-passed", {}],
      [factory, "shipped", { carrier: "СДЭК", trackingNumber: "1" }],
      [buyer, "delivered", {}],
    ] as const) {
      const files = intent === "quality-passed" ? [pdfFile()] : [];
      expect(await step(who, id, { intent, ...extra }, files)).toMatchObject({ ok: true });
    }
    const view = await openOrder(database.db, buyer, id);
    expect(view?.agreement).toMatchObject({ open: null, mayPropose: false, changeable: [] });
    expect(view?.agreement.proposals.map((p) => p.state)).toEqual(["lapsed"]);
    expect(await answer(buyer, id, "accept-terms", open.value.id)).toMatchObject({
      ok: false,
      problem: "proposal-gone",
    });
    expect(await propose(buyer, id, { quantity: "10" })).toMatchObject({
      ok: false,
      problem: "terms-closed",
    });
    expect(Number((await orderRow(id)).unitPrice)).toBe(4.5);

    const cancelled = await awardedOrder();
    await step(buyer, cancelled, { intent: "cancel", comment: "Передумали" });
    expect(await propose(factory, cancelled, { quantity: "10" })).toMatchObject({
      ok: false,
      problem: "terms-closed",
    });
  });

  it("holds under two proposals at once: one is stored", async () => {
    const id = await awardedOrder();
    const results = await Promise.all([
      propose(buyer, id, { quantity: "700" }),
      propose(factory, id, { quantity: "900" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ problem: "proposal-open" });
  });
});

describe("disputes", () => {
  it("either side flags the order with a reason; an admin sees it and resolves it; both are told", async () => {
    const id = await awardedOrder();
    const reason = "Фабрика не отвечает две недели";
    expect(
      await doFlagDispute(as(buyer), { orderId: id, form: form({ intent: "flag-dispute" }) }),
    ).toMatchObject({ ok: false, problem: "invalid" });
    const flagged = await doFlagDispute(as(buyer), {
      orderId: id,
      form: form({ intent: "flag-dispute", reason }),
    });
    expect(flagged).toMatchObject({ ok: true });
    // One open dispute per order, from either side.
    expect(
      await doFlagDispute(as(factory), {
        orderId: id,
        form: form({ intent: "flag-dispute", reason: "Встречная" }),
      }),
    ).toMatchObject({ ok: false, problem: "dispute-open" });
    for (const who of [otherBuyer, otherFactory]) {
      expect(
        await doFlagDispute(as(who), {
          orderId: id,
          form: form({ intent: "flag-dispute", reason }),
        }),
      ).toMatchObject({ ok: false, problem: "not-found" });
    }
    // Both parties see it open.
    for (const who of [buyer, factory]) {
      expect((await openOrder(database.db, who, id))?.agreement).toMatchObject({
        mayFlag: false,
        openDispute: { side: "buyer", reason, state: "open" },
      });
    }
    expect((await noticesOf(factory.id, id)).map((n) => n.kind)).toEqual(["order-dispute-opened"]);

    // The admins' list has it, open first; a non-admin has no list and resolves nothing.
    const list = await listDisputes(database.db, admin);
    expect(list?.items[0]).toMatchObject({ orderId: id, state: "open", side: "buyer", reason });
    expect(await openDisputeCount(database.db)).toBeGreaterThanOrEqual(1);
    expect(await listDisputes(database.db, buyer)).toBeNull();
    if (!flagged.ok) return;
    const resolveForm = (resolution: string, disputeId = flagged.value.id) =>
      form({ intent: "resolve-dispute", disputeId, resolution });
    expect(await doResolveDispute(as(buyer), { form: resolveForm("Сам решил") })).toMatchObject({
      ok: false,
      problem: "admins-only",
    });
    expect(await doResolveDispute(as(admin), { form: resolveForm("") })).toMatchObject({
      ok: false,
      problem: "invalid",
    });
    expect(
      await doResolveDispute(as(admin), { form: resolveForm("Нет", crypto.randomUUID()) }),
    ).toMatchObject({ ok: false, problem: "no-dispute" });
    const resolution = "Фабрика подтвердила сроки письменно";
    expect(await doResolveDispute(as(admin), { form: resolveForm(resolution) })).toMatchObject({
      ok: true,
      value: { orderId: id },
    });
    expect(await doResolveDispute(as(admin), { form: resolveForm(resolution) })).toMatchObject({
      ok: false,
      problem: "no-dispute",
    });
    for (const who of [buyer, factory]) {
      expect((await noticesOf(who.id, id)).map((n) => n.kind)).toContain("order-dispute-resolved");
    }
    const view = await openOrder(database.db, factory, id);
    expect(view?.agreement).toMatchObject({
      mayFlag: true,
      openDispute: null,
      disputes: [{ state: "resolved", resolution, raisedByName: "Покупатель заказов" }],
    });
    // The order itself is unchanged by the dispute.
    expect(view?.step).toBe("sample-send");
  });
});

describe("order files in the storage quotas", () => {
  const MB = 1024 * 1024;
  const bigFiles = (bytes: number) => [
    {
      url: `attachments/${crypto.randomUUID()}.pdf`,
      name: "old.pdf",
      kind: "pdf" as const,
      size: bytes,
    },
  ];

  it("keep one order within the conversation's limit, and count to the account of who sent them", async () => {
    const quotaFactory = await insertPerson(database.db, "factory", "Фабрика с архивом", {
      factory: {},
    });
    const id = await awardedOrder({ maker: quotaFactory });
    // The buyer's earlier files fill the order all but 1 MB (the order's room is shared).
    await database.db.insert(schema.orderEvents).values({
      orderId: id,
      kind: "sample-returned",
      actorId: buyer.id,
      comment: "Старое",
      attachments: bigFiles(ATTACHMENT_STORAGE_LIMITS.perConversation - MB),
    });
    const before = filesUnder(storageDir).length;
    // A real PDF of 2 MB: its header and trailer are checked.
    const pdf = new File(
      [
        `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${"0".repeat(2 * MB)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
      ],
      "report.pdf",
      { type: "application/pdf" },
    );
    expect(await step(quotaFactory, id, { intent: "sample-sent" }, [pdf])).toMatchObject({
      ok: false,
      problem: "order-storage-full",
    });
    expect(filesUnder(storageDir)).toHaveLength(before);
    expect((await orderRow(id)).step).toBe("sample-send");
    expect(STATUS_OF_KIND[ORDER_PROBLEMS["order-storage-full"]]).toBe(413);
    // Without files the step goes.
    expect(await step(quotaFactory, id, { intent: "sample-sent" })).toMatchObject({ ok: true });

    // The account: its order files count with its quotes and messages.
    const second = await awardedOrder({ maker: quotaFactory, sample: false });
    await database.db.insert(schema.orderEvents).values({
      orderId: second,
      kind: "production-started",
      actorId: quotaFactory.id,
      attachments: bigFiles(ATTACHMENT_STORAGE_LIMITS.perAccount - MB),
    });
    const third = await awardedOrder({ maker: quotaFactory, sample: false });
    await step(quotaFactory, third, { intent: "production-started" });
    expect(await step(quotaFactory, third, { intent: "quality-passed" }, [pdf])).toMatchObject({
      ok: false,
      problem: "account-storage-full",
    });
    // And the quotes' check counts them too: a message with 2 MB is refused for this account.
    const held = await attachmentStorageProblem(
      database.db,
      quotaFactory.id,
      null,
      bigFiles(2 * MB),
    );
    expect(held).toBe("account-storage-full");
    // The buyer's own room is untouched by the factory's files.
    expect(
      await attachmentStorageProblem(database.db, otherBuyer.id, null, bigFiles(2 * MB)),
    ).toBeNull();
  });
});

describe("deleting an account with proposals and disputes", () => {
  it("keeps them for the other side, naming nobody", async () => {
    const leaving = await insertPerson(database.db, "factory", "Фабрика уходит", { factory: {} });
    const id = await awardedOrder({ maker: leaving });
    const proposed = await propose(leaving, id, { quantity: "600" });
    if (!proposed.ok) throw new Error(JSON.stringify(proposed));
    // The proposer answers its own proposal (withdraws it): the row names the account twice.
    expect(await answer(leaving, id, "withdraw-terms", proposed.value.id)).toMatchObject({
      ok: true,
    });
    expect(
      await doFlagDispute(as(leaving), {
        orderId: id,
        form: form({ intent: "flag-dispute", reason: "Спор" }),
      }),
    ).toMatchObject({ ok: true });
    await deleteAccount(database.db, leaving);
    const view = await openOrder(database.db, buyer, id);
    expect(view?.agreement.proposals).toMatchObject([{ state: "withdrawn", proposerName: null }]);
    expect(view?.agreement.disputes).toMatchObject([{ state: "open", raisedByName: null }]);
  });
});

describe("letters about terms and disputes", () => {
  it("tell the other side of a proposal, and both sides of a resolution, by email", async () => {
    const letterBuyer = await insertPerson(database.db, "buyer", "Покупатель писем");
    const letterFactory = await insertPerson(database.db, "factory", "Фабрика писем", {
      factory: {},
    });
    const id = await awardedOrder({ owner: letterBuyer, maker: letterFactory });
    expect(await propose(letterFactory, id, { quantity: "550" })).toMatchObject({ ok: true });
    const dataDir = tempDir("fabricum-terms-letters-");
    const mailer = createMailer({ dataDir, SMTP_URL: undefined, MAIL_FROM: "x@y.z" });
    const send = () =>
      sendNotificationEmails({
        db: database.db,
        mailer,
        env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
      });
    await send();
    const proposed = await latestMessageTo(dataDir, letterBuyer.email);
    expect(proposed?.subject).toMatch(/^Предложено изменить условия: «Футболки /);
    expect(proposed?.text).toContain(`https://fabricum.test/orders/${id}`);
    expect(proposed?.text).toContain("Фабрика писем");

    const flagged = await doFlagDispute(as(letterBuyer), {
      orderId: id,
      form: form({ intent: "flag-dispute", reason: "Сроки" }),
    });
    if (!flagged.ok) throw new Error(JSON.stringify(flagged));
    await doResolveDispute(as(admin), {
      form: form({ intent: "resolve-dispute", disputeId: flagged.value.id, resolution: "Решено" }),
    });
    await send();
    for (const who of [letterBuyer, letterFactory]) {
      const letter = await latestMessageTo(dataDir, who.email);
      expect(letter?.subject, who.email).toMatch(/^Спор решен: «Футболки /);
      expect(letter?.text).toContain(`https://fabricum.test/orders/${id}`);
    }
  });
});
