/**
 * Demo orders (issue 30, decision 032): the order the app makes for each accepted demo quote, with
 * its steps so far. The demo buyer's order went through two sample rounds and is now late (the
 * factory has not started production by its planned date); the demo factory's order, awarded a
 * day and a half ago, has its sample on the way to the buyer. No notifications: the demo's
 * notifications are about its quotes (tests/integration/seed.test.ts). Pure: the seed inserts
 * the rows.
 */
import { randomUUID } from "node:crypto";
import { displayName } from "~/domain/display-name";
import { firstStep, plannedDates } from "~/domain/orders";
import type * as schema from "~db/schema";

type Quote = typeof schema.quotes.$inferInsert;
type Tender = typeof schema.tenders.$inferInsert;
type Factory = typeof schema.factories.$inferInsert;
type Profile = typeof schema.profiles.$inferInsert;
type User = typeof schema.users.$inferInsert;
type Order = typeof schema.orders.$inferInsert;
type OrderEvent = typeof schema.orderEvents.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;

export function buildDemoOrders({
  quotes,
  tenders,
  factories,
  profiles,
  users,
  now,
}: {
  quotes: readonly Quote[];
  tenders: readonly Tender[];
  factories: readonly Factory[];
  profiles: readonly Profile[];
  users: readonly User[];
  now: number;
}): { orders: Order[]; events: OrderEvent[] } {
  const orders: Order[] = [];
  const events: OrderEvent[] = [];
  const accepted = quotes
    .filter((quote) => quote.status === "accepted" && quote.decidedAt)
    .sort((a, b) => (a.decidedAt as Date).getTime() - (b.decidedAt as Date).getTime());
  for (const quote of accepted) {
    const tender = tenders.find((row) => row.id === quote.tenderId);
    const factory = factories.find((row) => row.id === quote.factoryId);
    const buyer = users.find((row) => row.id === tender?.userId);
    if (!tender || !factory || !buyer) continue;
    const profile = profiles.find((row) => row.id === buyer.id) ?? null;
    const awardedAt = quote.decidedAt as Date;
    const orderId = randomUUID();
    const terms = {
      sampleAvailable: quote.sampleAvailable ?? false,
      sampleDays: quote.sampleDays ?? null,
      leadTimeDays: quote.leadTimeDays,
    };
    const at = (days: number) => new Date(awardedAt.getTime() + days * DAY);
    const event = (
      kind: OrderEvent["kind"],
      days: number,
      by: "buyer" | "factory",
      extra: Partial<OrderEvent> = {},
    ): OrderEvent => ({
      id: randomUUID(),
      orderId,
      kind,
      actorId: by === "buyer" ? buyer.id : quote.userId,
      createdAt: at(days),
      ...extra,
    });
    const daysSince = (now - awardedAt.getTime()) / DAY;
    const story: OrderEvent[] =
      terms.sampleAvailable && daysSince > 20
        ? // Two sample rounds, then production not started by its planned date: late.
          [
            event("sample-sent", 4, "factory", {
              trackingNumber: "EMS RB 204 518 733 KG",
              comment:
                "Образец размера 98 отправили EMS, фото швов и утеплителя приложим в переписке.",
            }),
            event("sample-returned", 7, "buyer", {
              comment:
                "Молния на капюшоне заедает, манжеты тугие. Поставьте, пожалуйста, молнию YKK и сделайте манжеты на 1 см свободнее.",
            }),
            event("sample-sent", 11, "factory", {
              trackingNumber: "EMS RB 204 519 410 KG",
              comment: "Исправили: молния YKK, манжеты свободнее.",
            }),
            event("sample-approved", 13, "buyer", {
              comment: "Теперь все хорошо, запускайте партию.",
            }),
          ]
        : terms.sampleAvailable
          ? // Awarded lately: the sample is on its way.
            [
              event("sample-sent", Math.min(1, Math.max(daysSince - 0.2, 0.05)), "factory", {
                trackingNumber: "CDEK 1487 2290 61",
                comment: "Отправили образец в размере 122, синий цвет.",
              }),
            ]
          : [];
    const last = story.at(-1);
    const step =
      last?.kind === "sample-approved"
        ? "production"
        : last?.kind === "sample-sent"
          ? "sample-review"
          : firstStep(terms.sampleAvailable);
    orders.push({
      id: orderId,
      quoteId: quote.id as string,
      tenderId: tender.id as string,
      buyerId: buyer.id,
      factoryId: factory.id as string,
      factoryUserId: quote.userId,
      tenderTitle: tender.title,
      factoryName: factory.name,
      buyerName: displayName({ email: buyer.email, profile: profile?.userType ? profile : null }),
      unitPrice: quote.unitPrice,
      currency: quote.currency,
      quantity: quote.quantity,
      leadTimeDays: quote.leadTimeDays,
      sampleAvailable: terms.sampleAvailable,
      samplePrice: quote.samplePrice ?? null,
      sampleDays: quote.sampleDays ?? null,
      step,
      ...plannedDates(awardedAt, terms),
      createdAt: awardedAt,
      updatedAt: last?.createdAt ?? awardedAt,
    });
    events.push(...story);
  }
  return { orders, events };
}
