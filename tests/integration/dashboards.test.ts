// The dashboards' figures (issue 30, item 4; docs/decisions/035-dashboards.md): made-up orders,
// quotes and messages with known counts and medians, at a fixed `now`, read by the service as the
// factory and as the buyer: orders by state (the lists' definition), the late stages (most overdue
// first, who owes them, at most five), quotes by month over 12 months (withdrawn ones and a
// blocked side left out), the median time to the first answer (messages before the opening and
// conversations opened before the period ignored), the empty figures of a new account; then the
// pages: who may open /buyer-dashboard (and /en/…), and the factory's dashboard with its figures.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { plannedDates } from "~/domain/orders";
import {
  DASHBOARD_MONTHS,
  dashboardFigures,
  dashboardMonths,
  LATE_STAGES_SHOWN,
} from "~/features/dashboards/dashboards.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import * as buyerDashboardRoute from "~/routes/buyer-dashboard";
import * as factoryDashboardRoute from "~/routes/factory-dashboard";
import type { OrderStep } from "~db/schema";
import type { Person } from "../support/app-harness";
import { testApp } from "../support/per-file";

const app = testApp();

const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

let buyer: Person;
let factory: Person;
let otherFactory: Person;
let blockedFactory: Person;
let busyBuyer: Person;
let newBuyer: Person;
let newFactory: Person;
const factoryIds = new Map<string, string>();

async function withFactory(person: Person) {
  const [row] = await app.db
    .insert(schema.factories)
    .values({ userId: person.id, name: person.name })
    .returning({ id: schema.factories.id });
  factoryIds.set(person.id, row?.id as string);
}

/** An order of `owner` with `maker` at `step`, its due step planned `dueInDays` from NOW. */
async function order(owner: Person, maker: Person, step: OrderStep, dueInDays = 30) {
  const planned = plannedDates(new Date(NOW.getTime() - 60 * DAY), {
    sampleAvailable: true,
    sampleDays: 10,
    leadTimeDays: 30,
  });
  const due = new Date(NOW.getTime() + dueInDays * DAY);
  const column = {
    "sample-send": "samplePlannedAt",
    "sample-review": "samplePlannedAt",
    production: "productionPlannedAt",
    quality: "qualityPlannedAt",
    shipping: "shippingPlannedAt",
    delivery: "deliveryPlannedAt",
  } as const;
  const [row] = await app.db
    .insert(schema.orders)
    .values({
      buyerId: owner.id,
      factoryUserId: maker.id,
      factoryId: factoryIds.get(maker.id),
      tenderTitle: `Заказ ${step} ${dueInDays}`,
      factoryName: maker.name,
      buyerName: owner.name,
      unitPrice: 5,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 30,
      sampleAvailable: true,
      step,
      ...planned,
      ...(step in column ? { [column[step as keyof typeof column]]: due } : {}),
    })
    .returning({ id: schema.orders.id });
  return row?.id as string;
}

/** A tender of `owner` with one quote of `maker`, made at `createdAt`. */
async function quote(
  owner: Person,
  maker: Person,
  createdAt: string,
  status: "submitted" | "accepted" | "declined" | "withdrawn" = "submitted",
) {
  const [tender] = await app.db
    .insert(schema.tenders)
    .values({ userId: owner.id, title: `Тендер ${createdAt}`, createdAt: at(createdAt) })
    .returning({ id: schema.tenders.id });
  const [row] = await app.db
    .insert(schema.quotes)
    .values({
      tenderId: tender?.id as string,
      factoryId: factoryIds.get(maker.id) as string,
      userId: maker.id,
      unitPrice: 4,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 20,
      validUntil: new Date(at(createdAt).getTime() + 30 * DAY),
      status,
      createdAt: at(createdAt),
    })
    .returning({ id: schema.quotes.id });
  return row?.id as string;
}

async function message(quoteId: string, sender: Person, createdAt: string) {
  await app.db
    .insert(schema.quoteMessages)
    .values({ quoteId, senderId: sender.id, body: "Сообщение", createdAt: at(createdAt) });
}

const figuresOf = async (person: Person) =>
  dashboardFigures(app.db, (await app.userOf(person)) as CurrentUser, NOW);

