/**
 * The seeded quotes, their conversations and the notifications about them, built as rows for the
 * seed's one transaction (no app service is called: none would backdate its rows). The stories of
 * the demo accounts are written by hand (DEMO_QUOTES); other factories answer about half of the
 * remaining active tenders with offers drawn from the phrases in quote-data.ts.
 *
 * The rows are what the app itself would have stored for the same events: an accepted quote
 * awards its tender and declines the tender's other submitted quotes; every quote notifies the
 * buyer, every message the other side, every decision the factory; read marks and notifications
 * agree (a message is unread exactly when its notification is). No email goes out for them.
 */
import { randomUUID } from "node:crypto";
import type * as schema from "~db/schema";
import type { Attachment, NotificationKind, QuoteStatus } from "~db/schema";
import { USD_RATES } from "./data";
import {
  CONVERSATION_FOLLOW_UPS,
  CONVERSATION_TOPICS,
  DEMO_QUOTES,
  type DemoQuote,
  QUOTE_MESSAGES,
  type QuoteContext,
} from "./quote-data";
import type { Random } from "./random";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Decisions and new quotes older than this were looked at (their notifications are read). */
const SEEN_AFTER = 2 * DAY;

export interface SeedTender {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  status: "active" | "closed" | "awarded";
  quantity: number;
  budget: number | null;
  currency: string | null;
  /** A usual price per unit in USD when there is no budget. */
  unitUsd: number | null;
  categories: readonly string[];
}

export interface SeedFactory {
  id: string;
  userId: string;
  name: string;
  categories: readonly string[];
  founded: number;
  workers: number;
}

export interface SeededQuotes {
  quotes: (typeof schema.quotes.$inferInsert)[];
  messages: (typeof schema.quoteMessages.$inferInsert)[];
  notifications: (typeof schema.notifications.$inferInsert)[];
  /** Tenders awarded by an accepted quote, and when. */
  awards: { tenderId: string; at: Date }[];
}

interface Plan {
  tender: SeedTender;
  factory: SeedFactory;
  createdAt: Date;
  unitPrice: number;
  currency: string;
  quantity: number;
  minOrder: number | null;
  leadTimeDays: number;
  sample: { price: number; days: number } | null;
  validUntil: Date;
  message: string;
  status: QuoteStatus;
  /** When the buyer accepted or declined. */
  decidedAt: Date | null;
  /** Declined because the buyer accepted another quote (the factory is told 'tender awarded'). */
  byAward: boolean;
  /** When a withdrawn quote was withdrawn. */
  withdrawnAt: Date | null;
  declineReason: string | null;
  shortlisted: boolean;
  conversation: { side: "buyer" | "factory"; body: string; at: Date }[];
  unread: boolean;
}

/** A price as people quote it: cents for cheap items, round figures in large currency units. */
export function roundPrice(value: number): number {
  if (value >= 10_000) return Math.round(value / 100) * 100;
  if (value >= 1_000) return Math.round(value / 10) * 10;
  if (value >= 100) return Math.round(value);
  if (value >= 10) return Math.round(value * 10) / 10;
  return Math.max(0.05, Math.round(value * 20) / 20);
}

/** The end (23:59:59.999 UTC) of the day `days` after `now`. */
function endOfDayAfter(now: number, days: number): Date {
  const date = new Date(now + days * DAY);
  date.setUTCHours(23, 59, 59, 999);
  return date;
}

const priceText = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 2 });

