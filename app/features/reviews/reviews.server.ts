/**
 * Reviews of delivered orders (decision 033). After the buyer confirms delivery, the order's buyer
 * rates the factory once (quality, communication, on time: 1–5 each, and a text); the factory's
 * owner answers once, publicly; an admin hides a review with a reason, and both sides are told.
 * Each write checks who may do it under the order's row lock (`SELECT … FOR UPDATE`), so two
 * posts of one review (or one answer) write it once.
 *
 * The factory's figures (count and mean of its visible reviews, its delivered orders and how many
 * of them on time) are kept in `factories` by the triggers of migration 0023; the factory page
 * reads the per-criterion averages from the visible reviews (one index range).
 *
 * A review stays with the factory when the buyer's account is deleted (buyer_id null: shown as
 * 'Удаленный пользователь'); it goes with the factory.
 */
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { failures, type Outcome, ok } from "~/domain/outcome";
import { type OrderAccess, orderPartyOf, tellOrderParties } from "~/features/orders/access.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, pageWindow } from "~/platform/pagination.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { REVIEW_PROBLEMS, type ReviewProblem } from "./problems";
import { answerSchema, hideSchema, type ReviewIntent, reviewSchema } from "./schema";

const fail = failures(REVIEW_PROBLEMS);
const reviews = schema.reviews;
const orders = schema.orders;

export type ReviewOutcome<T> = Outcome<T, ReviewProblem>;

export interface ReviewMarks {
  quality: number;
  communication: number;
  onTime: number;
}

/** One review as the pages show it. */
export interface ReviewView extends ReviewMarks {
  id: string;
  orderId: string;
  /** The buyer's name as it was at the award; null once the buyer's account is deleted. */
  buyerName: string | null;
  factoryName: string;
  text: string;
  answer: string | null;
  answeredAt: string | null;
  createdAt: string;
  /** Only the order page shows these (its parties and admins); public lists hold none hidden. */
  hidden: { at: string; reason: string } | null;
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  buyerId: reviews.buyerId,
  buyerName: orders.buyerName,
  factoryName: orders.factoryName,
  quality: reviews.quality,
  communication: reviews.communication,
  onTime: reviews.onTime,
  text: reviews.text,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
};

type ReviewRow = {
  [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]["_"]["data"] | null;
};

