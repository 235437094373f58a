// The authorisation matrix of orders (issue 30, decision 032; docs/guides/permissions.md): every
// write of an order (each step's intent and 'cancel') tried through the route action and through
// the service by each actor: a visitor, another buyer, another factory, the order's buyer, the
// order's factory, an admin, and a blocked party. Each attempt is made on a fresh order standing
// at the step the intent needs, so that exactly the side it belongs to succeeds; a refused attempt
// must leave the order, its events and the notifications as they were. The matrix is printed.
// Decision 034 adds proposing a change of terms, accepting, declining and withdrawing it,
// flagging a dispute (the two parties) and resolving it (an admin, on /admin/disputes).
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_ACTIONS, type OrderAction } from "~/domain/orders";
import { isStorageKey, keyFromUrl } from "~/domain/uploads";
import { recordOrderEvent } from "~/features/orders/orders.server";
import {
  answerProposal,
  flagDispute,
  proposeTerms,
  resolveDispute,
} from "~/features/orders/terms.server";
import { acceptQuote } from "~/features/quotes/quotes.server";
import { schema } from "~/platform/db.server";
import * as adminDisputesRoute from "~/routes/admin-disputes";
import * as orderRoute from "~/routes/order";
import type { OrderStep } from "~db/schema";
import type { Person } from "../support/app-harness";
import { testApp } from "../support/per-file";
import { pdfFile } from "../support/quote-forms";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();

type Actor =
  | "visitor"
  | "other buyer"
  | "other factory"
  | "buyer"
  | "factory"
  | "admin"
  | "blocked";
const ACTORS: Actor[] = [
  "visitor",
  "other buyer",
  "other factory",
  "buyer",
  "factory",
  "admin",
  "blocked",
];

interface Write {
  intent: OrderAction | "cancel";
  at: OrderStep;
  allowed: Actor[];
  fields: Record<string, string>;
  files?: () => File[];
}

const WRITES: Write[] = [
  ...(Object.keys(ORDER_ACTIONS) as OrderAction[]).map(
    (intent): Write => ({
      intent,
      at: ORDER_ACTIONS[intent].at,
      allowed: [
        ["sample-approved", "sample-returned", "delivered"].includes(intent) ? "buyer" : "factory",
      ],
      fields: { comment: "Комментарий", carrier: "DHL", trackingNumber: "T-1" },
      files: intent === "quality-passed" ? () => [pdfFile("report.pdf")] : undefined,
    }),
  ),
  {
    intent: "cancel",
    at: "production",
    allowed: ["buyer", "factory"],
    fields: { comment: "Причина" },
  },
];

const people = {} as Record<Exclude<Actor, "visitor" | "blocked">, Person>;
let blockedFactory: Person;
const table: string[] = [];

async function withFactory(person: Person) {
  const [row] = await app.db
    .insert(schema.factories)
    .values({ userId: person.id, name: person.name })
    .returning({ id: schema.factories.id });
  return row?.id as string;
}

beforeAll(async () => {
  people.buyer = await app.signUp("buyer", "Покупатель Матрицы Заказов");
  people.factory = await app.signUp("factory", "Фабрика Матрицы Заказов");
  people["other buyer"] = await app.signUp("buyer", "Другой Покупатель Заказов");
  people["other factory"] = await app.signUp("factory", "Другая Фабрика Заказов");
  people.admin = await app.signUp("buyer", "Админ Заказов");
  blockedFactory = await app.signUp("factory", "Заблокированная Фабрика Заказов");
  await app.makeAdmin(people.admin);
  for (const person of [people.factory, people["other factory"], blockedFactory]) {
    await withFactory(person);
  }
});

afterAll(() => {
  console.info(`Orders' authorisation matrix (${testDatabaseKind()}):\n${table.join("\n")}`);
});

/** A fresh order of the buyer with `maker`, moved to `step`. */
async function freshOrder(maker: Person, step: OrderStep): Promise<string> {
  const [factory] = await app.db
    .select({ id: schema.factories.id })
    .from(schema.factories)
    .where(eq(schema.factories.userId, maker.id));
  const [tender] = await app.db
    .insert(schema.tenders)
    .values({ userId: people.buyer.id, title: "Тендер матрицы заказов", quantity: 100 })
    .returning({ id: schema.tenders.id });
  const [quote] = await app.db
    .insert(schema.quotes)
    .values({
      tenderId: tender?.id as string,
      factoryId: factory?.id as string,
      userId: maker.id,
      unitPrice: 3,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 20,
      sampleAvailable: true,
      validUntil: new Date(Date.now() + 10 * 86_400_000),
    })
    .returning({ id: schema.quotes.id });
  const accepted = await acceptQuote(app.db, await app.userOf(people.buyer), quote?.id);
  expect(accepted.ok).toBe(true);
  const [order] = await app.db
    .update(schema.orders)
    .set({ step })
    .where(eq(schema.orders.quoteId, quote?.id as string))
    .returning({ id: schema.orders.id });
  return order?.id as string;
}

