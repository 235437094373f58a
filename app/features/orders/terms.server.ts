/**
 * An order's terms changed by agreement, and disagreements flagged to an admin (decision 034).
 *
 * Either party proposes a change of the agreed terms (price, currency, quantity, lead time, the
 * sample's terms, the planned dates of the steps still open) with an optional comment; the other
 * side accepts or declines it, the proposer may withdraw it; at most one is open per order (a
 * partial unique index, and the check under the order's row lock). Accepting applies the change
 * to the order in the same transaction. Every proposal stays, with its answer: the order's
 * history. Terms change no more once the order is delivered or cancelled (an open proposal then
 * lapses). Either party may flag the order to the admins with a reason; an admin resolves it
 * with a note. Each step tells the other side (both sides, for a resolution).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { messagesFor, orders as orderMessages } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import {
  changeableTerms,
  isPlannedDateField,
  mayChangeTerms,
  type OrderSide,
  PLANNED_DATE_ORDER,
  plannedDateOpen,
} from "~/domain/orders";
import { failures, type Outcome, ok } from "~/domain/outcome";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { accountDisplayName, type displayNameColumns } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, pageWindow } from "~/platform/pagination.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { checkFields } from "~/platform/validation.server";
import {
  ORDER_TERM_FIELDS,
  type OrderDisputeState,
  type OrderProposalState,
  type OrderTermField,
  type TermsChanges,
  type TermValue,
} from "~db/schema";
import { type OrderAccess, type OrderParty, orderPartyOf, tellOrderParties } from "./access.server";
import { ORDER_PROBLEMS, type OrderProblem } from "./problems";
import {
  disputeSchema,
  type OrderTermsInput,
  orderTermsSchema,
  plannedDateOfValue,
  plannedDateValue,
  resolveDisputeSchema,
  termsAnswerSchema,
} from "./schema";

const fail = failures(ORDER_PROBLEMS);
const orders = schema.orders;
const proposals = schema.orderProposals;
const disputes = schema.orderDisputes;

type Outcomes<T> = Outcome<T, OrderProblem>;
type OrderRow = typeof orders.$inferSelect;

/** The order's current value of each term, as a proposal records it (dates as ISO strings). */
export function termValues(order: OrderRow): Record<OrderTermField, TermValue> {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    unitPrice: Number(order.unitPrice),
    currency: order.currency,
    quantity: order.quantity,
    leadTimeDays: order.leadTimeDays,
    samplePrice: order.samplePrice === null ? null : Number(order.samplePrice),
    sampleDays: order.sampleDays,
    samplePlannedAt: iso(order.samplePlannedAt),
    productionPlannedAt: iso(order.productionPlannedAt),
    qualityPlannedAt: iso(order.qualityPlannedAt),
    shippingPlannedAt: iso(order.shippingPlannedAt),
    deliveryPlannedAt: iso(order.deliveryPlannedAt),
  };
}

/** Whether two values of a term are the same (a date by its day: the form sends days). */
function sameTerm(field: OrderTermField, a: TermValue, b: TermValue): boolean {
  if (a === null || b === null) return a === b;
  if (isPlannedDateField(field)) return plannedDateValue(String(a)) === plannedDateValue(String(b));
  return a === b;
}

/**
 * What the form asks to change, against the order as it is: only the terms open to change at
 * its step, only those that differ, with the planned dates kept in their order and not moved
 * into the past. Field errors in the form's language when a rule is broken.
 */
