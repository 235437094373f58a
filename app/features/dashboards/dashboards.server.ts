/**
 * The figures of the two dashboards (issue 30, item 4; docs/decisions/035-dashboards.md): the
 * factory's (/factory-dashboard) and the buyer's (/buyer-dashboard). Each figure group is one SQL
 * aggregate (no rows are loaded to be counted here):
 *
 * - orders by list state, the definition of the order lists (orders.server.ts orderCounts);
 * - the late stages: the open orders whose due step is past its planned date, the latest first;
 * - quotes by month over the last 12 months (UTC): a factory's sent and won, a buyer's received
 *   and accepted; a withdrawn quote counts for neither side;
 * - the median time to the first answer in a quote's conversation: for a factory, from the
 *   buyer's first message to the factory's first message after it; for a buyer, from the quote
 *   (the factory's opening words) to the buyer's first message after it. Only messages count as
 *   answers; a conversation opened in the period and not answered yet, on a quote still open,
 *   is counted apart (waiting).
 *
 * A blocked other side's orders, quotes and conversations are left out, as on the lists.
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { isOpenStep, type OrderListState, type OrderSide, STEP_OWNER } from "~/domain/orders";
import {
  orderCounts,
  ownOrders,
  plannedOfStep,
  stateCondition,
} from "~/features/orders/orders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { otherSideNotBanned } from "~/platform/visibility.server";
import type { OrderStep } from "~db/schema";

const { orders, quotes, tenders, quoteMessages } = schema;

/** How many months the quotes' chart and the answer time look back (this month included). */
export const DASHBOARD_MONTHS = 12;
/** How many late stages the dashboard lists (the count says how many there are in all). */
export const LATE_STAGES_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LateStage {
  orderId: string;
  tenderTitle: string;
  /** The other side's name as it was at the award; null once that account is deleted. */
  otherSide: string | null;
  step: OrderStep;
  /** Who owes the step. */
  owes: OrderSide;
  mine: boolean;
  plannedAt: string;
  /** Whole days past the planned date (at least 1 on the day after it). */
  daysLate: number;
}

export interface QuoteMonth {
  /** 'YYYY-MM' (UTC). */
  month: string;
  /** A factory's quotes sent, a buyer's received. */
  quotes: number;
  /** Of those, accepted: a factory's won, a buyer's accepted. */
  accepted: number;
}

export interface AnswerTime {
  /** The median, in seconds; null when no conversation was answered in the period. */
  medianSeconds: number | null;
  /** The conversations answered (the median's sample). */
  answered: number;
  /**
   * The conversations opened by the other side in the period, not answered yet, whose quote still
   * waits for the buyer's decision.
   */
  waiting: number;
}

export interface DashboardFigures {
  side: OrderSide;
  orders: Record<OrderListState, number>;
  late: LateStage[];
  quotes: { months: QuoteMonth[]; total: number; accepted: number };
  answers: AnswerTime;
}