beforeAll(async () => {
  buyer = await app.signUp("buyer", "Покупатель Сводки");
  factory = await app.signUp("factory", "Фабрика Сводки");
  otherFactory = await app.signUp("factory", "Другая Фабрика Сводки");
  blockedFactory = await app.signUp("factory", "Заблокированная Фабрика Сводки");
  busyBuyer = await app.signUp("buyer", "Покупатель С Просрочками");
  newBuyer = await app.signUp("buyer", "Новый Покупатель");
  newFactory = await app.signUp("factory", "Новая Фабрика");
  for (const person of [factory, otherFactory, blockedFactory, newFactory]) {
    await withFactory(person);
  }

  // Orders of the buyer with the factory: two in progress, two late, one delivered, one cancelled.
  await order(buyer, factory, "production", -3); // late 3 days, the factory's step
  await order(buyer, factory, "delivery", -10); // late 10 days, the buyer's step
  await order(buyer, factory, "sample-send", 5);
  await order(buyer, factory, "quality", 1);
  await order(buyer, factory, "delivered");
  await order(buyer, factory, "cancelled");
  // A late order with a factory that gets blocked: on nobody's dashboard.
  await order(buyer, blockedFactory, "shipping", -20);
  // Six late orders of another pair: five are listed, the count says six.
  for (let days = 1; days <= 6; days++) await order(busyBuyer, otherFactory, "quality", -days);

  // Quotes of the factory on the buyer's tenders (months from 2025-07 to 2026-06).
  const q1 = await quote(buyer, factory, "2026-06-02T00:00:00Z", "accepted");
  const q2 = await quote(buyer, factory, "2026-06-10T00:00:00Z");
  const q3 = await quote(buyer, factory, "2026-04-20T00:00:00Z", "declined");
  const q4 = await quote(buyer, factory, "2026-04-21T00:00:00Z", "accepted");
  await quote(buyer, factory, "2026-04-22T00:00:00Z", "withdrawn");
  const q6 = await quote(buyer, factory, "2025-06-30T12:00:00Z"); // before the 12 months
  await quote(buyer, factory, "2025-07-01T00:00:00Z"); // the first of the 12 months
  const q8 = await quote(buyer, factory, "2026-05-20T00:00:00Z");
  await quote(buyer, otherFactory, "2026-05-05T00:00:00Z");
  const blocked = await quote(buyer, blockedFactory, "2026-06-01T00:00:00Z");

  // The factory answers the buyer's first message in 30 min, 2 h and 24 h.
  await message(q1, buyer, "2026-06-03T10:00:00Z");
  await message(q1, factory, "2026-06-03T10:30:00Z");
  await message(q2, buyer, "2026-06-10T12:00:00Z");
  await message(q2, factory, "2026-06-10T14:00:00Z");
  await message(q2, factory, "2026-06-10T15:00:00Z");
  await message(q2, buyer, "2026-06-10T16:00:00Z");
  await message(q3, buyer, "2026-04-21T00:00:00Z");
  await message(q3, factory, "2026-04-22T00:00:00Z");
  // q4: the factory wrote before the buyer and not after: unanswered (accepted: not waiting).
  await message(q4, factory, "2026-04-24T00:00:00Z");
  await message(q4, buyer, "2026-04-25T00:00:00Z");
  // q6: opened before the period, answered 100 days later: left out.
  await message(q6, buyer, "2025-06-30T13:00:00Z");
  await message(q6, factory, "2025-10-08T13:00:00Z");
  // q8: the buyer wrote a day after the quote, the factory has not answered (waiting).
  await message(q8, buyer, "2026-05-21T00:00:00Z");
  // The blocked factory's conversation counts for nobody.
  await message(blocked, buyer, "2026-06-01T00:10:00Z");

  await app.db
    .update(schema.users)
    .set({ banned: true })
    .where(eq(schema.users.id, blockedFactory.id));
});

describe("the factory's figures", () => {
  it("count its orders by the lists' states and list the late stages, most overdue first", async () => {
    const figures = await figuresOf(factory);
    expect(figures.side).toBe("factory");
    expect(figures.orders).toEqual({ "in-progress": 2, late: 2, delivered: 1, cancelled: 1 });
    expect(
      figures.late.map(({ step, owes, mine, daysLate, otherSide }) => ({
        step,
        owes,
        mine,
        daysLate,
        otherSide,
      })),
    ).toEqual([
      { step: "delivery", owes: "buyer", mine: false, daysLate: 10, otherSide: buyer.name },
      { step: "production", owes: "factory", mine: true, daysLate: 3, otherSide: buyer.name },
    ]);
  });

  it("count quotes sent and won by month over 12 months, without withdrawn ones", async () => {
    const { quotes } = await figuresOf(factory);
    expect(quotes.months.map((m) => m.month)).toEqual(dashboardMonths(NOW));
    expect(quotes.months).toHaveLength(DASHBOARD_MONTHS);
    expect(quotes.months[0]?.month).toBe("2025-07");
    const shown = Object.fromEntries(
      quotes.months.filter((m) => m.quotes > 0).map((m) => [m.month, [m.quotes, m.accepted]]),
    );
    expect(shown).toEqual({
      "2025-07": [1, 0],
      "2026-04": [2, 1],
      "2026-05": [1, 0],
      "2026-06": [2, 1],
    });
    expect([quotes.total, quotes.accepted]).toEqual([6, 2]);
  });

  it("take the median of its first answers to the buyer's first message", async () => {
    const { answers } = await figuresOf(factory);
    // 30 min, 2 h, 24 h → 2 h; q8 waits; q4 (accepted) and q6 (before the period) do not count.
    expect(answers).toEqual({ medianSeconds: 2 * 3600, answered: 3, waiting: 1 });
  });
});