function changesOf(
  order: OrderRow,
  input: OrderTermsInput,
  now: Date,
  t: ReturnType<typeof termsErrors>,
): { ok: true; changes: TermsChanges } | { ok: false; fieldErrors: Record<string, string[]> } {
  const current = termValues(order);
  const open = new Set(changeableTerms(order.step, order.sampleAvailable));
  const changes: TermsChanges = {};
  const fieldErrors: Record<string, string[]> = {};
  for (const field of ORDER_TERM_FIELDS) {
    const given = input[field];
    if (given === undefined) continue;
    // A sample price of 0: a free sample (kept as none, as at the award); a day: its end (UTC).
    const to: TermValue =
      field === "samplePrice" && given === 0
        ? null
        : isPlannedDateField(field)
          ? (plannedDateOfValue(String(given))?.toISOString() ?? null)
          : given;
    if (sameTerm(field, current[field], to)) continue;
    if (!open.has(field)) {
      fieldErrors[field] = [t.termClosed];
      continue;
    }
    if (isPlannedDateField(field) && to !== null && new Date(String(to)) < startOfDay(now)) {
      fieldErrors[field] = [t.dateInPast];
      continue;
    }
    changes[field] = { from: current[field], to };
  }
  // The dates as they would be: each step no earlier than the one before it.
  const after = { ...current };
  for (const [field, change] of Object.entries(changes)) {
    after[field as OrderTermField] = change.to;
  }
  let previous: { field: OrderTermField; at: number } | null = null;
  for (const field of PLANNED_DATE_ORDER) {
    const value = after[field];
    if (value === null) continue;
    const at = new Date(String(value)).getTime();
    if (previous && at < previous.at && (changes[field] || changes[previous.field])) {
      const where = changes[field] ? field : previous.field;
      fieldErrors[where] = [t.datesOutOfOrder];
    }
    previous = { field, at };
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, changes };
}

function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The error words of the terms' form, in the form's language. */
function termsErrors(locale: Locale) {
  return messagesFor(locale, { orders: orderMessages }).orders.errors;
}

const otherSideOf = (access: OrderAccess, side: OrderSide) =>
  side === "buyer" ? access.factoryUserId : access.buyerId;

// ---------------------------------------------------------------------------------------------
// Proposals

/**
 * `actor` proposes a change of the order's terms: a party only, before delivery or
 * cancellation, while no other proposal is open, and only a change that changes something.
 */
export async function proposeTerms(
  db: Db,
  actor: CurrentUser,
  orderId: string | null | undefined,
  input: unknown,
  locale: Locale = DEFAULT_LOCALE,
  now: Date = new Date(),
): Promise<Outcomes<{ id: string }>> {
  const fields = checkFields(orderTermsSchema, input);
  if (!fields.ok) return fields;
  return db.transaction(async (tx) => {
    const access = await orderPartyOf(tx, actor, orderId, { forUpdate: true });
    if (!access) return fail("not-found");
    if (access.party === "admin") return fail("read-only");
    const side = access.party;
    if (!mayChangeTerms(access.step)) return fail("terms-closed");
    const [open] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.orderId, access.orderId), eq(proposals.state, "open")));
    if (open) return fail("proposal-open");
    const [order] = await tx.select().from(orders).where(eq(orders.id, access.orderId));
    if (!order) return fail("not-found");
    const found = changesOf(order, fields.value, now, termsErrors(locale));
    if (!found.ok) return fail("invalid", found.fieldErrors);
    if (Object.keys(found.changes).length === 0) return fail("no-change");
    const [row] = await tx
      .insert(proposals)
      .values({
        orderId: access.orderId,
        side,
        proposerId: actor.id,
        changes: found.changes,
        comment: fields.value.comment ?? null,
        createdAt: now,
      })
      .returning({ id: proposals.id });
    if (!row) throw new Error("the proposal was not stored");
    await tellOrderParties(
      tx,
      access,
      [otherSideOf(access, side)],
      "order-terms-proposed",
      actor.id,
    );
    return ok({ id: row.id });
  });
}

/** The order's columns a change of `field` writes. */
function columnsOf(changes: TermsChanges): Partial<OrderRow> {
  const set: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(changes) as [OrderTermField, { to: TermValue }][]) {
    set[field] = isPlannedDateField(field)
      ? change.to === null
        ? null
        : new Date(String(change.to))
      : change.to;
  }
  return set as Partial<OrderRow>;
}

export type TermsAnswer = "accepted" | "declined" | "withdrawn";

/**
 * The answer to the open proposal `proposalId`: accepted or declined by the other side (an
 * acceptance applies it to the order, under the order's row lock), or withdrawn by its proposer.
 */