function viewOf(row: ReviewRow): ReviewView {
  return {
    id: row.id as string,
    orderId: row.orderId as string,
    buyerName: row.buyerId ? (row.buyerName ?? null) : null,
    factoryName: row.factoryName ?? "",
    quality: row.quality as number,
    communication: row.communication as number,
    onTime: row.onTime as number,
    text: row.text as string,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: (row.createdAt as Date).toISOString(),
    hidden:
      row.hiddenAt && row.hiddenReason
        ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason }
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The order page

/** The review of an order and what the viewer may do with it (the order page). */
export interface OrderReview {
  review: ReviewView | null;
  /** The buyer may write the review now (delivered, none yet, the factory still there). */
  mayWrite: boolean;
  /** The factory may answer it now (not answered, not hidden). */
  mayAnswer: boolean;
  /** An admin may hide it (not hidden yet). */
  mayHide: boolean;
}

/**
 * The review part of an order's page, for `viewer` (a party or an admin, as openOrder decided);
 * null when the viewer may not see the order.
 */
export async function reviewOfOrder(
  db: Db,
  viewer: CurrentUser | null,
  orderId: string | null | undefined,
): Promise<OrderReview | null> {
  const access = await orderPartyOf(db, viewer, orderId);
  if (!access) return null;
  // The order and its review (if any) in one read.
  const [order] = await db
    .select({ ...reviewColumns, step: orders.step, factoryId: orders.factoryId })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(eq(orders.id, access.orderId));
  if (!order) return null;
  const review = order.id ? viewOf(order) : null;
  return {
    review,
    mayWrite:
      access.party === "buyer" && !review && order.step === "delivered" && order.factoryId !== null,
    mayAnswer: access.party === "factory" && review !== null && !review.answer && !review.hidden,
    mayHide:
      access.party === "admin" && viewer?.isAdmin === true && review !== null && !review.hidden,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing, answering, hiding

interface LockedOrder extends OrderAccess {
  factoryId: string | null;
}

/** The order under its row lock, with the viewer's standing; null when the viewer may not see it. */
async function lockOrder(
  tx: DbOrTx,
  actor: CurrentUser,
  orderId: string | null | undefined,
): Promise<LockedOrder | null> {
  const access = await orderPartyOf(tx, actor, orderId, { forUpdate: true });
  if (!access) return null;
  const [row] = await tx
    .select({ factoryId: orders.factoryId })
    .from(orders)
    .where(eq(orders.id, access.orderId));
  return row ? { ...access, factoryId: row.factoryId } : null;
}

/**
 * The buyer's review of a delivered order: only the order's buyer, only once the buyer confirmed
 * delivery, one per order (checked under the order's row lock; the unique index backs it), and
 * only while the factory's account exists. The factory is told.
 */
export async function writeReview(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
  now: Date = new Date(),
): Promise<ReviewOutcome<{ id: string }>> {
  const { db, actor } = context;
  const fields = readFields(context, reviewSchema, form);
  if (!fields.ok) return fields;
  const value = fields.value;
  return db.transaction(async (tx) => {
    const access = await lockOrder(tx, actor, orderId);
    if (!access) return fail("not-found");
    if (access.party !== "buyer") return fail("not-buyer");
    if (access.step !== "delivered") return fail("not-delivered");
    if (!access.factoryId) return fail("factory-gone");
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, access.orderId));
    if (existing) return fail("already-reviewed");
    const [row] = await tx
      .insert(reviews)
      .values({
        orderId: access.orderId,
        factoryId: access.factoryId,
        buyerId: actor.id,
        quality: value.quality,
        communication: value.communication,
        onTime: value.onTime,
        text: value.text,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error("the review was not stored");
    await tellOrderParties(tx, access, [access.factoryUserId], "review-received", actor.id);
    return ok({ id: row.id });
  });
}

/** The factory's one public answer to its order's review; the buyer is told. */
export async function answerReview(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
  now: Date = new Date(),
): Promise<ReviewOutcome<{ id: string }>> {
  const { db, actor } = context;
  const fields = readFields(context, answerSchema, form);
  if (!fields.ok) return fields;
  return db.transaction(async (tx) => {
    const access = await lockOrder(tx, actor, orderId);
    if (!access) return fail("not-found");
    if (access.party !== "factory") return fail("not-factory");
    const [review] = await tx
      .select({ id: reviews.id, answer: reviews.answer, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.orderId, access.orderId));
    if (!review) return fail("no-review");
    if (review.hiddenAt) return fail("review-hidden");
    if (review.answer !== null) return fail("already-answered");
    await tx
      .update(reviews)
      .set({ answer: fields.value.answer, answeredAt: now, updatedAt: now })
      .where(eq(reviews.id, review.id));
    await tellOrderParties(tx, access, [access.buyerId], "review-answered", actor.id);
    return ok({ id: review.id });
  });
}

/**
 * An admin hides an order's review with a reason: it leaves the factory's page and its figures.
 * The buyer and the factory are told (the reason is the notification's note).
 */
export async function hideReview(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
  now: Date = new Date(),
): Promise<ReviewOutcome<{ id: string }>> {
  const { db, actor } = context;
  if (!actor.isAdmin) return fail(isUuid(orderId) ? "not-admin" : "not-found");
  const fields = readFields(context, hideSchema, form);
  if (!fields.ok) return fields;
  return db.transaction(async (tx) => {
    const access = await lockOrder(tx, actor, orderId);
    if (!access) return fail("not-found");
    if (access.party !== "admin") return fail("not-admin");
    const [review] = await tx
      .select({ id: reviews.id, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.orderId, access.orderId));
    if (!review) return fail("no-review");
    if (review.hiddenAt) return fail("review-hidden");
    const reason = fields.value.reason;
    await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenReason: reason, hiddenBy: actor.id, updatedAt: now })
      .where(eq(reviews.id, review.id));
    await tellOrderParties(
      tx,
      access,
      [access.buyerId, access.factoryUserId],
      "review-hidden",
      actor.id,
      reason,
    );
    return ok({ id: review.id });
  });
}

/** The use case of each review form of the order page, by its intent. */
export const REVIEW_USE_CASES: Readonly<
  Record<
    ReviewIntent,
    (
      context: UseCaseContext,
      input: { orderId: string | null | undefined; form: FormData },
    ) => Promise<ReviewOutcome<{ id: string }>>
  >
> = {
  review: writeReview,
  "answer-review": answerReview,
  "hide-review": hideReview,
};

// ---------------------------------------------------------------------------------------------
// The factory page

/** Reviews on one page of the factory's reviews section. */
export const FACTORY_REVIEWS_PAGE_SIZE = 10;

export interface FactoryReputation {
  /** Visible reviews, and the mean of each mark over them (null without a review). */
  count: number;
  rating: number | null;
  averages: ReviewMarks | null;
  /** Delivered orders, how many on time, the share in whole percent (null before one). */
  deliveredOrders: number;
  onTimeOrders: number;
  onTimePercent: number | null;
}

export interface FactoryReviews extends Page<ReviewView> {
  reputation: FactoryReputation;
}

/**
 * The reviews section of a factory's public page: its figures and one page of its visible
 * reviews, newest first (reviews_factory_visible_idx: one index range, whatever the count).
 */
export async function factoryReviews(db: Db, factoryId: string, page = 1): Promise<FactoryReviews> {
  const visible: SQL = and(
    eq(reviews.factoryId, factoryId),
    sql`${reviews.hiddenAt} is null`,
  ) as SQL;
  const [figures] = await db
    .select({
      count: schema.factories.reviewCount,
      rating: schema.factories.rating,
      deliveredOrders: schema.factories.deliveredOrders,
      onTimeOrders: schema.factories.onTimeOrders,
      onTimePercent: schema.factories.onTimePercent,
      quality: sql<
        string | null
      >`(select round(avg(r.quality), 2) from ${reviews} r where r.factory_id = ${factoryId} and r.hidden_at is null)`,
      communication: sql<
        string | null
      >`(select round(avg(r.communication), 2) from ${reviews} r where r.factory_id = ${factoryId} and r.hidden_at is null)`,
      onTime: sql<
        string | null
      >`(select round(avg(r.on_time), 2) from ${reviews} r where r.factory_id = ${factoryId} and r.hidden_at is null)`,
    })
    .from(schema.factories)
    .where(eq(schema.factories.id, factoryId));
  const count = figures?.count ?? 0;
  const window = pageWindow(count, page, FACTORY_REVIEWS_PAGE_SIZE);
  const rows =
    count === 0
      ? []
      : await db
          .select(reviewColumns)
          .from(reviews)
          .innerJoin(orders, eq(orders.id, reviews.orderId))
          .where(visible)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(window.pageSize)
          .offset(window.offset);
  const averages =
    count > 0 && figures?.quality && figures.communication && figures.onTime
      ? {
          quality: Number(figures.quality),
          communication: Number(figures.communication),
          onTime: Number(figures.onTime),
        }
      : null;
  return {
    page: window.page,
    pageCount: window.pageCount,
    pageSize: window.pageSize,
    total: count,
    items: rows.map(viewOf),
    reputation: {
      count,
      rating: count > 0 && figures?.rating != null ? Number(figures.rating) : null,
      averages,
      deliveredOrders: figures?.deliveredOrders ?? 0,
      onTimeOrders: figures?.onTimeOrders ?? 0,
      onTimePercent: figures?.onTimePercent ?? null,
    },
  };
}