describe("the buyer's figures", () => {
  it("count the same orders from the buyer's side, without the blocked factory's", async () => {
    const figures = await figuresOf(buyer);
    expect(figures.side).toBe("buyer");
    expect(figures.orders).toEqual({ "in-progress": 2, late: 2, delivered: 1, cancelled: 1 });
    expect(figures.late.map(({ step, mine }) => [step, mine])).toEqual([
      ["delivery", true],
      ["production", false],
    ]);
    expect(figures.late[0]?.otherSide).toBe(factory.name);
  });

  it("count quotes received and accepted, from every factory not blocked", async () => {
    const { quotes } = await figuresOf(buyer);
    const may = quotes.months.find((m) => m.month === "2026-05");
    expect(may).toEqual({ month: "2026-05", quotes: 2, accepted: 0 });
    expect(quotes.months.find((m) => m.month === "2026-06")).toEqual({
      month: "2026-06",
      quotes: 2,
      accepted: 1,
    });
    expect([quotes.total, quotes.accepted]).toEqual([7, 2]);
  });

  it("take the median of its first messages after each quote", async () => {
    const { answers } = await figuresOf(buyer);
    // 34 h, 12 h, 24 h, 4 days, 24 h → 24 h; waiting: the first month's quote and the other
    // factory's, both still open and unanswered.
    expect(answers).toEqual({ medianSeconds: 24 * 3600, answered: 5, waiting: 2 });
  });

  it("list at most five late stages, and count them all", async () => {
    const figures = await figuresOf(busyBuyer);
    expect(figures.orders.late).toBe(6);
    expect(figures.late).toHaveLength(LATE_STAGES_SHOWN);
    expect(figures.late.map((stage) => stage.daysLate)).toEqual([6, 5, 4, 3, 2]);
  });
});

describe("a new account", () => {
  it("has empty figures on either side", async () => {
    for (const person of [newBuyer, newFactory]) {
      const figures = await figuresOf(person);
      expect(figures.orders).toEqual({ "in-progress": 0, late: 0, delivered: 0, cancelled: 0 });
      expect(figures.late).toEqual([]);
      expect(figures.quotes.total).toBe(0);
      expect(figures.quotes.months.every((m) => m.quotes === 0 && m.accepted === 0)).toBe(true);
      expect(figures.answers).toEqual({ medianSeconds: null, answered: 0, waiting: 0 });
    }
  });
});

describe("the pages", () => {
  it("/buyer-dashboard: a visitor is asked to sign in, a factory is refused, a buyer sees it", async () => {
    for (const path of ["/buyer-dashboard", "/en/buyer-dashboard"]) {
      const visitor = await app.get(buyerDashboardRoute.loader, path);
      expect([visitor.status, visitor.data]).toEqual([401, { state: "anonymous" }]);
      const asFactory = await app.get(buyerDashboardRoute.loader, path, { as: factory });
      expect([asFactory.status, asFactory.data]).toEqual([403, { state: "not-buyer" }]);
      const page = await app.get(buyerDashboardRoute.loader, path, { as: buyer });
      expect(page.status).toBe(200);
      const data = page.data as { state: string; figures: { side: string; orders: object } };
      expect(data.state).toBe("ready");
      expect(data.figures.side).toBe("buyer");
      // Time-independent states (the others move with today's date).
      expect(data.figures.orders).toMatchObject({ delivered: 1, cancelled: 1 });
    }
  });

  it("/factory-dashboard: a factory sees its figures, a buyer is still refused", async () => {
    const page = await app.get(factoryDashboardRoute.loader, "/factory-dashboard", {
      as: factory,
    });
    expect(page.status).toBe(200);
    const data = page.data as { figures: { side: string; orders: object } | null };
    expect(data.figures?.side).toBe("factory");
    expect(data.figures?.orders).toMatchObject({ delivered: 1, cancelled: 1 });
    const asBuyer = await app.get(factoryDashboardRoute.loader, "/factory-dashboard", {
      as: buyer,
    });
    expect([asBuyer.status, asBuyer.data]).toEqual([403, { state: "not-factory" }]);
  });
});