export function buildDemoQuotes({
  now,
  tenders,
  factories,
  rnd,
}: {
  now: number;
  /** The seeded tenders. */
  tenders: readonly SeedTender[];
  /** The seeded factories; the first one belongs to the demo factory account. */
  factories: readonly SeedFactory[];
  rnd: Random;
}): SeededQuotes {
  // A story's times, moved by up to 50 minutes (the same for the same day count) so that they do
  // not all fall on the minute of the seed.
  const at = (daysAgo: number) => {
    const jitter = ((((Math.round(daysAgo * 1000) * 2654435761) >>> 0) % 101) - 50) * MINUTE;
    return new Date(now - daysAgo * DAY + jitter);
  };
  const plans = DEMO_QUOTES.map((demo) => scripted(demo));

  function scripted(demo: DemoQuote): Plan {
    const tender = tenders.find((t) => t.title === demo.tender);
    const factory = factories.find((f) => f.name === demo.factory);
    const fail = (why: string) =>
      new Error(`demo quote «${demo.tender}» / ${demo.factory}: ${why}`);
    if (!tender || !factory) throw fail("no such tender or factory");
    const createdAt = at(demo.daysAgo);
    if (createdAt <= tender.createdAt) throw fail("quoted before the tender was placed");
    const conversation = (demo.conversation ?? []).map((m) => ({
      side: m.from,
      body: m.text,
      at: at(m.daysAgo),
    }));
    let previous = createdAt;
    for (const message of conversation) {
      if (message.at <= previous || message.at.getTime() >= now) throw fail("message out of order");
      previous = message.at;
    }
    const changedAt = demo.decidedDaysAgo === undefined ? null : at(demo.decidedDaysAgo);
    if (demo.status && (!changedAt || changedAt <= createdAt)) throw fail("decided before quoting");
    return {
      tender,
      factory,
      createdAt,
      unitPrice: demo.unitPrice,
      currency: demo.currency,
      quantity: demo.quantity ?? tender.quantity,
      minOrder: demo.minOrder ?? null,
      leadTimeDays: demo.leadTimeDays,
      sample: demo.sample ?? null,
      validUntil: endOfDayAfter(now, demo.validDays),
      message: demo.message,
      status: demo.status ?? "submitted",
      decidedAt: demo.status === "accepted" || demo.status === "declined" ? changedAt : null,
      byAward: false,
      withdrawnAt: demo.status === "withdrawn" ? changedAt : null,
      declineReason: demo.declineReason ?? null,
      shortlisted: demo.shortlisted ?? false,
      conversation,
      unread: demo.unread ?? false,
    };
  }

  // Other factories answer about half of the active tenders the stories leave alone.
  const told = new Set(plans.map((plan) => plan.tender.id));
  const open = tenders.filter((t) => t.status === "active" && !told.has(t.id));
  const answered = new Set(rnd.sample(open, Math.round(open.length / 2)).map((t) => t.id));
  for (const tender of open) {
    if (!answered.has(tender.id)) continue;
    const baseUsd =
      tender.budget && tender.currency
        ? tender.budget / tender.quantity / (USD_RATES[tender.currency] ?? 1)
        : tender.unitUsd;
    if (!baseUsd) continue;
    // The demo factory's quotes are the hand-written ones.
    const makers = factories
      .slice(1)
      .filter((f) => f.categories.some((c) => tender.categories.includes(c)));
    const chosen = rnd.sample(makers, rnd.int(1, 4));
    const tenderPlans = chosen.map((factory) => generated(tender, factory, baseUsd));
    if (tenderPlans.length >= 2 && rnd.next() < 0.5) {
      (rnd.pick(tenderPlans) as Plan).shortlisted = true;
    }
    plans.push(...tenderPlans);
  }

  function generated(tender: SeedTender, factory: SeedFactory, baseUsd: number): Plan {
    const age = now - tender.createdAt.getTime();
    const createdAt = new Date(
      tender.createdAt.getTime() + Math.min(age * 0.7, (0.2 + rnd.next() * 6) * DAY),
    );
    const currency =
      tender.currency && tender.currency !== "USD" && rnd.next() < 0.6 ? tender.currency : "USD";
    const rate = USD_RATES[currency] ?? 1;
    const unitPrice = roundPrice(baseUsd * (0.82 + rnd.next() * 0.4) * rate);
    const quantity =
      rnd.next() < 0.7
        ? tender.quantity
        : Math.max(100, Math.round((tender.quantity * (0.6 + rnd.next() * 0.3)) / 100) * 100);
    const minOrder =
      rnd.next() < 0.5
        ? Math.min(
            quantity,
            Math.max(50, Math.round((quantity * (0.1 + rnd.next() * 0.2)) / 50) * 50),
          )
        : null;
    const leadTimeDays = rnd.int(14, 60);
    const sample =
      rnd.next() < 0.55
        ? { price: roundPrice(unitPrice * (2 + rnd.next())), days: rnd.int(3, 10) }
        : null;
    const context: QuoteContext = {
      leadTimeDays,
      founded: factory.founded,
      workers: factory.workers,
      sample: sample && { price: priceText.format(sample.price), days: sample.days },
    };
    const conversation: Plan["conversation"] = [];
    // Spread over at most ten days after the quote, the last an hour before the seed.
    const start = createdAt.getTime();
    const span = Math.min(now - HOUR - start, 10 * DAY);
    if (rnd.next() < 0.4 && span > HOUR) {
      const length = rnd.int(2, 4);
      const [question, answer] = rnd.pick(CONVERSATION_TOPICS);
      const [followUp, reply] = rnd.pick(CONVERSATION_FOLLOW_UPS);
      const bodies: [Plan["conversation"][number]["side"], string][] = [
        ["buyer", question],
        ["factory", answer({ ...context, currency })],
        ["buyer", followUp],
        ["factory", reply],
      ];
      const times = Array.from({ length }, () => 0.05 + rnd.next() * 0.9).sort((a, b) => a - b);
      for (const [i, [side, body]] of bodies.slice(0, length).entries()) {
        conversation.push({ side, body, at: new Date(start + span * (times[i] as number)) });
      }
    }
    return {
      tender,
      factory,
      createdAt,
      unitPrice,
      currency,
      quantity,
      minOrder,
      leadTimeDays,
      sample,
      validUntil: endOfDayAfter(now, rnd.int(10, 45)),
      message: (rnd.pick(QUOTE_MESSAGES) as (c: QuoteContext) => string)(context),
      status: "submitted",
      decidedAt: null,
      byAward: false,
      withdrawnAt: null,
      declineReason: null,
      shortlisted: false,
      conversation,
      unread: rnd.next() < 0.3,
    };
  }

  // Accepting a quote awards its tender and declines the others still submitted.
  const awards: SeededQuotes["awards"] = [];
  for (const winner of plans.filter((plan) => plan.status === "accepted")) {
    const awardedAt = winner.decidedAt as Date;
    awards.push({ tenderId: winner.tender.id, at: awardedAt });
    for (const other of plans) {
      if (other.tender.id !== winner.tender.id || other === winner) continue;
      if (other.createdAt >= awardedAt) {
        throw new Error(`demo quote «${other.tender.title}» / ${other.factory.name}: after award`);
      }
      if (other.status !== "submitted") continue;
      other.status = "declined";
      other.decidedAt = awardedAt;
      other.byAward = true;
    }
  }

  const quotes: SeededQuotes["quotes"] = [];
  const messages: SeededQuotes["messages"] = [];
  const notifications: SeededQuotes["notifications"] = [];
  const seen = (event: Date, laterLook: Date | null) => {
    if (event.getTime() < now - SEEN_AFTER) return new Date(event.getTime() + 3 * HOUR);
    return laterLook && laterLook > event ? laterLook : null;
  };

  for (const plan of plans) {
    const id = randomUUID();
    const { tender, factory, conversation } = plan;
    const last = conversation.at(-1);
    // Until when each side has read the conversation: the writer of a message has read all
    // before it; the recipient of the last messages read them soon after, unless they are unread.
    const readMark = (side: "buyer" | "factory"): Date | null => {
      if (!last) return side === "factory" ? plan.createdAt : plan.decidedAt;
      if (last.side === side) return last.at;
      if (plan.unread) {
        const own = conversation.filter((m) => m.side === side).at(-1);
        return own?.at ?? (side === "factory" ? plan.createdAt : null);
      }
      return new Date(
        Math.max(last.at.getTime(), Math.min(now - MINUTE, last.at.getTime() + 40 * MINUTE)),
      );
    };
    const buyerReadAt = readMark("buyer");
    const factoryReadAt = readMark("factory");
    quotes.push({
      id,
      tenderId: tender.id,
      factoryId: factory.id,
      userId: factory.userId,
      unitPrice: plan.unitPrice,
      currency: plan.currency,
      quantity: plan.quantity,
      minOrder: plan.minOrder,
      leadTimeDays: plan.leadTimeDays,
      sampleAvailable: plan.sample !== null,
      samplePrice: plan.sample?.price ?? null,
      sampleDays: plan.sample?.days ?? null,
      validUntil: plan.validUntil,
      message: plan.message,
      attachments: [] as Attachment[],
      status: plan.status,
      shortlisted: plan.shortlisted,
      declineReason: plan.declineReason,
      decidedAt: plan.decidedAt,
      buyerReadAt,
      factoryReadAt,
      lastMessageAt: last?.at ?? null,
      createdAt: plan.createdAt,
      updatedAt: plan.decidedAt ?? plan.withdrawnAt ?? plan.createdAt,
    });

    const notify = (
      userId: string,
      kind: NotificationKind,
      actorId: string,
      createdAt: Date,
      readAt: Date | null,
    ) =>
      notifications.push({
        id: randomUUID(),
        userId,
        kind,
        actorId,
        tenderId: tender.id,
        quoteId: id,
        tenderTitle: tender.title,
        mailState: "sent",
        readAt,
        createdAt,
      });

    const firstBuyerMessage = conversation.find((m) => m.side === "buyer")?.at ?? null;
    notify(
      tender.userId,
      "quote-received",
      factory.userId,
      plan.createdAt,
      seen(plan.createdAt, firstBuyerMessage ?? plan.decidedAt),
    );
    for (const message of conversation) {
      const fromBuyer = message.side === "buyer";
      messages.push({
        id: randomUUID(),
        quoteId: id,
        senderId: fromBuyer ? tender.userId : factory.userId,
        body: message.body,
        createdAt: message.at,
      });
      const mark = fromBuyer ? factoryReadAt : buyerReadAt;
      notify(
        fromBuyer ? factory.userId : tender.userId,
        "message-received",
        fromBuyer ? tender.userId : factory.userId,
        message.at,
        mark && message.at <= mark ? mark : null,
      );
    }
    if (plan.decidedAt) {
      const kind: NotificationKind =
        plan.status === "accepted"
          ? "quote-accepted"
          : plan.byAward
            ? "tender-awarded"
            : "quote-declined";
      notify(
        factory.userId,
        kind,
        tender.userId,
        plan.decidedAt,
        seen(plan.decidedAt, factoryReadAt),
      );
    }
  }

  return { quotes, messages, notifications, awards };
}
