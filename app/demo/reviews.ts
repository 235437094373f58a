/**
 * Demo reviews (issue 30, decision 033), seeded after the demo orders in the same transaction:
 *
 * - every delivered demo order already in the database gets its buyer's review, every other one
 *   with the factory's answer (so the demo accounts' delivered orders, when the demo has them,
 *   show a review on their pages and on the factory's page);
 * - a few past orders, delivered and reviewed, between OTHER demo factories and buyers (never the
 *   two main demo accounts, whose lists other tests count), so that the directory's rating sort,
 *   its on-time filter and the cards have something to show on first start. These orders have no
 *   tender or quote left (as after the tender's deletion): only their title, names and terms.
 *
 * No notifications: the demo's notifications are its quotes' (tests/integration/seed.test.ts).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { displayName } from "~/domain/display-name";
import { plannedDates } from "~/domain/orders";
import type { DbOrTx } from "~/platform/db.server";
import * as schema from "~db/schema";

type Factory = typeof schema.factories.$inferInsert;
type Profile = typeof schema.profiles.$inferInsert;
type User = typeof schema.users.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;

/** The two accounts people sign in with: their order lists stay as the other demo code made them. */
const MAIN_ACCOUNTS = ["buyer@example.com", "factory@example.com"];

const PAST_TITLES = [
  "Футболки базовые хлопок 180 г/м²",
  "Худи оверсайз с начесом",
  "Детские пижамы из интерлока",
  "Рубашки поплин для офиса",
  "Спортивные костюмы трикотаж",
  "Платья летние штапель",
];

const TEXTS = [
  {
    text: "Пошили точно по техзаданию, швы ровные, упаковка по одной штуке. Отгрузили на два дня раньше плана.",
    answer: "Спасибо за заказ! Будем рады следующей партии.",
  },
  {
    text: "Качество хорошее, но с размерной сеткой пришлось переписываться дважды. В итоге все исправили.",
    answer: "Спасибо за отзыв. Мы добавили проверку размерной сетки перед запуском партии.",
  },
  {
    text: "Отвечали быстро, фото с производства присылали каждую неделю. Доставка задержалась на несколько дней.",
    answer: null,
  },
  {
    text: "Все отлично: образец с первого раза, партия без брака.",
    answer: null,
  },
];

/** Marks per review, chosen to give the factories different averages. */
const MARKS = [
  { quality: 5, communication: 5, onTime: 5 },
  { quality: 4, communication: 3, onTime: 4 },
  { quality: 4, communication: 5, onTime: 2 },
  { quality: 5, communication: 4, onTime: 5 },
];

export async function seedDemoReviews(
  tx: DbOrTx,
  {
    users,
    profiles,
    factories,
    now,
  }: {
    users: readonly User[];
    profiles: readonly Profile[];
    factories: readonly Factory[];
    now: number;
  },
): Promise<{ orders: number; reviews: number }> {
  const main = new Set(users.filter((u) => MAIN_ACCOUNTS.includes(u.email)).map((u) => u.id));
  const buyers = users.filter(
    (user) =>
      !main.has(user.id) &&
      profiles.find((profile) => profile.id === user.id)?.userType === "buyer",
  );
  const makers = factories.filter((factory) => !main.has(factory.userId)).slice(0, 6);
  const orders: (typeof schema.orders.$inferInsert)[] = [];
  const events: (typeof schema.orderEvents.$inferInsert)[] = [];
  makers.forEach((factory, f) => {
    for (let n = 0; n < 1 + (f % 3); n++) {
      const buyer = buyers[(f + n) % Math.max(buyers.length, 1)];
      if (!buyer) return;
      const profile = profiles.find((row) => row.id === buyer.id) ?? null;
      const awardedAt = new Date(now - (120 + 25 * f + 40 * n) * DAY);
      const terms = { sampleAvailable: false, sampleDays: null, leadTimeDays: 30 };
      const planned = plannedDates(awardedAt, terms);
      // Every third order arrives four days after its planned date.
      const late = (f + n) % 3 === 2;
      const deliveredAt = new Date(planned.deliveryPlannedAt.getTime() + (late ? 4 : -2) * DAY);
      const id = randomUUID();
      orders.push({
        id,
        quoteId: null,
        tenderId: null,
        buyerId: buyer.id,
        factoryId: factory.id as string,
        factoryUserId: factory.userId,
        tenderTitle: PAST_TITLES[(f + n) % PAST_TITLES.length] as string,
        factoryName: factory.name,
        buyerName: displayName({ email: buyer.email, profile: profile?.userType ? profile : null }),
        unitPrice: 3.2 + f,
        currency: "USD",
        quantity: 500 * (n + 1),
        leadTimeDays: 30,
        sampleAvailable: false,
        samplePrice: null,
        sampleDays: null,
        step: "delivered",
        ...planned,
        createdAt: awardedAt,
        updatedAt: deliveredAt,
      });
      const at = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
      const by = { factory: factory.userId, buyer: buyer.id };
      events.push(
        {
          orderId: id,
          kind: "production-started",
          actorId: by.factory,
          createdAt: at(awardedAt, 1),
        },
        {
          orderId: id,
          kind: "quality-passed",
          actorId: by.factory,
          createdAt: at(planned.shippingPlannedAt, -3),
        },
        {
          orderId: id,
          kind: "shipped",
          actorId: by.factory,
          carrier: "DHL",
          trackingNumber: `DHL ${4400 + f}${n} 77`,
          createdAt: at(deliveredAt, -12),
        },
        { orderId: id, kind: "delivered", actorId: by.buyer, createdAt: deliveredAt },
      );
    }
  });
  if (orders.length > 0) await tx.insert(schema.orders).values(orders);
  if (events.length > 0) await tx.insert(schema.orderEvents).values(events);

  // Every delivered demo order (the ones just made, and those of the other demo code) without a
  // review gets one.
  const delivered = await tx
    .select({
      id: schema.orders.id,
      factoryId: schema.orders.factoryId,
      buyerId: schema.orders.buyerId,
      updatedAt: schema.orders.updatedAt,
      reviewId: schema.reviews.id,
    })
    .from(schema.orders)
    .leftJoin(schema.reviews, eq(schema.reviews.orderId, schema.orders.id))
    .where(eq(schema.orders.step, "delivered"))
    .orderBy(schema.orders.createdAt);
  const reviews: (typeof schema.reviews.$inferInsert)[] = [];
  delivered.forEach((order, i) => {
    if (!order.factoryId || !order.buyerId || order.reviewId) return;
    const words = TEXTS[i % TEXTS.length] as (typeof TEXTS)[number];
    const written = new Date(Math.min(order.updatedAt.getTime() + 2 * DAY, now - DAY));
    reviews.push({
      id: randomUUID(),
      orderId: order.id,
      factoryId: order.factoryId,
      buyerId: order.buyerId,
      ...(MARKS[i % MARKS.length] as (typeof MARKS)[number]),
      text: words.text,
      answer: words.answer,
      answeredAt: words.answer ? new Date(written.getTime() + DAY / 2) : null,
      createdAt: written,
      updatedAt: written,
    });
  });
  if (reviews.length > 0) await tx.insert(schema.reviews).values(reviews);
  return { orders: orders.length, reviews: reviews.length };
}