export async function answerProposal(
  db: Db,
  actor: CurrentUser,
  orderId: string | null | undefined,
  input: unknown,
  now: Date = new Date(),
): Promise<Outcomes<{ id: string; state: TermsAnswer }>> {
  const fields = checkFields(termsAnswerSchema, input);
  if (!fields.ok) return fields;
  const state: TermsAnswer =
    fields.value.intent === "accept-terms"
      ? "accepted"
      : fields.value.intent === "decline-terms"
        ? "declined"
        : "withdrawn";
  const proposalId = fields.value.proposalId;
  return db.transaction(async (tx) => {
    const access = await orderPartyOf(tx, actor, orderId, { forUpdate: true });
    if (!access) return fail("not-found");
    if (access.party === "admin") return fail("read-only");
    const side = access.party;
    if (!isUuid(proposalId)) return fail("proposal-gone");
    const [proposal] = await tx
      .select()
      .from(proposals)
      .where(
        and(
          eq(proposals.id, proposalId),
          eq(proposals.orderId, access.orderId),
          eq(proposals.state, "open"),
        ),
      );
    if (!proposal) return fail("proposal-gone");
    if (state === "withdrawn" && proposal.side !== side) return fail("not-proposer");
    if (state !== "withdrawn" && proposal.side === side) return fail("own-proposal");
    if (state === "accepted") {
      if (!mayChangeTerms(access.step)) return fail("terms-closed");
      const stale = Object.keys(proposal.changes).some(
        (field) =>
          isPlannedDateField(field as OrderTermField) &&
          !plannedDateOpen(field as Parameters<typeof plannedDateOpen>[0], access.step),
      );
      if (stale) return fail("terms-stale");
      await tx
        .update(orders)
        .set({ ...columnsOf(proposal.changes), updatedAt: now })
        .where(eq(orders.id, access.orderId));
    }
    await tx
      .update(proposals)
      .set({ state, answeredById: actor.id, answeredAt: now })
      .where(eq(proposals.id, proposal.id));
    await tellOrderParties(
      tx,
      access,
      [otherSideOf(access, side)],
      `order-terms-${state}`,
      actor.id,
    );
    return ok({ id: proposal.id, state });
  });
}

/** When the order is delivered or cancelled, its open proposal lapses (inside that transaction). */
export async function lapseOpenProposals(tx: DbOrTx, orderId: string, now: Date): Promise<void> {
  await tx
    .update(proposals)
    .set({ state: "lapsed", answeredAt: now })
    .where(and(eq(proposals.orderId, orderId), eq(proposals.state, "open")));
}

// ---------------------------------------------------------------------------------------------
// Disputes

/** `actor`, a party, flags the order to the admins with a reason; one open dispute at a time. */
export async function flagDispute(
  db: Db,
  actor: CurrentUser,
  orderId: string | null | undefined,
  input: unknown,
  now: Date = new Date(),
): Promise<Outcomes<{ id: string }>> {
  const fields = checkFields(disputeSchema, input);
  if (!fields.ok) return fields;
  return db.transaction(async (tx) => {
    const access = await orderPartyOf(tx, actor, orderId, { forUpdate: true });
    if (!access) return fail("not-found");
    if (access.party === "admin") return fail("read-only");
    const [open] = await tx
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.orderId, access.orderId), eq(disputes.state, "open")));
    if (open) return fail("dispute-open");
    const [row] = await tx
      .insert(disputes)
      .values({
        orderId: access.orderId,
        side: access.party,
        raisedById: actor.id,
        reason: fields.value.reason,
        createdAt: now,
      })
      .returning({ id: disputes.id });
    if (!row) throw new Error("the dispute was not stored");
    await tellOrderParties(
      tx,
      access,
      [otherSideOf(access, access.party)],
      "order-dispute-opened",
      actor.id,
    );
    return ok({ id: row.id });
  });
}

/** An admin resolves an open dispute with a note; both parties are told. */
export async function resolveDispute(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  now: Date = new Date(),
): Promise<Outcomes<{ id: string; orderId: string }>> {
  if (!actor.isAdmin) return fail("admins-only");
  const fields = checkFields(resolveDisputeSchema, input);
  if (!fields.ok) return fields;
  const disputeId = fields.value.disputeId;
  if (!isUuid(disputeId)) return fail("no-dispute");
  return db.transaction(async (tx) => {
    const [dispute] = await tx
      .select({ orderId: disputes.orderId })
      .from(disputes)
      .where(and(eq(disputes.id, disputeId), eq(disputes.state, "open")));
    if (!dispute) return fail("no-dispute");
    const access = await orderPartyOf(tx, actor, dispute.orderId, { forUpdate: true });
    if (!access) return fail("no-dispute");
    const [done] = await tx
      .update(disputes)
      .set({
        state: "resolved",
        resolvedById: actor.id,
        resolution: fields.value.resolution,
        resolvedAt: now,
      })
      .where(and(eq(disputes.id, disputeId), eq(disputes.state, "open")))
      .returning({ id: disputes.id });
    if (!done) return fail("no-dispute");
    await tellOrderParties(
      tx,
      access,
      [access.buyerId, access.factoryUserId].filter((id) => id !== actor.id),
      "order-dispute-resolved",
      actor.id,
      fields.value.resolution,
    );
    return ok({ id: done.id, orderId: access.orderId });
  });
}

