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
import { firstStep, ORDER_ACTIONS, type OrderAction, plannedDates } from "~/domain/orders";
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

// ---------------------------------------------------------------------------------------------
// Earlier orders between the demo buyer and the demo factory (decision 034)

/** One earlier order's story: its tender, the agreed terms, and what happened when. */
interface PastOrder {
  title: string;
  description: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  leadTimeDays: number;
  sample: { price: number; days: number } | null;
  awardedDaysAgo: number;
  /** Whether the buyer has archived the tender (what deleting an awarded tender does). */
  archived: boolean;
  steps: {
    kind: OrderEvent["kind"];
    days: number;
    by: "buyer" | "factory";
    comment?: string;
    carrier?: string;
    trackingNumber?: string;
    report?: boolean;
  }[];
}

const PAST_ORDERS: PastOrder[] = [
  {
    title: "Футболки поло с вышивкой логотипа",
    description: "Поло из пике для сети кофеен, вышивка логотипа на груди.",
    quantity: 600,
    unitPrice: 7.9,
    currency: "USD",
    leadTimeDays: 30,
    sample: { price: 15, days: 7 },
    awardedDaysAgo: 110,
    archived: true,
    steps: [
      { kind: "sample-sent", days: 6, by: "factory", trackingNumber: "EMS RB 118 204 511 KG" },
      { kind: "sample-approved", days: 9, by: "buyer", comment: "Вышивка аккуратная, запускайте." },
      { kind: "production-started", days: 12, by: "factory" },
      {
        kind: "quality-passed",
        days: 38,
        by: "factory",
        comment: "Проверили 10% партии по AQL 2.5, брака нет.",
        report: true,
      },
      {
        kind: "shipped",
        days: 41,
        by: "factory",
        carrier: "Деловые Линии",
        trackingNumber: "DL 4471 2290 0815",
      },
      { kind: "delivered", days: 52, by: "buyer", comment: "Все 600 штук получили, спасибо!" },
    ],
  },
  {
    title: "Худи оверсайз с принтом",
    description: "Худи из футера трехнитки, шелкография на спине.",
    quantity: 400,
    unitPrice: 14.5,
    currency: "USD",
    leadTimeDays: 35,
    sample: null,
    awardedDaysAgo: 80,
    archived: true,
    steps: [
      {
        kind: "cancelled",
        days: 5,
        by: "buyer",
        comment: "Коллекцию перенесли на следующий сезон, заказ пока не нужен.",
      },
    ],
  },
  {
    title: "Рабочие куртки для склада",
    description: "Утепленные куртки со светоотражающими полосами.",
    quantity: 250,
    unitPrice: 31,
    currency: "USD",
    leadTimeDays: 28,
    sample: null,
    awardedDaysAgo: 33,
    archived: true,
    steps: [
      {
        kind: "production-started",
        days: 1,
        by: "factory",
        comment: "Ткань на складе, раскрой начат.",
      },
      {
        kind: "quality-passed",
        days: 26,
        by: "factory",
        comment: "Швы и светоотражающие полосы проверены.",
        report: true,
      },
      {
        kind: "shipped",
        days: 29,
        by: "factory",
        carrier: "СДЭК",
        trackingNumber: "CDEK 1502 7730 44",
      },
    ],
  },
];

export interface PastDemoOrders {
  tenders: Tender[];
  quotes: Quote[];
  orders: Order[];
  events: OrderEvent[];
}

/**
 * Earlier orders between the demo buyer and the demo factory, one delivered, one cancelled and
 * one shipped and on its way, so that both demo accounts see orders in every state. Their
 * tenders are awarded and archived by the buyer (gone from the buyer's tender list, as deleting
 * an awarded tender does in the app), with the factory's accepted quote; no notifications, no
 * conversation (decision 034). Built after the random part of the seed, without its generator,
 * so that the generated tenders and quotes stay as they were. `report` stores the inspection
 * report PDF of a quality check.
 */