async function snapshot(orderId: string) {
  const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
  const [events] = await app.db
    .select({ n: count() })
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, orderId));
  const [notices] = await app.db
    .select({ n: count() })
    .from(schema.notifications)
    .where(eq(schema.notifications.orderId, orderId));
  return { order, events: events?.n ?? 0, notices: notices?.n ?? 0 };
}

function formOf(write: Write): FormData {
  const form = new FormData();
  form.set("intent", write.intent);
  for (const [name, value] of Object.entries(write.fields)) form.set(name, value);
  for (const file of write.files?.() ?? []) form.append("attachments", file);
  return form;
}

async function personOf(actor: Actor, orderMaker: Person): Promise<Person | null> {
  if (actor === "visitor") return null;
  if (actor === "blocked") return orderMaker;
  return people[actor];
}

describe(`orders: every write by every actor, through the route (${testDatabaseKind()})`, () => {
  for (const write of WRITES) {
    it(`${write.intent}: only ${write.allowed.join(" and ")}`, async () => {
      const row: string[] = [];
      for (const actor of ACTORS) {
        const maker = actor === "blocked" ? blockedFactory : people.factory;
        const orderId = await freshOrder(maker, write.at);
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: true })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const before = await snapshot(orderId);
        const reply = await app.post(orderRoute.action, `/orders/${orderId}`, {
          as: await personOf(actor, maker),
          params: { id: orderId },
          form: formOf(write),
        });
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: false })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const after = await snapshot(orderId);
        expect(reply.error, `${actor}: no 500`).toBeUndefined();
        if (write.allowed.includes(actor)) {
          expect(reply.status, `${actor} may ${write.intent}`).toBe(302);
          expect(after.events).toBe(before.events + 1);
          expect(after.notices).toBe(before.notices + 1);
          expect(after.order?.step).not.toBe(write.at);
          row.push(`${actor}: ✓`);
        } else {
          const expected =
            actor === "visitor"
              ? [302]
              : actor === "admin" || write.allowed.length === 1
                ? actor === "admin" || actor === "buyer" || actor === "factory"
                  ? [403]
                  : [404]
                : [404];
          expect(expected, `${actor} is refused ${write.intent}: ${reply.status}`).toContain(
            reply.status,
          );
          if (actor === "visitor") expect(reply.location).toMatch(/^\/login\?redirectTo=/);
          expect(after, `${actor}'s refused ${write.intent} changed nothing`).toEqual(before);
          row.push(`${actor}: ${reply.status}`);
        }
      }
      table.push(`${write.intent.padEnd(20)} ${row.join(" · ")}`);
    });
  }
});

