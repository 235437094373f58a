/**
 * Quotes: a factory's answer to a tender, and the buyer's decision. Every rule lives here:
 *
 * - A signed-in account with a factory profile (not blocked: blocked accounts cannot sign in)
 *   answers an active tender of another account with one quote (unique per tender and factory).
 * - The factory edits its quote, adds or removes attachments, or withdraws it while it is
 *   'submitted'; once the buyer has decided, it is fixed.
 * - Only the tender's owner decides: shortlist marks, decline (with an optional reason), accept.
 *   Accepting awards the tender and declines every other submitted quote, in one transaction.
 * - Who may see a quote is `quotePartyOf` (app/features/quotes/parties.server.ts): the two parties and
 *   an admin. Lists leave out quotes whose other side is blocked.
 * - Each event stores its notifications in the same transaction (app/features/notifications/notifications.server.ts).
 *
 * Functions answer an Outcome with a problem of QUOTE_PROBLEMS (./problems.ts), never words. The
 * use cases of the pages (./factory-quotes.server.ts, ./decisions.server.ts) read the forms and
 * call the writers here; tests and the demo seed call them directly.
 */

import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { invalid, type Outcome, ok } from "~/domain/outcome";
import {
  insertNotifications,
  type NewNotification,
} from "~/features/notifications/notifications.server";
import { createOrderForQuote } from "~/features/orders/orders.server";
import { type QuoteFields, quoteSchema } from "~/features/quotes/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { attachmentStorageProblem } from "~/platform/attachment-storage.server";
import { assertStoredAttachments } from "~/platform/attachments.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { notifyLive } from "~/platform/live.server";
import { type Page, type PageRequest, readPage } from "~/platform/pagination.server";
import { checkFields } from "~/platform/validation.server";
import { otherSideNotBanned, ownerNotBanned, tenderVisibleTo } from "~/platform/visibility.server";
import type { Attachment, QuoteStatus, TenderStatus } from "~db/schema";
import { comparisonOf, inUsd, listExchangeRates } from "./exchange-rates.server";
import { quotePartyOf } from "./parties.server";
import { quoteFailure as fail, type QuoteProblem } from "./problems";

/** What a writer of quotes answers. */
export type QuoteOutcome<T> = Outcome<T, QuoteProblem>;

/** Why the factory may not send a (new) quote on a tender it sees. */
export type QuoteFormProblem = Extract<
  QuoteProblem,
  "own-tender" | "not-a-factory" | "already-decided" | "tender-not-active"
>;

const quotes = schema.quotes;
const tenders = schema.tenders;
const factories = schema.factories;