/** The first instant of the month `offset` months from the month of `now` (UTC). */
function monthStart(now: Date, offset: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

/** The months of the chart, oldest first, as 'YYYY-MM'. */
export function dashboardMonths(now: Date): string[] {
  return Array.from({ length: DASHBOARD_MONTHS }, (_, i) =>
    monthStart(now, i - DASHBOARD_MONTHS + 1)
      .toISOString()
      .slice(0, 7),
  );
}

/** Everything both dashboards show, for the signed-in factory or buyer (`side` from the account). */
export async function dashboardFigures(
  db: Db,
  actor: CurrentUser,
  now: Date = new Date(),
): Promise<DashboardFigures> {
  const { side } = ownOrders(actor);
  const since = monthStart(now, -DASHBOARD_MONTHS + 1);
  const until = monthStart(now, 1);
  const [counts, late, quoteMonths, answers] = await Promise.all([
    orderCounts(db, actor, now),
    lateStages(db, actor, now),
    quotesByMonth(db, actor, side, since, until),
    answerTime(db, actor, side, since, until),
  ]);
  const byMonth = new Map(quoteMonths.map((row) => [row.month, row]));
  const months = dashboardMonths(now).map(
    (month) => byMonth.get(month) ?? { month, quotes: 0, accepted: 0 },
  );
  return {
    side,
    orders: counts,
    late,
    quotes: {
      months,
      total: months.reduce((sum, m) => sum + m.quotes, 0),
      accepted: months.reduce((sum, m) => sum + m.accepted, 0),
    },
    answers,
  };
}

/** The actor's late orders (the lists' 'late' state), the most overdue first. */
async function lateStages(db: Db, actor: CurrentUser, now: Date): Promise<LateStage[]> {
  const { side, visible, otherColumn } = ownOrders(actor);
  const rows = await db
    .select({
      id: orders.id,
      tenderTitle: orders.tenderTitle,
      otherId: otherColumn,
      otherName: side === "buyer" ? orders.factoryName : orders.buyerName,
      step: orders.step,
      plannedAt: sql<Date | string>`${plannedOfStep}`,
    })
    .from(orders)
    .where(and(visible, stateCondition("late", now)))
    .orderBy(asc(plannedOfStep), asc(orders.id))
    .limit(LATE_STAGES_SHOWN);
  return rows.flatMap((row) => {
    if (!isOpenStep(row.step)) return [];
    const plannedAt = new Date(row.plannedAt);
    const owes = STEP_OWNER[row.step];
    return [
      {
        orderId: row.id,
        tenderTitle: row.tenderTitle,
        otherSide: row.otherId ? row.otherName : null,
        step: row.step,
        owes,
        mine: owes === side,
        plannedAt: plannedAt.toISOString(),
        daysLate: Math.max(1, Math.floor((now.getTime() - plannedAt.getTime()) / DAY_MS)),
      },
    ];
  });
}

/** The quotes that count for the side: a factory's own, or those on a buyer's tenders. */
function quotesOf(actor: CurrentUser, side: OrderSide): SQL {
  return and(
    side === "factory" ? eq(quotes.userId, actor.id) : eq(tenders.userId, actor.id),
    otherSideNotBanned(side),
  ) as SQL;
}

async function quotesByMonth(
  db: Db,
  actor: CurrentUser,
  side: OrderSide,
  since: Date,
  until: Date,
): Promise<QuoteMonth[]> {
  const month = sql<string>`to_char(date_trunc('month', ${quotes.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      quotes: sql<number>`count(*)::int`,
      accepted: sql<number>`(count(*) filter (where ${quotes.status} = 'accepted'))::int`,
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(
      and(
        quotesOf(actor, side),
        sql`${quotes.status} <> 'withdrawn'`,
        sql`${quotes.createdAt} >= ${since}`,
        sql`${quotes.createdAt} < ${until}`,
      ),
    )
    .groupBy(month);
  return rows.map((row) => ({
    month: row.month,
    quotes: Number(row.quotes),
    accepted: Number(row.accepted),
  }));
}

async function answerTime(
  db: Db,
  actor: CurrentUser,
  side: OrderSide,
  since: Date,
  until: Date,
): Promise<AnswerTime> {
  // When the other side opened each conversation: the buyer's first message (for a factory), or
  // the quote itself (for a buyer; a withdrawn quote waits for nobody).
  const opened =
    side === "factory"
      ? sql`(select min(m.created_at) from ${quoteMessages} m where m.quote_id = ${quotes.id} and m.sender_id = ${tenders.userId})`
      : sql`${quotes.createdAt}`;
  const open = side === "factory" ? sql`true` : sql`${quotes.status} <> 'withdrawn'`;
  const conversations = db
    .select({
      openedAt: sql<Date>`${opened}`.as("opened_at"),
      answeredAt: sql<Date | null>`(select min(m.created_at) from ${quoteMessages} m
        where m.quote_id = ${quotes.id} and m.sender_id = ${actor.id}
          and m.created_at > ${opened})`.as("answered_at"),
      live: sql<boolean>`${quotes.status} = 'submitted'`.as("live"),
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(and(quotesOf(actor, side), open))
    .as("conversations");
  const [row] = await db
    .select({
      median: sql<
        number | string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${conversations.answeredAt} - ${conversations.openedAt}))`,
      answered: sql<number>`count(${conversations.answeredAt})::int`,
      waiting: sql<number>`(count(*) filter (where ${conversations.answeredAt} is null and ${conversations.live}))::int`,
    })
    .from(conversations)
    .where(
      and(sql`${conversations.openedAt} >= ${since}`, sql`${conversations.openedAt} < ${until}`),
    );
  return {
    medianSeconds: row?.median == null ? null : Math.round(Number(row.median)),
    answered: Number(row?.answered ?? 0),
    waiting: Number(row?.waiting ?? 0),
  };
}