// ---------------------------------------------------------------------------------------------
// The order page's use cases (the route's intents)

export async function doProposeTerms(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
) {
  const fields = readFields(context, orderTermsSchema, form);
  if (!fields.ok) return fields;
  return proposeTerms(context.db, context.actor, orderId, fields.value, context.locale);
}

export async function doAnswerProposal(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
) {
  const fields = readFields(context, termsAnswerSchema, form);
  if (!fields.ok) return fields;
  return answerProposal(context.db, context.actor, orderId, fields.value);
}

export async function doFlagDispute(
  context: UseCaseContext,
  { orderId, form }: { orderId: string | null | undefined; form: FormData },
) {
  const fields = readFields(context, disputeSchema, form);
  if (!fields.ok) return fields;
  return flagDispute(context.db, context.actor, orderId, fields.value);
}

export async function doResolveDispute(context: UseCaseContext, { form }: { form: FormData }) {
  if (!context.actor.isAdmin) return fail("admins-only");
  const fields = readFields(context, resolveDisputeSchema, form);
  if (!fields.ok) return fields;
  return resolveDispute(context.db, context.actor, fields.value);
}

// ---------------------------------------------------------------------------------------------
// What the order page shows

export interface ProposalView {
  id: string;
  side: OrderSide;
  /** The proposer's name; null once that account is deleted. */
  proposerName: string | null;
  changes: TermsChanges;
  comment: string | null;
  state: OrderProposalState;
  answeredAt: string | null;
  createdAt: string;
}