export interface QuoteDto {
  id: string;
  tenderId: string;
  factoryId: string;
  unitPrice: number;
  currency: string;
  quantity: number;
  minOrder: number | null;
  leadTimeDays: number;
  sampleAvailable: boolean;
  samplePrice: number | null;
  sampleDays: number | null;
  validUntil: Date;
  message: string | null;
  attachments: Attachment[];
  status: QuoteStatus;
  declineReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const quoteColumns = {
  id: quotes.id,
  tenderId: quotes.tenderId,
  factoryId: quotes.factoryId,
  unitPrice: quotes.unitPrice,
  currency: quotes.currency,
  quantity: quotes.quantity,
  minOrder: quotes.minOrder,
  leadTimeDays: quotes.leadTimeDays,
  sampleAvailable: quotes.sampleAvailable,
  samplePrice: quotes.samplePrice,
  sampleDays: quotes.sampleDays,
  validUntil: quotes.validUntil,
  message: quotes.message,
  attachments: quotes.attachments,
  status: quotes.status,
  declineReason: quotes.declineReason,
  decidedAt: quotes.decidedAt,
  createdAt: quotes.createdAt,
  updatedAt: quotes.updatedAt,
};

type QuoteRow = { [K in keyof typeof quoteColumns]: (typeof quotes.$inferSelect)[K] };

function toDto(row: QuoteRow): QuoteDto {
  return {
    ...row,
    // numeric comes back as a string from some drivers even in number mode.
    unitPrice: Number(row.unitPrice),
    samplePrice: row.samplePrice == null ? null : Number(row.samplePrice),
    attachments: Array.isArray(row.attachments) ? row.attachments : [],
  };
}

/** The factory (id) of an account, or null when it has no factory profile. */
async function factoryOf(db: Db, actor: CurrentUser): Promise<string | null> {
  if (actor.userType !== "factory") return null;
  const [row] = await db
    .select({ id: factories.id })
    .from(factories)
    .where(eq(factories.userId, actor.id))
    .limit(1);
  return row?.id ?? null;
}

function storedValues(fields: QuoteFields) {
  return {
    unitPrice: fields.unitPrice,
    currency: fields.currency,
    quantity: fields.quantity,
    minOrder: fields.minOrder ?? null,
    leadTimeDays: fields.leadTimeDays,
    sampleAvailable: fields.sampleAvailable,
    samplePrice: fields.sampleAvailable ? (fields.samplePrice ?? null) : null,
    sampleDays: fields.sampleAvailable ? (fields.sampleDays ?? null) : null,
    validUntil: fields.validUntil,
    message: fields.message ?? null,
  };
}

/** A notification about the quote `quoteId` on `tender`, caused by `actor`. */
function quoteEvent(
  actor: CurrentUser,
  tender: { id: string; title: string },
  kind: NewNotification["kind"],
  userId: string,
  quoteId: string,
): NewNotification {
  return {
    userId,
    kind,
    actorId: actor.id,
    tenderId: tender.id,
    quoteId,
    tenderTitle: tender.title,
  };
}

/**
 * Runs `change` in one transaction on the quote `quoteId` as `lock` finds and locks it for the
 * actor, while it is 'submitted'; once the buyer has decided (or the factory withdrew it), it is
 * fixed. A malformed id is not found.
 */
async function whileSubmitted<Quote extends { status: QuoteStatus }, T>(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  lock: (tx: DbOrTx, actor: CurrentUser, quoteId: string) => Promise<Quote | null>,
  change: (tx: DbOrTx, quote: Quote, quoteId: string) => Promise<QuoteOutcome<T>>,
): Promise<QuoteOutcome<T>> {
  if (!isUuid(quoteId)) return fail("not-found");
  return db.transaction(async (tx) => {
    const quote = await lock(tx, actor, quoteId);
    if (!quote) return fail("not-found");
    if (quote.status !== "submitted") return fail("already-decided");
    return change(tx, quote, quoteId);
  });
}

/** The columns of a tender that both sides' quote pages show, and its owner. */
const tenderColumns = {
  id: tenders.id,
  title: tenders.title,
  status: tenders.status,
  quantity: tenders.quantity,
  budget: tenders.budget,
  currency: tenders.currency,
  userId: tenders.userId,
};

/** A tender read with tenderColumns as a page shows it: without its owner, the budget a number. */
function tenderView<Row extends { userId: string; budget: number | null }>({
  userId: _owner,
  ...view
}: Row) {
  // numeric comes back as a string from some drivers even in number mode.
  return { ...view, budget: view.budget == null ? null : Number(view.budget) };
}

// ---------------------------------------------------------------------------------------------
// The factory's side

export interface QuotableTender {
  id: string;
  title: string;
  status: TenderStatus;
  quantity: number | null;
  budget: number | null;
  currency: string | null;
  country: string | null;
  city: string | null;
}

export interface QuoteFormState {
  tender: QuotableTender;
  /** The factory's own quote on it, if it has one. */
  own: QuoteDto | null;
  /** Why the factory may not send a (new) quote; null when it may. */
  problem: QuoteFormProblem | null;
}

/** A tender as the quote form needs it, with the factory's own quote; null when not visible. */
export async function quoteFormState(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
): Promise<QuoteFormState | null> {
  if (!isUuid(tenderId)) return null;
  const [tender] = await db
    .select({ ...tenderColumns, country: tenders.country, city: tenders.city })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), ownerNotBanned("tenders"), tenderVisibleTo(actor)));
  if (!tender) return null;
  const { userId } = tender;
  const factoryId = await factoryOf(db, actor);
  const [own] = factoryId
    ? await db
        .select(quoteColumns)
        .from(quotes)
        .where(and(eq(quotes.tenderId, tenderId), eq(quotes.factoryId, factoryId)))
    : [];
  // Somebody else's closed tender is not shown at all, as on the public list.
  if (tender.status !== "active" && !own && userId !== actor.id) return null;
  let problem: QuoteFormProblem | null = null;
  if (userId === actor.id) problem = "own-tender";
  else if (!factoryId) problem = "not-a-factory";
  // A withdrawn quote may be sent again while the tender takes quotes.
  else if (own) {
    const open =
      own.status === "submitted" || (own.status === "withdrawn" && tender.status === "active");
    problem = open ? null : "already-decided";
  } else if (tender.status !== "active") problem = "tender-not-active";
  return { tender: tenderView(tender), own: own ? toDto(own) : null, problem };
}

