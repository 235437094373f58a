/**
 * Orders after the award (decision 032): one order per accepted quote, made in the transaction
 * that accepts it (`createOrderForQuote`, called by acceptQuote), with the quote's terms copied.
 * Its steps (app/domain/orders.ts) are done by the side they belong to, with words and files, each
 * one an order_events row and a notification (with its email) for the other side. Either side
 * may cancel before shipping, with a reason. An admin reads any order, changes none. Anybody else
 * (a visitor, another buyer or factory, a party whose other side is blocked) gets not-found.
 *
 * Both parties' links are SET NULL: when an account is deleted the other side keeps the order,
 * its history and files, and sees 'Удаленный пользователь' (`detachOrders` runs first, so that
 * no order row is reached by several SET NULL paths in one statement).
 */
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Attachment, declaredAttachmentKind, isEmptyFileInput } from "~/domain/attachments";
import { messagesFor, orders as orderMessages } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import {
  actionsAt,
  firstStep,
  isOpenStep,
  isOrderAction,
  listStateOf,
  mayCancel,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderListState,
  type OrderSide,
  plannedDateOf,
  plannedDates,
  STEP_OWNER,
} from "~/domain/orders";
import { failures, type Outcome, ok } from "~/domain/outcome";
import { isAttachmentKey } from "~/domain/uploads";
import type { CurrentUser } from "~/platform/actor.server";
import { orderStorageProblem } from "~/platform/attachment-storage.server";
import {
  assertStoredAttachments,
  removeAttachments,
  storeAttachments,
} from "~/platform/attachments.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { accountDisplayName, displayNameColumns } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, pageWindow } from "~/platform/pagination.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { checkFields } from "~/platform/validation.server";
import type { OrderEventKind, OrderStep } from "~db/schema";
import {
  buyerUser,
  factoryUser,
  type OrderParty,
  orderPartyOf,
  tellOrderParties,
} from "./access.server";
import { ORDER_PROBLEMS, type OrderProblem } from "./problems";
import { type OrderStepInput, orderStepSchema } from "./schema";
import { lapseOpenProposals, type OrderAgreementView, orderAgreement } from "./terms.server";

const fail = failures(ORDER_PROBLEMS);
const orders = schema.orders;
const orderEvents = schema.orderEvents;

export type OrderOutcome<T> = Outcome<T, OrderProblem>;
export type { OrderParty };

// ---------------------------------------------------------------------------------------------
// Made at the award

/**
 * Makes the order of an accepted quote, inside the accepting transaction `tx`: the quote's terms,
 * the tender's title and both names as they are now, the planned dates from today.
 */