export async function buildPastDemoOrders({
  buyer,
  buyerProfile,
  factory,
  now,
  report,
}: {
  buyer: User;
  buyerProfile: Profile | null;
  factory: { id: string; userId: string; name: string };
  now: number;
  report: (title: string) => Promise<OrderEvent["attachments"]>;
}): Promise<PastDemoOrders> {
  const result: PastDemoOrders = { tenders: [], quotes: [], orders: [], events: [] };
  for (const past of PAST_ORDERS) {
    const awardedAt = new Date(now - past.awardedDaysAgo * DAY);
    const at = (days: number) => new Date(awardedAt.getTime() + days * DAY);
    const placedAt = at(-12);
    const quotedAt = at(-9);
    const tenderId = randomUUID();
    const quoteId = randomUUID();
    const orderId = randomUUID();
    result.tenders.push({
      id: tenderId,
      userId: buyer.id as string,
      title: past.title,
      description: past.description,
      quantity: past.quantity,
      status: "awarded",
      archivedAt: at(past.steps.at(-1)?.days ?? 1),
      createdAt: placedAt,
      updatedAt: awardedAt,
      alertedAt: placedAt,
    });
    result.quotes.push({
      id: quoteId,
      tenderId,
      factoryId: factory.id,
      userId: factory.userId,
      unitPrice: past.unitPrice,
      currency: past.currency,
      quantity: past.quantity,
      leadTimeDays: past.leadTimeDays,
      sampleAvailable: past.sample !== null,
      samplePrice: past.sample?.price ?? null,
      sampleDays: past.sample?.days ?? null,
      // As every demo offer, valid past the seed (its validity ended with the award anyway).
      validUntil: new Date(now + 30 * DAY),
      message: "Здравствуйте! Возьмем заказ, условия — в отклике.",
      status: "accepted",
      decidedAt: awardedAt,
      buyerReadAt: awardedAt,
      factoryReadAt: awardedAt,
      createdAt: quotedAt,
      updatedAt: awardedAt,
    });
    const events: OrderEvent[] = [];
    for (const step of past.steps) {
      events.push({
        id: randomUUID(),
        orderId,
        kind: step.kind,
        actorId: step.by === "buyer" ? (buyer.id as string) : factory.userId,
        comment: step.comment ?? null,
        carrier: step.carrier ?? null,
        trackingNumber: step.trackingNumber ?? null,
        attachments: step.report ? await report(past.title) : [],
        createdAt: at(step.days),
      });
    }
    const last = events.at(-1);
    const terms = {
      sampleAvailable: past.sample !== null,
      sampleDays: past.sample?.days ?? null,
      leadTimeDays: past.leadTimeDays,
    };
    let step: Order["step"] = firstStep(terms.sampleAvailable);
    for (const event of events) {
      if (event.kind === "cancelled") step = "cancelled";
      else step = ORDER_ACTIONS[event.kind as OrderAction].to;
    }
    result.orders.push({
      id: orderId,
      quoteId,
      tenderId,
      buyerId: buyer.id as string,
      factoryId: factory.id,
      factoryUserId: factory.userId,
      tenderTitle: past.title,
      factoryName: factory.name,
      buyerName: displayName({
        email: buyer.email,
        profile: buyerProfile?.userType ? buyerProfile : null,
      }),
      unitPrice: past.unitPrice,
      currency: past.currency,
      quantity: past.quantity,
      leadTimeDays: past.leadTimeDays,
      sampleAvailable: terms.sampleAvailable,
      samplePrice: past.sample?.price ?? null,
      sampleDays: past.sample?.days ?? null,
      step,
      cancelReason: step === "cancelled" ? (last?.comment ?? null) : null,
      ...plannedDates(awardedAt, terms),
      createdAt: awardedAt,
      updatedAt: last?.createdAt ?? awardedAt,
    });
    result.events.push(...events);
  }
  return result;
}