/**
 * The quote form's fields checked for a caller that did not read the form itself (tests, the
 * seed): refused fields are said in the default language.
 */
function checkedFields(input: unknown): Outcome<QuoteFields, "invalid"> {
  const fields = checkFields(quoteSchema, input, "attachments");
  return fields.ok ? ok(fields.value) : invalid(fields.fieldErrors);
}

/** insertQuote with the quote form's fields unchecked (`input`). */
export async function submitQuote(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
  input: unknown,
  attachments: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  const fields = checkedFields(input);
  return fields.ok ? insertQuote(db, actor, tenderId, fields.value, attachments) : fields;
}

/**
 * Sends the factory's quote on an active tender, with attachments already stored. On failure
 * nothing is written and the caller removes the stored files.
 */
export async function insertQuote(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
  fields: QuoteFields,
  attachments: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  if (attachments.length > MAX_ATTACHMENTS) {
    return fail("too-many-attachments");
  }
  assertStoredAttachments("quotes", attachments);
  if (!isUuid(tenderId)) return fail("tender-not-found");
  const factoryId = await factoryOf(db, actor);
  if (!factoryId) return fail("not-a-factory");
  return db.transaction(async (tx): Promise<QuoteOutcome<QuoteDto>> => {
    // Locks the tender row, so an award cannot slip between the check and the insert.
    const [tender] = await tx
      .select({
        id: tenders.id,
        userId: tenders.userId,
        status: tenders.status,
        title: tenders.title,
      })
      .from(tenders)
      .where(and(eq(tenders.id, tenderId), ownerNotBanned("tenders"), tenderVisibleTo(actor)))
      .for("update");
    if (!tender) return fail("tender-not-found");
    if (tender.userId === actor.id) return fail("own-tender");
    if (tender.status !== "active") return fail("tender-not-active");
    const full = await attachmentStorageProblem(tx, actor.id, null, attachments);
    if (full) return fail(full);
    const [row] = await tx
      .insert(quotes)
      .values({
        ...storedValues(fields),
        tenderId,
        factoryId,
        userId: actor.id,
        attachments: [...attachments],
        status: "submitted",
        factoryReadAt: new Date(),
      })
      .onConflictDoNothing({ target: [quotes.tenderId, quotes.factoryId] })
      .returning(quoteColumns);
    if (!row) return fail("already-quoted");
    await insertNotifications(tx, [
      quoteEvent(
        actor,
        { id: tenderId, title: tender.title },
        "quote-received",
        tender.userId,
        row.id,
      ),
    ]);
    await notifyLive(tx, { users: [tender.userId], kind: "quote", quoteId: row.id, tenderId });
    return ok(toDto(row));
  });
}

/** The factory's own quote (locked for the transaction). */
async function ownQuote(tx: DbOrTx, actor: CurrentUser, quoteId: string) {
  const [row] = await tx
    .select({
      ...quoteColumns,
      buyerId: tenders.userId,
      tenderStatus: tenders.status,
      tenderTitle: tenders.title,
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(and(eq(quotes.id, quoteId), eq(quotes.userId, actor.id)))
    .for("update", { of: quotes });
  return row ?? null;
}

/**
 * Writes `changes` into the factory's submitted quote, tells the buyer (`notice`: the quote was
 * changed or withdrawn) and the buyer's open pages.
 */
async function saveOwnQuote(
  tx: DbOrTx,
  actor: CurrentUser,
  current: { buyerId: string; tenderTitle: string },
  quoteId: string,
  changes: Partial<typeof quotes.$inferInsert>,
  notice: "quote-updated" | "quote-withdrawn",
): Promise<QuoteOutcome<QuoteDto>> {
  const [row] = await tx
    .update(quotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quotes.id, quoteId))
    .returning(quoteColumns);
  if (!row) return fail("not-found");
  await insertNotifications(tx, [
    quoteEvent(
      actor,
      { id: row.tenderId, title: current.tenderTitle },
      notice,
      current.buyerId,
      quoteId,
    ),
  ]);
  await notifyLive(tx, {
    users: [current.buyerId],
    kind: "quote",
    quoteId,
    tenderId: row.tenderId,
  });
  return ok(toDto(row));
}

/** saveQuote with the quote form's fields unchecked (`input`). */
export async function updateQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  input: unknown,
  added: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  const fields = checkedFields(input);
  return fields.ok ? saveQuote(db, actor, quoteId, fields.value, added) : fields;
}