describe(`orders: every write by every actor, through the service (${testDatabaseKind()})`, () => {
  for (const write of WRITES) {
    it(`${write.intent}: only ${write.allowed.join(" and ")}`, async () => {
      for (const actor of ACTORS.filter((a) => a !== "visitor")) {
        const maker = actor === "blocked" ? blockedFactory : people.factory;
        const orderId = await freshOrder(maker, write.at);
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: true })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const person = (await personOf(actor, maker)) as Person;
        const before = await snapshot(orderId);
        const files = write.files
          ? [
              {
                url: "attachments/00000000-0000-4000-8000-000000000000.pdf",
                name: "r.pdf",
                kind: "pdf" as const,
                size: 10,
              },
            ]
          : [];
        const outcome = await recordOrderEvent(
          app.db,
          await app.userOf(person),
          // The real id, also pushed into the input's extra fields.
          orderId,
          { intent: write.intent, ...write.fields, orderId, buyerId: person.id },
          files,
        );
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: false })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const after = await snapshot(orderId);
        if (write.allowed.includes(actor)) {
          expect(outcome, `${actor} may ${write.intent}`).toMatchObject({ ok: true });
        } else {
          expect(outcome, `${actor} may not ${write.intent}`).toMatchObject({ ok: false });
          expect(after).toEqual(before);
        }
      }
    });
  }

  it("no order of another pair is reached by naming it", async () => {
    const orderId = await freshOrder(people.factory, "sample-send");
    const outcome = await recordOrderEvent(
      app.db,
      await app.userOf(people["other factory"]),
      orderId,
      { intent: "sample-sent" },
    );
    expect(outcome).toMatchObject({ ok: false, problem: "not-found" });
    const [events] = await app.db
      .select({ n: count() })
      .from(schema.orderEvents)
      .where(and(eq(schema.orderEvents.orderId, orderId)));
    expect(events?.n).toBe(0);
  });

  // The main matrix's scan of stored files leaves this column to this file.
  it("the allowed steps stored their files in order_events.attachments", async () => {
    const rows = await app.db
      .select({ attachments: schema.orderEvents.attachments })
      .from(schema.orderEvents);
    const stored = rows.flatMap((row) => row.attachments ?? []);
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      expect(keyFromUrl(file.url) !== null || isStorageKey(file.url), file.url).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Reviews (decision 033): the buyer's review, the factory's answer, an admin's hiding, each tried
// by the seven actors through the order page's action. The blocked actor is the party the write
// belongs to (the buyer for a review, the factory for the rest), blocked.

interface ReviewWrite {
  intent: "review" | "answer-review" | "hide-review";
  /** The order has its review already. */
  reviewed: boolean;
  allowed: Actor;
  fields: Record<string, string>;
}

const REVIEW_WRITES: ReviewWrite[] = [
  {
    intent: "review",
    reviewed: false,
    allowed: "buyer",
    fields: { quality: "5", communication: "4", onTime: "5", text: "Все хорошо" },
  },
  { intent: "answer-review", reviewed: true, allowed: "factory", fields: { answer: "Спасибо" } },
  { intent: "hide-review", reviewed: true, allowed: "admin", fields: { reason: "Спам" } },
];

let blockedBuyer: Person;

/** A delivered order of `owner` with `maker`, with its review when asked. */
async function deliveredFor(owner: Person, maker: Person, reviewed: boolean): Promise<string> {
  const [tender] = await app.db
    .insert(schema.tenders)
    .values({ userId: owner.id, title: "Тендер матрицы отзывов", quantity: 100 })
    .returning({ id: schema.tenders.id });
  const [factory] = await app.db
    .select({ id: schema.factories.id })
    .from(schema.factories)
    .where(eq(schema.factories.userId, maker.id));
  const [quote] = await app.db
    .insert(schema.quotes)
    .values({
      tenderId: tender?.id as string,
      factoryId: factory?.id as string,
      userId: maker.id,
      unitPrice: 3,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 20,
      validUntil: new Date(Date.now() + 10 * 86_400_000),
    })
    .returning({ id: schema.quotes.id });
  expect((await acceptQuote(app.db, await app.userOf(owner), quote?.id)).ok).toBe(true);
  const [order] = await app.db
    .update(schema.orders)
    .set({ step: "delivered" })
    .where(eq(schema.orders.quoteId, quote?.id as string))
    .returning({ id: schema.orders.id });
  const orderId = order?.id as string;
  if (reviewed) {
    await app.db.insert(schema.reviews).values({
      orderId,
      factoryId: factory?.id as string,
      buyerId: owner.id,
      quality: 4,
      communication: 4,
      onTime: 4,
      text: "Отзыв матрицы",
    });
  }
  return orderId;
}

async function reviewSnapshot(orderId: string) {
  const [review] = await app.db
    .select()
    .from(schema.reviews)
    .where(eq(schema.reviews.orderId, orderId));
  const [notices] = await app.db
    .select({ n: count() })
    .from(schema.notifications)
    .where(eq(schema.notifications.orderId, orderId));
  return { review: review ?? null, notices: notices?.n ?? 0 };
}

describe(`reviews: every write by every actor, through the route (${testDatabaseKind()})`, () => {
  beforeAll(async () => {
    blockedBuyer = await app.signUp("buyer", "Заблокированный Покупатель Отзывов");
  });

  for (const write of REVIEW_WRITES) {
    it(`${write.intent}: only ${write.allowed}`, async () => {
      const row: string[] = [];
      for (const actor of ACTORS) {
        const blocked = actor === "blocked";
        const owner = blocked && write.allowed === "buyer" ? blockedBuyer : people.buyer;
        const maker = blocked && write.allowed !== "buyer" ? blockedFactory : people.factory;
        const orderId = await deliveredFor(owner, maker, write.reviewed);
        const blockedPerson = write.allowed === "buyer" ? blockedBuyer : blockedFactory;
        const setBlocked = (banned: boolean) =>
          app.db.update(schema.users).set({ banned }).where(eq(schema.users.id, blockedPerson.id));
        if (blocked) await setBlocked(true);
        const before = await reviewSnapshot(orderId);
        const form = new FormData();
        form.set("intent", write.intent);
        for (const [name, value] of Object.entries(write.fields)) form.set(name, value);
        const reply = await app.post(orderRoute.action, `/orders/${orderId}`, {
          as: actor === "visitor" ? null : blocked ? blockedPerson : people[actor],
          params: { id: orderId },
          form,
        });
        if (blocked) await setBlocked(false);
        const after = await reviewSnapshot(orderId);
        expect(reply.error, `${actor}: no 500`).toBeUndefined();
        if (actor === write.allowed) {
          expect(reply.status, `${actor} may ${write.intent}`).toBe(302);
          expect(after).not.toEqual(before);
          expect(after.notices).toBeGreaterThan(before.notices);
          row.push(`${actor}: ✓`);
        } else {
          const expected =
            actor === "visitor"
              ? [302]
              : actor === "buyer" || actor === "factory" || actor === "admin"
                ? [403]
                : [404];
          expect(expected, `${actor} is refused ${write.intent}: ${reply.status}`).toContain(
            reply.status,
          );
          if (actor === "visitor") expect(reply.location).toMatch(/^\/login\?redirectTo=/);
          expect(after, `${actor}'s refused ${write.intent} changed nothing`).toEqual(before);
          row.push(`${actor}: ${reply.status}`);
        }
      }
      table.push(`${write.intent.padEnd(20)} ${row.join(" · ")}`);
    });
  }

  it("a review is not written twice, nor before delivery, through the route", async () => {
    const orderId = await deliveredFor(people.buyer, people.factory, true);
    const form = new FormData();
    for (const [name, value] of Object.entries(REVIEW_WRITES[0]?.fields ?? {})) {
      form.set(name, value);
    }
    form.set("intent", "review");
    const twice = await app.post(orderRoute.action, `/orders/${orderId}`, {
      as: people.buyer,
      params: { id: orderId },
      form,
    });
    expect(twice.status).toBe(409);
    const open = await freshOrder(people.factory, "delivery");
    const early = await app.post(orderRoute.action, `/orders/${open}`, {
      as: people.buyer,
      params: { id: open },
      form,
    });
    expect(early.status).toBe(409);
    expect((await reviewSnapshot(open)).review).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Decision 034: proposing a change of terms, answering it, flagging a dispute, resolving it.

interface AgreementWrite {
  intent: string;
  allowed: Actor[];
  /** Puts the order in the state the write needs: an open proposal, an open dispute. */
  prepare?: (orderId: string) => Promise<{ proposalId?: string; disputeId?: string }>;
  fields: (ids: { proposalId?: string; disputeId?: string }) => Record<string, string>;
  /** The admins' page, not the order's. */
  admin?: boolean;
}

async function openProposalOn(orderId: string) {
  const [row] = await app.db
    .insert(schema.orderProposals)
    .values({
      orderId,
      side: "factory",
      proposerId: null,
      changes: { quantity: { from: 100, to: 120 } },
    })
    .returning({ id: schema.orderProposals.id });
  return { proposalId: row?.id as string };
}

async function openDisputeOn(orderId: string) {
  const [row] = await app.db
    .insert(schema.orderDisputes)
    .values({ orderId, side: "buyer", raisedById: people.buyer.id, reason: "Спор" })
    .returning({ id: schema.orderDisputes.id });
  return { disputeId: row?.id as string };
}

const AGREEMENT_WRITES: AgreementWrite[] = [
  {
    intent: "propose-terms",
    allowed: ["buyer", "factory"],
    fields: () => ({ quantity: "150", comment: "Больше" }),
  },
  {
    intent: "accept-terms",
    allowed: ["buyer"],
    prepare: openProposalOn,
    fields: ({ proposalId }) => ({ proposalId: proposalId ?? "" }),
  },
  {
    intent: "decline-terms",
    allowed: ["buyer"],
    prepare: openProposalOn,
    fields: ({ proposalId }) => ({ proposalId: proposalId ?? "" }),
  },
  {
    intent: "withdraw-terms",
    allowed: ["factory"],
    prepare: openProposalOn,
    fields: ({ proposalId }) => ({ proposalId: proposalId ?? "" }),
  },
  {
    intent: "flag-dispute",
    allowed: ["buyer", "factory"],
    fields: () => ({ reason: "Сроки сорваны" }),
  },
  {
    intent: "resolve-dispute",
    allowed: ["admin"],
    prepare: openDisputeOn,
    fields: ({ disputeId }) => ({ disputeId: disputeId ?? "", resolution: "Договорились" }),
    admin: true,
  },
];

async function agreementSnapshot(orderId: string) {
  const base = await snapshot(orderId);
  const proposals = await app.db
    .select({ state: schema.orderProposals.state, changes: schema.orderProposals.changes })
    .from(schema.orderProposals)
    .where(eq(schema.orderProposals.orderId, orderId));
  const disputes = await app.db
    .select({ state: schema.orderDisputes.state, resolution: schema.orderDisputes.resolution })
    .from(schema.orderDisputes)
    .where(eq(schema.orderDisputes.orderId, orderId));
  return { ...base, proposals, disputes };
}

describe(`orders' terms and disputes: every write by every actor (${testDatabaseKind()})`, () => {
  for (const write of AGREEMENT_WRITES) {
    it(`${write.intent}: only ${write.allowed.join(" and ")}, through the route`, async () => {
      const row: string[] = [];
      for (const actor of ACTORS) {
        const maker = actor === "blocked" ? blockedFactory : people.factory;
        const orderId = await freshOrder(maker, "production");
        const ids = (await write.prepare?.(orderId)) ?? {};
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: true })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const before = await agreementSnapshot(orderId);
        const form = new FormData();
        form.set("intent", write.intent);
        for (const [name, value] of Object.entries(write.fields(ids))) form.set(name, value);
        const reply = write.admin
          ? await app.post(adminDisputesRoute.action, "/admin/disputes", {
              as: await personOf(actor, maker),
              form,
            })
          : await app.post(orderRoute.action, `/orders/${orderId}`, {
              as: await personOf(actor, maker),
              params: { id: orderId },
              form,
            });
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: false })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const after = await agreementSnapshot(orderId);
        expect(reply.error, `${actor}: no 500`).toBeUndefined();
        if (write.allowed.includes(actor)) {
          expect(reply.status, `${actor} may ${write.intent}`).toBe(302);
          expect(after, `${actor}'s ${write.intent} changed something`).not.toEqual(before);
          row.push(`${actor}: ✓`);
        } else {
          if (actor === "visitor") {
            // Sent to sign in (the order's page and the admins' alike).
            expect(reply.location ?? "").toMatch(/^\/login\?redirectTo=/);
          } else {
            expect([403, 404], `${actor} is refused ${write.intent}`).toContain(reply.status);
          }
          expect(after, `${actor}'s refused ${write.intent} changed nothing`).toEqual(before);
          row.push(`${actor}: ${reply.status}`);
        }
      }
      table.push(`${write.intent.padEnd(20)} ${row.join(" · ")}`);
    });

    it(`${write.intent}: only ${write.allowed.join(" and ")}, through the service`, async () => {
      for (const actor of ACTORS.filter((a) => a !== "visitor")) {
        const maker = actor === "blocked" ? blockedFactory : people.factory;
        const orderId = await freshOrder(maker, "production");
        const ids = (await write.prepare?.(orderId)) ?? {};
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: true })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const person = (await personOf(actor, maker)) as Person;
        const user = await app.userOf(person);
        const before = await agreementSnapshot(orderId);
        const input = { intent: write.intent, ...write.fields(ids), orderId, side: "buyer" };
        const outcome =
          write.intent === "propose-terms"
            ? await proposeTerms(app.db, user, orderId, input)
            : write.intent === "flag-dispute"
              ? await flagDispute(app.db, user, orderId, input)
              : write.intent === "resolve-dispute"
                ? await resolveDispute(app.db, user, input)
                : await answerProposal(app.db, user, orderId, input);
        if (actor === "blocked") {
          await app.db
            .update(schema.users)
            .set({ banned: false })
            .where(eq(schema.users.id, blockedFactory.id));
        }
        const after = await agreementSnapshot(orderId);
        if (write.allowed.includes(actor)) {
          expect(outcome, `${actor} may ${write.intent}`).toMatchObject({ ok: true });
        } else {
          expect(outcome, `${actor} may not ${write.intent}`).toMatchObject({ ok: false });
          expect(after).toEqual(before);
        }
      }
    });
  }
});