export interface DisputeView {
  id: string;
  side: OrderSide;
  raisedByName: string | null;
  reason: string;
  state: OrderDisputeState;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

export interface OrderAgreementView {
  proposals: ProposalView[];
  disputes: DisputeView[];
  /** The open proposal, if any, and what the viewer may do with it. */
  open: { proposal: ProposalView; mayAnswer: boolean; mayWithdraw: boolean } | null;
  /** Whether the viewer may propose a change now, and the terms open to change with their values. */
  mayPropose: boolean;
  changeable: OrderTermField[];
  current: Record<OrderTermField, TermValue>;
  /** The open dispute, if any; whether the viewer may flag one now. */
  openDispute: DisputeView | null;
  mayFlag: boolean;
}

/** The proposals and disputes of an order, for its page (the viewer's side decides what it may do). */
export async function orderAgreement(
  db: DbOrTx,
  order: OrderRow,
  party: OrderParty,
): Promise<OrderAgreementView> {
  const person = alias(schema.users, "proposal_person");
  const personProfile = alias(schema.profiles, "proposal_person_profile");
  const personFactory = alias(schema.factories, "proposal_person_factory");
  const nameOf = (row: {
    personId: string | null;
    email: string | null;
    factoryName: string | null;
    profile: Parameters<typeof accountDisplayName>[1];
  }) => (row.personId ? (row.factoryName ?? accountDisplayName(row.email, row.profile)) : null);
  const profileColumns = {
    userType: personProfile.userType,
    name: personProfile.name,
    nickname: personProfile.nickname,
    factoryName: personProfile.factoryName,
    businessName: personProfile.businessName,
  } satisfies Record<keyof typeof displayNameColumns, unknown>;
  const [proposalRows, disputeRows] = await Promise.all([
    db
      .select({
        id: proposals.id,
        side: proposals.side,
        personId: person.id,
        email: person.email,
        factoryName: personFactory.name,
        profile: profileColumns,
        changes: proposals.changes,
        comment: proposals.comment,
        state: proposals.state,
        answeredAt: proposals.answeredAt,
        createdAt: proposals.createdAt,
      })
      .from(proposals)
      .leftJoin(person, eq(person.id, proposals.proposerId))
      .leftJoin(personProfile, eq(personProfile.id, proposals.proposerId))
      .leftJoin(personFactory, eq(personFactory.userId, proposals.proposerId))
      .where(eq(proposals.orderId, order.id))
      .orderBy(asc(proposals.createdAt), asc(proposals.id)),
    db
      .select({
        id: disputes.id,
        side: disputes.side,
        personId: person.id,
        email: person.email,
        factoryName: personFactory.name,
        profile: profileColumns,
        reason: disputes.reason,
        state: disputes.state,
        resolution: disputes.resolution,
        resolvedAt: disputes.resolvedAt,
        createdAt: disputes.createdAt,
      })
      .from(disputes)
      .leftJoin(person, eq(person.id, disputes.raisedById))
      .leftJoin(personProfile, eq(personProfile.id, disputes.raisedById))
      .leftJoin(personFactory, eq(personFactory.userId, disputes.raisedById))
      .where(eq(disputes.orderId, order.id))
      .orderBy(asc(disputes.createdAt), asc(disputes.id)),
  ]);
  const proposalViews: ProposalView[] = proposalRows.map((row) => ({
    id: row.id,
    side: row.side,
    proposerName: nameOf(row),
    changes: row.changes,
    comment: row.comment,
    state: row.state,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  const disputeViews: DisputeView[] = disputeRows.map((row) => ({
    id: row.id,
    side: row.side,
    raisedByName: nameOf(row),
    reason: row.reason,
    state: row.state,
    resolution: row.resolution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  const openProposal = proposalViews.find((proposal) => proposal.state === "open") ?? null;
  const openDispute = disputeViews.find((dispute) => dispute.state === "open") ?? null;
  const isParty = party !== "admin";
  return {
    proposals: proposalViews,
    disputes: disputeViews,
    open: openProposal
      ? {
          proposal: openProposal,
          mayAnswer: isParty && openProposal.side !== party,
          mayWithdraw: isParty && openProposal.side === party,
        }
      : null,
    mayPropose: isParty && mayChangeTerms(order.step) && !openProposal,
    changeable: isParty ? changeableTerms(order.step, order.sampleAvailable) : [],
    current: termValues(order),
    openDispute,
    mayFlag: isParty && !openDispute,
  };
}

// ---------------------------------------------------------------------------------------------
// The admins' list of disputes

export const DISPUTES_PAGE_SIZE = 20;

/** How many disputes wait for an admin (the admin page's link says it). */
export async function openDisputeCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(disputes)
    .where(eq(disputes.state, "open"));
  return Number(row?.n ?? 0);
}

export interface DisputeListItem {
  id: string;
  orderId: string;
  tenderTitle: string;
  buyerName: string | null;
  factoryName: string | null;
  side: OrderSide;
  reason: string;
  state: OrderDisputeState;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/** Flagged orders for the admins: the open disputes first, then the resolved, newest first. */
export async function listDisputes(
  db: Db,
  actor: CurrentUser,
  { page }: { page?: number } = {},
): Promise<(Page<DisputeListItem> & { open: number }) | null> {
  if (!actor.isAdmin) return null;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${disputes.state} = 'open'))::int`,
    })
    .from(disputes);
  const total = Number(counts?.total ?? 0);
  const window = pageWindow(total, page ?? 1, DISPUTES_PAGE_SIZE);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: disputes.id,
            orderId: disputes.orderId,
            tenderTitle: orders.tenderTitle,
            buyerId: orders.buyerId,
            buyerName: orders.buyerName,
            factoryUserId: orders.factoryUserId,
            factoryName: orders.factoryName,
            side: disputes.side,
            reason: disputes.reason,
            state: disputes.state,
            resolution: disputes.resolution,
            resolvedAt: disputes.resolvedAt,
            createdAt: disputes.createdAt,
          })
          .from(disputes)
          .innerJoin(orders, eq(orders.id, disputes.orderId))
          .orderBy(
            sql`case when ${disputes.state} = 'open' then 0 else 1 end`,
            desc(disputes.createdAt),
            desc(disputes.id),
          )
          .limit(window.pageSize)
          .offset(window.offset);
  return {
    open: Number(counts?.open ?? 0),
    total,
    page: window.page,
    pageCount: window.pageCount,
    pageSize: window.pageSize,
    items: rows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      tenderTitle: row.tenderTitle,
      buyerName: row.buyerId ? row.buyerName : null,
      factoryName: row.factoryUserId ? row.factoryName : null,
      side: row.side,
      reason: row.reason,
      state: row.state,
      resolution: row.resolution,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