/**
 * Saves the fields of the factory's submitted quote, appending newly stored attachments. On
 * failure nothing is written and the caller removes the stored files.
 */
export async function saveQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  fields: QuoteFields,
  added: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  assertStoredAttachments("quotes", added);
  return whileSubmitted(db, actor, quoteId, ownQuote, async (tx, current, quoteId) => {
    if (current.attachments.length + added.length > MAX_ATTACHMENTS) {
      return fail("too-many-attachments");
    }
    const full = await attachmentStorageProblem(tx, actor.id, quoteId, added);
    if (full) return fail(full);
    return saveOwnQuote(
      tx,
      actor,
      current,
      quoteId,
      { ...storedValues(fields), attachments: [...current.attachments, ...added] },
      "quote-updated",
    );
  });
}

/**
 * Takes one attachment off the factory's submitted quote. Returns the removed attachment (for
 * the caller to remove from storage).
 */
export async function removeQuoteAttachment(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  url: string | null | undefined,
): Promise<QuoteOutcome<Attachment>> {
  if (typeof url !== "string") return fail("not-found");
  return whileSubmitted(db, actor, quoteId, ownQuote, async (tx, current, quoteId) => {
    const removed = current.attachments.find((file) => file.url === url);
    if (!removed) return fail("not-found");
    await tx
      .update(quotes)
      .set({
        attachments: current.attachments.filter((file) => file.url !== url),
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, quoteId));
    return ok(removed);
  });
}

/** Withdraws the factory's submitted quote (kept, marked 'withdrawn'). */
export async function withdrawQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
): Promise<QuoteOutcome<QuoteDto>> {
  return whileSubmitted(db, actor, quoteId, ownQuote, (tx, current, quoteId) =>
    saveOwnQuote(tx, actor, current, quoteId, { status: "withdrawn" }, "quote-withdrawn"),
  );
}

/** resendQuote with the quote form's fields unchecked (`input`). */
export async function resubmitQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  input: unknown,
  added: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  const fields = checkedFields(input);
  return fields.ok ? resendQuote(db, actor, quoteId, fields.value, added) : fields;
}

/**
 * Sends the factory's withdrawn quote again, with its fields saved anew and newly stored
 * attachments appended, while its tender is active: the buyer is told of it as of a new quote.
 * On failure nothing is written and the caller removes the stored files.
 */
export async function resendQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  fields: QuoteFields,
  added: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  assertStoredAttachments("quotes", added);
  if (!isUuid(quoteId)) return fail("not-found");
  return db.transaction(async (tx): Promise<QuoteOutcome<QuoteDto>> => {
    const current = await ownQuote(tx, actor, quoteId);
    if (!current) return fail("not-found");
    if (current.status !== "withdrawn") return fail("already-decided");
    // Locks the tender, so an award or a close cannot slip between the check and the update.
    const [tender] = await tx
      .select({ status: tenders.status })
      .from(tenders)
      .where(and(eq(tenders.id, current.tenderId), ownerNotBanned("tenders")))
      .for("update");
    if (!tender) return fail("tender-not-found");
    if (tender.status !== "active") return fail("tender-not-active");
    if (current.attachments.length + added.length > MAX_ATTACHMENTS) {
      return fail("too-many-attachments");
    }
    const full = await attachmentStorageProblem(tx, actor.id, quoteId, added);
    if (full) return fail(full);
    const [row] = await tx
      .update(quotes)
      .set({
        ...storedValues(fields),
        attachments: [...current.attachments, ...added],
        status: "submitted",
        decidedAt: null,
        declineReason: null,
        updatedAt: new Date(),
      })
      .where(and(eq(quotes.id, quoteId), eq(quotes.status, "withdrawn")))
      .returning(quoteColumns);
    if (!row) return fail("not-found");
    const about = { id: row.tenderId, title: current.tenderTitle };
    await insertNotifications(tx, [
      quoteEvent(actor, about, "quote-received", current.buyerId, quoteId),
    ]);
    await notifyLive(tx, {
      users: [current.buyerId],
      kind: "quote",
      quoteId,
      tenderId: row.tenderId,
    });
    return ok(toDto(row));
  });
}