export async function createOrderForQuote(
  tx: DbOrTx,
  quoteId: string,
  now: Date = new Date(),
): Promise<{ id: string }> {
  const buyer = alias(schema.users, "buyer");
  const buyerProfile = alias(schema.profiles, "buyer_profile");
  const [quote] = await tx
    .select({
      quoteId: schema.quotes.id,
      tenderId: schema.tenders.id,
      tenderTitle: schema.tenders.title,
      buyerId: schema.tenders.userId,
      buyerEmail: buyer.email,
      buyerProfile: {
        userType: buyerProfile.userType,
        name: buyerProfile.name,
        nickname: buyerProfile.nickname,
        factoryName: buyerProfile.factoryName,
        businessName: buyerProfile.businessName,
      },
      factoryId: schema.quotes.factoryId,
      factoryUserId: schema.quotes.userId,
      factoryName: schema.factories.name,
      unitPrice: schema.quotes.unitPrice,
      currency: schema.quotes.currency,
      quantity: schema.quotes.quantity,
      leadTimeDays: schema.quotes.leadTimeDays,
      sampleAvailable: schema.quotes.sampleAvailable,
      samplePrice: schema.quotes.samplePrice,
      sampleDays: schema.quotes.sampleDays,
    })
    .from(schema.quotes)
    .innerJoin(schema.tenders, eq(schema.tenders.id, schema.quotes.tenderId))
    .innerJoin(schema.factories, eq(schema.factories.id, schema.quotes.factoryId))
    .innerJoin(buyer, eq(buyer.id, schema.tenders.userId))
    .leftJoin(buyerProfile, eq(buyerProfile.id, schema.tenders.userId))
    .where(eq(schema.quotes.id, quoteId));
  if (!quote) throw new Error("the accepted quote is gone");
  const [row] = await tx
    .insert(orders)
    .values({
      quoteId: quote.quoteId,
      tenderId: quote.tenderId,
      buyerId: quote.buyerId,
      factoryId: quote.factoryId,
      factoryUserId: quote.factoryUserId,
      tenderTitle: quote.tenderTitle,
      factoryName: quote.factoryName,
      buyerName: accountDisplayName(quote.buyerEmail, quote.buyerProfile),
      unitPrice: quote.unitPrice,
      currency: quote.currency,
      quantity: quote.quantity,
      leadTimeDays: quote.leadTimeDays,
      sampleAvailable: quote.sampleAvailable,
      samplePrice: quote.samplePrice,
      sampleDays: quote.sampleDays,
      step: firstStep(quote.sampleAvailable),
      ...plannedDates(now, quote),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("the order was not stored");
  return row;
}

/**
 * Before an account is deleted: its orders lose their links to it (and to the tenders, quotes
 * and factory that go with it) in one statement per row, so that the cascades of the deletion
 * reach no order row twice. The other side keeps the order.
 */
export async function detachOrders(tx: DbOrTx, account: string): Promise<void> {
  const gone = sql`(select id from tenders where user_id = ${account})`;
  await tx.execute(sql`update ${orders} set
      buyer_id = case when buyer_id = ${account} then null else buyer_id end,
      factory_user_id = case when factory_user_id = ${account} then null else factory_user_id end,
      factory_id = case when factory_user_id = ${account} then null else factory_id end,
      tender_id = case when buyer_id = ${account} or tender_id in ${gone} then null else tender_id end,
      quote_id = null
    where buyer_id = ${account} or factory_user_id = ${account}`);
  await tx.execute(sql`update ${orderEvents} set actor_id = null where actor_id = ${account}`);
  // A proposal or a dispute may name the account twice (proposed and answered, flagged and
  // resolved): one statement each, before the delete's SET NULL would reach the row twice.
  await tx.execute(sql`update ${schema.orderProposals} set
      proposer_id = case when proposer_id = ${account} then null else proposer_id end,
      answered_by_id = case when answered_by_id = ${account} then null else answered_by_id end
    where proposer_id = ${account} or answered_by_id = ${account}`);
  await tx.execute(sql`update ${schema.orderDisputes} set
      raised_by_id = case when raised_by_id = ${account} then null else raised_by_id end,
      resolved_by_id = case when resolved_by_id = ${account} then null else resolved_by_id end
    where raised_by_id = ${account} or resolved_by_id = ${account}`);
}

// ---------------------------------------------------------------------------------------------
// The lists

export const ORDERS_PAGE_SIZE = 20;

/** The SQL of the planned date of the step due (app/domain/orders.ts plannedDateOf). */
export const plannedOfStep = sql<Date | null>`case ${orders.step}
  when 'sample-send' then ${orders.samplePlannedAt}
  when 'sample-review' then ${orders.samplePlannedAt}
  when 'production' then ${orders.productionPlannedAt}
  when 'quality' then ${orders.qualityPlannedAt}
  when 'shipping' then ${orders.shippingPlannedAt}
  when 'delivery' then ${orders.deliveryPlannedAt}
  end`;

/** The SQL condition of a list state (app/domain/orders.ts listStateOf), at `now`. */
export function stateCondition(state: OrderListState, now: Date): SQL {
  const open = sql`${orders.step} not in ('delivered', 'cancelled')`;
  switch (state) {
    case "delivered":
      return sql`${orders.step} = 'delivered'`;
    case "cancelled":
      return sql`${orders.step} = 'cancelled'`;
    case "late":
      return sql`${open} and ${plannedOfStep} < ${now}`;
    case "in-progress":
      return sql`${open} and (${plannedOfStep} is null or ${plannedOfStep} >= ${now})`;
  }
}

export interface OrderListItem {
  id: string;
  tenderTitle: string;
  /** The other side's name as it was at the award; null once that account is deleted. */
  otherSide: string | null;
  step: OrderStep;
  state: OrderListState;
  /** Who owes the step due; null once the order is over. */
  owes: OrderSide | null;
  mine: boolean;
  plannedAt: string | null;
  quantity: number;
  unitPrice: number;
  currency: string;
  createdAt: string;
}

export interface OrderList extends Page<OrderListItem> {
  side: OrderSide;
  state: OrderListState | null;
  counts: Record<OrderListState, number>;
}

/**
 * The orders `actor` sees in its lists: its own as buyer (or, for a factory, as the factory),
 * none whose other side is blocked. `otherColumn` is the other side's account.
 */
export function ownOrders(actor: CurrentUser) {
  const side: OrderSide = actor.userType === "factory" ? "factory" : "buyer";
  const mineColumn = side === "buyer" ? orders.buyerId : orders.factoryUserId;
  const otherColumn = side === "buyer" ? orders.factoryUserId : orders.buyerId;
  const visible = and(
    eq(mineColumn, actor.id),
    sql`not exists (select 1 from ${schema.users} b where b.id = ${otherColumn} and b.banned is true)`,
  ) as SQL;
  return { side, visible, otherColumn };
}

/** How many of the actor's orders are in each list state at `now` (one query). */
export async function orderCounts(
  db: Db,
  actor: CurrentUser,
  now: Date = new Date(),
): Promise<Record<OrderListState, number>> {
  const { visible } = ownOrders(actor);
  const [counts] = await db
    .select({
      "in-progress": sql<number>`(count(*) filter (where ${stateCondition("in-progress", now)}))::int`,
      late: sql<number>`(count(*) filter (where ${stateCondition("late", now)}))::int`,
      delivered: sql<number>`(count(*) filter (where ${stateCondition("delivered", now)}))::int`,
      cancelled: sql<number>`(count(*) filter (where ${stateCondition("cancelled", now)}))::int`,
    })
    .from(orders)
    .where(visible);
  return {
    "in-progress": Number(counts?.["in-progress"] ?? 0),
    late: Number(counts?.late ?? 0),
    delivered: Number(counts?.delivered ?? 0),
    cancelled: Number(counts?.cancelled ?? 0),
  };
}

/** The signed-in account's orders as buyer (or, for a factory, as the factory), newest first. */
export async function listOrders(
  db: Db,
  actor: CurrentUser,
  { state, page, now = new Date() }: { state: OrderListState | null; page?: number; now?: Date },
): Promise<OrderList> {
  const { side, visible, otherColumn } = ownOrders(actor);
  const other = side === "buyer" ? factoryUser : buyerUser;
  const countsOf = await orderCounts(db, actor, now);
  const total = state
    ? countsOf[state]
    : Object.values(countsOf).reduce((sum, count) => sum + count, 0);
  const window = pageWindow(total, page ?? 1, ORDERS_PAGE_SIZE);
  const where = state ? (and(visible, stateCondition(state, now)) as SQL) : visible;
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: orders.id,
            tenderTitle: orders.tenderTitle,
            otherId: other.id,
            otherName: side === "buyer" ? orders.factoryName : orders.buyerName,
            step: orders.step,
            quantity: orders.quantity,
            unitPrice: orders.unitPrice,
            currency: orders.currency,
            samplePlannedAt: orders.samplePlannedAt,
            productionPlannedAt: orders.productionPlannedAt,
            qualityPlannedAt: orders.qualityPlannedAt,
            shippingPlannedAt: orders.shippingPlannedAt,
            deliveryPlannedAt: orders.deliveryPlannedAt,
            createdAt: orders.createdAt,
          })
          .from(orders)
          .leftJoin(other, eq(other.id, otherColumn))
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(window.pageSize)
          .offset(window.offset);
  return {
    side,
    state,
    counts: countsOf,
    page: window.page,
    pageCount: window.pageCount,
    pageSize: window.pageSize,
    total,
    items: rows.map((row) => {
      const owes = isOpenStep(row.step) ? STEP_OWNER[row.step] : null;
      return {
        id: row.id,
        tenderTitle: row.tenderTitle,
        otherSide: row.otherId ? row.otherName : null,
        step: row.step,
        state: listStateOf(row.step, row, now),
        owes,
        mine: owes === side,
        plannedAt: plannedDateOf(row.step, row)?.toISOString() ?? null,
        quantity: row.quantity,
        unitPrice: Number(row.unitPrice),
        currency: row.currency,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// One order

export interface OrderEventView {
  id: string;
  kind: OrderEventKind;
  side: OrderSide | null;
  /** The name of who did it; null once that account is deleted. */
  actorName: string | null;
  comment: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  attachments: Attachment[];
  createdAt: string;
}

export interface OrderView {
  id: string;
  party: OrderParty;
  tenderTitle: string;
  tenderId: string | null;
  /** The quote's conversation, while both accounts exist. */
  quoteId: string | null;
  buyerName: string | null;
  factoryName: string | null;
  factoryId: string | null;
  unitPrice: number;
  currency: string;
  quantity: number;
  leadTimeDays: number;
  sampleAvailable: boolean;
  samplePrice: number | null;
  sampleDays: number | null;
  step: OrderStep;
  state: OrderListState;
  owes: OrderSide | null;
  planned: {
    sample: string | null;
    production: string;
    quality: string;
    shipping: string;
    delivery: string;
  };
  /** When each stage was done (the latest event of its kind). */
  done: Partial<Record<OrderEventKind, string>>;
  cancelReason: string | null;
  events: OrderEventView[];
  /** What the viewer may do now. */
  actions: OrderAction[];
  mayCancel: boolean;
  createdAt: string;
  /** The changes of terms proposed and the disputes flagged (decision 034). */
  agreement: OrderAgreementView;
}

/** An order as its page shows it to a party or an admin; null for anybody else. */
export async function openOrder(
  db: Db,
  viewer: CurrentUser | null,
  orderId: string | null | undefined,
  now: Date = new Date(),
): Promise<OrderView | null> {
  const access = await orderPartyOf(db, viewer, orderId);
  if (!access) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, access.orderId));
  if (!row) return null;
  const actor = alias(schema.users, "event_actor");
  const events = await db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      actorId: orderEvents.actorId,
      actorEmail: actor.email,
      factoryName: schema.factories.name,
      profile: displayNameColumns,
      comment: orderEvents.comment,
      carrier: orderEvents.carrier,
      trackingNumber: orderEvents.trackingNumber,
      attachments: orderEvents.attachments,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(actor, eq(actor.id, orderEvents.actorId))
    .leftJoin(schema.factories, eq(schema.factories.userId, orderEvents.actorId))
    .leftJoin(schema.profiles, eq(schema.profiles.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const done: Partial<Record<OrderEventKind, string>> = {};
  for (const event of events) done[event.kind] = event.createdAt.toISOString();
  const owes = isOpenStep(row.step) ? STEP_OWNER[row.step] : null;
  const party = access.party;
  return {
    id: row.id,
    party,
    tenderTitle: row.tenderTitle,
    tenderId: row.tenderId,
    quoteId: row.buyerId && row.factoryUserId ? row.quoteId : null,
    buyerName: row.buyerId ? row.buyerName : null,
    factoryName: row.factoryUserId ? row.factoryName : null,
    factoryId: row.factoryId,
    unitPrice: Number(row.unitPrice),
    currency: row.currency,
    quantity: row.quantity,
    leadTimeDays: row.leadTimeDays,
    sampleAvailable: row.sampleAvailable,
    samplePrice: row.samplePrice === null ? null : Number(row.samplePrice),
    sampleDays: row.sampleDays,
    step: row.step,
    state: listStateOf(row.step, row, now),
    owes,
    planned: {
      sample: row.samplePlannedAt?.toISOString() ?? null,
      production: row.productionPlannedAt.toISOString(),
      quality: row.qualityPlannedAt.toISOString(),
      shipping: row.shippingPlannedAt.toISOString(),
      delivery: row.deliveryPlannedAt.toISOString(),
    },
    done,
    cancelReason: row.cancelReason,
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      side:
        event.actorId === null
          ? null
          : event.actorId === row.factoryUserId
            ? "factory"
            : event.actorId === row.buyerId
              ? "buyer"
              : null,
      actorName:
        event.actorId === null
          ? null
          : (event.factoryName ?? accountDisplayName(event.actorEmail, event.profile)),
      comment: event.comment,
      carrier: event.carrier,
      trackingNumber: event.trackingNumber,
      attachments: event.attachments,
      createdAt: event.createdAt.toISOString(),
    })),
    actions: party === "admin" ? [] : actionsAt(row.step, party),
    mayCancel: party !== "admin" && mayCancel(row.step),
    createdAt: row.createdAt.toISOString(),
    agreement: await orderAgreement(db, row, party),
  };
}

// ---------------------------------------------------------------------------------------------
// Doing a step

/** The fields each kind keeps (the rest of the form is dropped). */
function eventFields(kind: OrderEventKind, input: OrderStepInput) {
  return {
    comment: input.comment ?? null,
    carrier: kind === "shipped" ? (input.carrier ?? null) : null,
    trackingNumber:
      kind === "shipped" || kind === "sample-sent" ? (input.trackingNumber ?? null) : null,
  };
}

/**
 * Records one step (`input.intent`, an action of app/domain/orders.ts, or 'cancel') on the order:
 * only a party, only the side the step belongs to, only the step due now (checked again under
 * the order's row lock), and cancelling only before shipping. The files are stored by the
 * caller; on any refusal nothing is written and the caller removes them.
 */
export async function recordOrderEvent(
  db: Db,
  actor: CurrentUser,
  orderId: string | null | undefined,
  input: unknown,
  attachments: readonly Attachment[] = [],
  locale: Locale = DEFAULT_LOCALE,
): Promise<OrderOutcome<{ id: string; kind: OrderEventKind }>> {
  const fields = checkFields(orderStepSchema, input);
  if (!fields.ok) return fields;
  if (attachments.length > MAX_ATTACHMENTS) return fail("too-many-attachments");
  assertStoredAttachments("orders", attachments);
  const value = fields.value;
  const kind: OrderEventKind = value.intent === "cancel" ? "cancelled" : value.intent;
  if (kind === "quality-passed" && !attachments.some((file) => file.kind === "pdf")) {
    return reportRequired(locale);
  }
  return db.transaction(async (tx) => {
    const access = await orderPartyOf(tx, actor, orderId, { forUpdate: true });
    if (!access) return fail("not-found");
    if (access.party === "admin") return fail("read-only");
    const side = access.party;
    let to: OrderStep;
    if (kind === "cancelled") {
      if (!mayCancel(access.step)) return fail("not-cancellable");
      to = "cancelled";
    } else {
      if (!isOrderAction(kind)) return fail("wrong-step");
      const rule = ORDER_ACTIONS[kind];
      if (!isOpenStep(access.step) || rule.at !== access.step) {
        // Whose the step would be says which refusal it is.
        return STEP_OWNER[rule.at] !== side ? fail("not-your-step") : fail("wrong-step");
      }
      if (STEP_OWNER[rule.at] !== side) return fail("not-your-step");
      to = rule.to;
    }
    const full = await orderStorageProblem(tx, actor.id, access.orderId, attachments);
    if (full) return fail(full);
    const now = new Date();
    if (!isOpenStep(to)) await lapseOpenProposals(tx, access.orderId, now);
    await tx
      .update(orders)
      .set({
        step: to,
        updatedAt: now,
        ...(kind === "cancelled" ? { cancelReason: value.comment ?? null } : {}),
      })
      .where(eq(orders.id, access.orderId));
    const [event] = await tx
      .insert(orderEvents)
      .values({
        orderId: access.orderId,
        kind,
        actorId: actor.id,
        ...eventFields(kind, value),
        attachments: [...attachments],
        createdAt: now,
      })
      .returning({ id: orderEvents.id });
    if (!event) throw new Error("the order event was not stored");
    const otherSide = side === "buyer" ? access.factoryUserId : access.buyerId;
    await tellOrderParties(tx, access, [otherSide], `order-${kind}`, actor.id);
    // The other side's open pages hear of it through the notification (tellOrderParties);
    // the actor's own page is reloaded by the redirect (a live event of its own would cancel
    // that reload, and its toast with it).
    return ok({ id: event.id, kind });
  });
}

/** The quality check needs its inspection report (a PDF): said on the files' field. */
function reportRequired(locale: Locale) {
  const t = messagesFor(locale, { orders: orderMessages }).orders.errors;
  return fail("invalid", { attachments: [t.reportRequired] });
}

/**
 * The order page's use case for every form: the actor's step or cancellation, read with the
 * form's schema in the request's language, its files checked and stored privately first (and
 * removed again when the step is refused).
 */
export async function doOrderStep(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
): Promise<OrderOutcome<{ id: string; kind: OrderEventKind }>> {
  const { db, storage, actor, locale } = context;
  // Strangers and admins are turned away before any file is read.
  const may = await mayActOnOrder(context, orderId);
  if (!may.ok) return may;
  const fields = readFields(context, orderStepSchema, form);
  if (!fields.ok) return fields;
  if (fields.value.intent === "quality-passed") {
    // Said before any file is stored: a report must be among the chosen files.
    const chosen = form.getAll("attachments");
    const hasPdf = chosen.some(
      (file) =>
        typeof file !== "string" &&
        !isEmptyFileInput(file) &&
        declaredAttachmentKind(file) === "pdf",
    );
    if (!hasPdf) return reportRequired(locale);
  }
  const saved = await withStoredFiles(
    () => storeAttachments(storage, form.getAll("attachments"), locale),
    ({ attachments }) => recordOrderEvent(db, actor, orderId, fields.value, attachments, locale),
    ({ attachments }) => removeAttachments(storage, attachments),
  );
  if (!saved.stored) return fail("invalid", { attachments: saved.refused.errors });
  return saved.written;
}

/** Whether the actor is a party who may act on the order (asked before the body is read). */
export async function mayActOnOrder(
  { db, actor }: Pick<UseCaseContext, "db" | "actor">,
  orderId: string | null | undefined,
): Promise<OrderOutcome<{ party: OrderSide }>> {
  const access = await orderPartyOf(db, actor, orderId);
  if (!access) return fail("not-found");
  if (access.party === "admin") return fail("read-only");
  return ok({ party: access.party });
}

// ---------------------------------------------------------------------------------------------
// Files

/**
 * The file `file` (`{uuid}.pdf`, `{uuid}.webp`) of one of the order's events, for its parties and
 * admins only; null for anybody else, an unknown order or file, a file of another order.
 */
export async function findOrderFile(
  db: Db,
  viewer: CurrentUser | null,
  orderId: string | null | undefined,
  file: string | null | undefined,
): Promise<Attachment | null> {
  const key = `attachments/${file ?? ""}`;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return null;
  const access = await orderPartyOf(db, viewer, orderId);
  if (!access) return null;
  const [row] = await db
    .select({ attachments: orderEvents.attachments })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, access.orderId),
        sql`${orderEvents.attachments} @> ${JSON.stringify([{ url: key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.attachments.find((attachment) => attachment.url === key) ?? null;
}

/** The order made from the quote `quoteId`, when `viewer` may see it (the conversation links it). */
export async function orderOfQuote(
  db: Db,
  viewer: CurrentUser | null,
  quoteId: string | null | undefined,
): Promise<string | null> {
  if (!viewer || !isUuid(quoteId)) return null;
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quoteId));
  if (!row) return null;
  return (await orderPartyOf(db, viewer, row.id)) ? row.id : null;
}

/** The orders of these accounts, for tests and the seed (ids only). */
export async function ordersOf(db: DbOrTx, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(or(inArray(orders.buyerId, [...userIds]), inArray(orders.factoryUserId, [...userIds])));
  return rows.map((row) => row.id);
}