/** Unread messages of a party: written by the other side after the party last read. */
function unreadFor(side: "buyer" | "factory"): SQL<number> {
  const readAt = side === "buyer" ? quotes.buyerReadAt : quotes.factoryReadAt;
  const me = side === "buyer" ? tenders.userId : quotes.userId;
  return sql<number>`(select count(*)::int from ${schema.quoteMessages} m where m.quote_id = ${quotes.id} and m.sender_id <> ${me} and (${readAt} is null or m.created_at > ${readAt}))`;
}

export interface OwnQuote extends QuoteDto {
  tender: {
    id: string;
    title: string;
    status: TenderStatus;
    country: string | null;
    city: string | null;
  };
  unread: number;
}

export const QUOTES_PAGE_SIZE = 20;

/** The factory's quotes ('Мои отклики'), newest activity first, with unread message counts. */
export async function listOwnQuotes(
  db: Db,
  actor: CurrentUser,
  { page }: PageRequest = {},
): Promise<Page<OwnQuote>> {
  const where = and(eq(quotes.userId, actor.id), otherSideNotBanned("factory"));
  const [{ total }] = (await db
    .select({ total: count() })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(where)) as [{ total: number }];
  return readPage(total, page, QUOTES_PAGE_SIZE, async ({ offset, pageSize }) => {
    const rows = await db
      .select({
        ...quoteColumns,
        tender: {
          id: tenders.id,
          title: tenders.title,
          status: tenders.status,
          country: tenders.country,
          city: tenders.city,
        },
        unread: unreadFor("factory"),
      })
      .from(quotes)
      .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
      .where(where)
      .orderBy(
        sql`greatest(${quotes.updatedAt}, coalesce(${quotes.lastMessageAt}, ${quotes.updatedAt})) desc`,
        desc(quotes.id),
      )
      .limit(pageSize)
      .offset(offset);
    return rows.map(({ tender, unread, ...row }) => ({
      ...toDto(row),
      tender,
      unread: Number(unread),
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// The buyer's side

export interface QuoteFactory {
  id: string;
  name: string;
  nameEn: string | null;
  verified: boolean;
  country: string | null;
  city: string | null;
  logoUrl: string | null;
}

export interface ReceivedQuote extends QuoteDto {
  shortlisted: boolean;
  factory: QuoteFactory;
  unread: number;
  /** Unit price × quantity, in the quote's currency. */
  total: number;
  /** Price and total in the comparison's currency; null when the quote's rate is unknown. */
  compared: { unitPrice: number; total: number; currency: string } | null;
}

/** The orders the comparison table can be sorted by. */
export const QUOTE_SORTS = [
  "price",
  "total",
  "quantity",
  "minOrder",
  "leadTime",
  "validity",
  "newest",
] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

export function isQuoteSort(value: unknown): value is QuoteSort {
  return (QUOTE_SORTS as readonly unknown[]).includes(value);
}

// Prices and totals compare in one currency (US dollars by the stored rates); a quote in a
// currency without a rate comes after the others, in its own amount.
const sortOrder: Record<QuoteSort, SQL[]> = {
  price: [
    sql`${inUsd(quotes.unitPrice, quotes.currency)} asc nulls last`,
    sql`${quotes.unitPrice} asc`,
  ],
  total: [
    sql`${inUsd(sql`${quotes.unitPrice} * ${quotes.quantity}`, quotes.currency)} asc nulls last`,
    sql`${quotes.unitPrice} * ${quotes.quantity} asc`,
  ],
  quantity: [sql`${quotes.quantity} desc`],
  minOrder: [sql`${quotes.minOrder} asc nulls first`],
  leadTime: [sql`${quotes.leadTimeDays} asc`],
  validity: [sql`${quotes.validUntil} desc`],
  newest: [sql`${quotes.createdAt} desc`],
};

export interface TenderQuotes {
  tender: {
    id: string;
    title: string;
    status: TenderStatus;
    quantity: number | null;
    budget: number | null;
    currency: string | null;
    createdAt: Date;
  };
  quotes: ReceivedQuote[];
  /** The viewer's standing: the owner decides, an admin only looks. */
  viewer: "buyer" | "admin";
  /**
   * The currency the quotes are compared in (the tender's when it has a rate, else US dollars),
   * the day of the oldest rate used (null when no quote needed one) and the currencies without a
   * rate.
   */
  comparison: { currency: string; rateDate: Date | null; missing: string[] };
  /** Only the shortlisted quotes are listed; `counts` are of the whole tender either way. */
  shortlistedOnly: boolean;
  counts: { all: number; shortlisted: number };
}

export interface TenderQuotesRequest {
  sort?: QuoteSort;
  /** List only the quotes the buyer shortlisted. */
  shortlistedOnly?: boolean;
}

/**
 * One of the buyer's tenders with the quotes it received (withdrawn ones last, quotes of blocked
 * factories left out), sorted, all or the shortlisted only; an admin may look too. Null when the
 * viewer may not see it. The owner's notifications of new, changed and withdrawn quotes on the
 * tender are read once the page shows them.
 */
export async function listTenderQuotes(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
  { sort = "price", shortlistedOnly = false }: TenderQuotesRequest = {},
): Promise<TenderQuotes | null> {
  if (!isUuid(tenderId)) return null;
  const [tender] = await db
    .select({ ...tenderColumns, createdAt: tenders.createdAt })
    .from(tenders)
    .where(eq(tenders.id, tenderId));
  if (!tender || (tender.userId !== actor.id && !actor.isAdmin)) return null;
  const rows = await db
    .select({
      ...quoteColumns,
      shortlisted: quotes.shortlisted,
      unread: unreadFor("buyer"),
      factory: {
        id: factories.id,
        name: factories.name,
        nameEn: factories.nameEn,
        verifiedAt: factories.verifiedAt,
        country: factories.country,
        city: factories.city,
        logoUrl: factories.logoUrl,
      },
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .innerJoin(factories, eq(factories.id, quotes.factoryId))
    .where(and(eq(quotes.tenderId, tenderId), otherSideNotBanned("buyer")))
    .orderBy(sql`(${quotes.status} = 'withdrawn') asc`, ...sortOrder[sort], desc(quotes.id));
  const viewer = tender.userId === actor.id ? "buyer" : "admin";
  if (viewer === "buyer") await markQuoteNoticesRead(db, actor, { tenderId });
  const comparison = comparisonOf(
    await listExchangeRates(db),
    rows.map((row) => row.currency),
    tender.currency,
  );
  const all = rows.map(({ shortlisted, unread, factory, ...row }): ReceivedQuote => {
    const { verifiedAt, ...rest } = factory;
    const dto = toDto(row);
    const total = dto.unitPrice * dto.quantity;
    const unitPrice = comparison.convert(dto.unitPrice, dto.currency);
    const totalCompared = comparison.convert(total, dto.currency);
    return {
      ...dto,
      shortlisted,
      unread: Number(unread),
      factory: { ...rest, verified: verifiedAt != null },
      total,
      compared:
        unitPrice == null || totalCompared == null
          ? null
          : { unitPrice, total: totalCompared, currency: comparison.currency },
    };
  });
  const shortlisted = all.filter((quote) => quote.shortlisted);
  return {
    tender: tenderView(tender),
    viewer,
    quotes: shortlistedOnly ? shortlisted : all,
    comparison: {
      currency: comparison.currency,
      rateDate: comparison.rateDate,
      missing: comparison.missing,
    },
    shortlistedOnly,
    counts: { all: all.length, shortlisted: shortlisted.length },
  };
}

/** The notifications about quotes themselves (not their messages or decisions). */
const QUOTE_NOTICE_KINDS = ["quote-received", "quote-updated", "quote-withdrawn"] as const;

/**
 * Marks read the viewer's notifications about quotes (new, changed, withdrawn) of a tender or of
 * one quote: the page that shows them has been opened.
 */
export async function markQuoteNoticesRead(
  db: DbOrTx,
  viewer: Pick<CurrentUser, "id">,
  about: { tenderId: string } | { quoteId: string },
): Promise<void> {
  const notifications = schema.notifications;
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, viewer.id),
        "tenderId" in about
          ? eq(notifications.tenderId, about.tenderId)
          : eq(notifications.quoteId, about.quoteId),
        inArray(notifications.kind, [...QUOTE_NOTICE_KINDS]),
        sql`${notifications.readAt} is null`,
      ),
    );
}

/** A quote on one of the buyer's own tenders, locked for the transaction. */
async function receivedQuote(tx: DbOrTx, actor: CurrentUser, quoteId: string) {
  const access = await quotePartyOf(tx, actor, quoteId);
  if (access?.party !== "buyer") return null;
  const [row] = await tx
    .select({ status: quotes.status, tenderId: quotes.tenderId, factoryUserId: quotes.userId })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  return row ? { ...row, access } : null;
}

/** Marks or unmarks a received quote as shortlisted (the buyer's own note). */
export async function setShortlisted(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  shortlisted: boolean,
): Promise<QuoteOutcome<true>> {
  if (!isUuid(quoteId)) return fail("not-found");
  const access = await quotePartyOf(db, actor, quoteId);
  if (access?.party !== "buyer") return fail("not-found");
  await db.update(quotes).set({ shortlisted }).where(eq(quotes.id, quoteId));
  return ok(true as const);
}

/** Declines a submitted quote on the buyer's tender, with an optional reason. */
export async function declineQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  reason: string | null,
): Promise<QuoteOutcome<true>> {
  return whileSubmitted(db, actor, quoteId, receivedQuote, async (tx, quote, quoteId) => {
    await tx
      .update(quotes)
      .set({ status: "declined", declineReason: reason, decidedAt: new Date() })
      .where(eq(quotes.id, quoteId));
    const tender = { id: quote.tenderId, title: quote.access.tenderTitle };
    await insertNotifications(tx, [
      quoteEvent(actor, tender, "quote-declined", quote.factoryUserId, quoteId),
    ]);
    await notifyLive(tx, {
      users: [quote.factoryUserId],
      kind: "quote",
      quoteId,
      tenderId: quote.tenderId,
    });
    return ok(true as const);
  });
}

/**
 * Accepts a submitted quote on the buyer's active tender: the quote is accepted, the tender
 * awarded, and every other submitted quote declined; the winner is told its quote was accepted,
 * the others that the tender went to another factory.
 */
export async function acceptQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
): Promise<QuoteOutcome<true>> {
  return whileSubmitted(db, actor, quoteId, receivedQuote, async (tx, quote, quoteId) => {
    const [tender] = await tx
      .update(tenders)
      .set({ status: "awarded", updatedAt: new Date() })
      .where(
        and(
          eq(tenders.id, quote.tenderId),
          eq(tenders.userId, actor.id),
          eq(tenders.status, "active"),
        ),
      )
      .returning({ id: tenders.id, title: tenders.title });
    if (!tender) return fail("tender-not-active");
    const now = new Date();
    await tx
      .update(quotes)
      .set({ status: "accepted", decidedAt: now })
      .where(eq(quotes.id, quoteId));
    const others = await tx
      .update(quotes)
      .set({ status: "declined", decidedAt: now })
      .where(
        and(eq(quotes.tenderId, tender.id), ne(quotes.id, quoteId), eq(quotes.status, "submitted")),
      )
      .returning({ id: quotes.id, userId: quotes.userId });
    // The order of the accepted quote, with its terms as they are now (decision 032).
    await createOrderForQuote(tx, quoteId, now);
    await insertNotifications(tx, [
      quoteEvent(actor, tender, "quote-accepted", quote.factoryUserId, quoteId),
      ...others.map((other) => quoteEvent(actor, tender, "tender-awarded", other.userId, other.id)),
    ]);
    await notifyLive(tx, {
      users: [quote.factoryUserId, ...others.map((other) => other.userId)],
      kind: "quote",
      tenderId: tender.id,
    });
    return ok(true as const);
  });
}

/** Every file of a quote and its messages (for removal from storage with the quote). */
export async function quoteFiles(db: Db, quoteIds: readonly string[]): Promise<Attachment[]> {
  if (quoteIds.length === 0) return [];
  const quoteRows = await db
    .select({ attachments: quotes.attachments })
    .from(quotes)
    .where(inArray(quotes.id, [...quoteIds]));
  const messageRows = await db
    .select({ attachments: schema.quoteMessages.attachments })
    .from(schema.quoteMessages)
    .where(inArray(schema.quoteMessages.quoteId, [...quoteIds]));
  return [...quoteRows, ...messageRows].flatMap((row) => row.attachments ?? []);
}
