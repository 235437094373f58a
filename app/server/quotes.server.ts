/**
 * Quotes: a factory's answer to a tender, and the buyer's decision. Every rule lives here:
 *
 * - A signed-in account with a factory profile (not blocked: blocked accounts cannot sign in)
 *   answers an active tender of another account with one quote (unique per tender and factory).
 * - The factory edits its quote, adds or removes attachments, or withdraws it while it is
 *   'submitted'; once the buyer has decided, it is fixed.
 * - Only the tender's owner decides: shortlist marks, decline (with an optional reason), accept.
 *   Accepting awards the tender and declines every other submitted quote, in one transaction.
 * - Who may see a quote is `quotePartyOf` (app/server/parties.server.ts): the two parties and
 *   an admin. Lists leave out quotes whose other side is blocked.
 * - Each event stores its notifications in the same transaction (app/server/notifications.server.ts).
 *
 * Functions return data or a `QuoteProblem` code; the route turns codes into words.
 */

import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { fieldErrorsOf } from "~/domain/schemas/base";
import { type QuoteFields, quoteSchema } from "~/domain/schemas/quote";
import type { Attachment, QuoteStatus, TenderStatus } from "~db/schema";
import { type Db, type DbOrTx, schema } from "./db.server";
import { isUuid, ownerNotBanned } from "./factories.server";
import { notifyLive } from "./live.server";
import { insertNotifications, type NewNotification } from "./notifications.server";
import { pageWindow } from "./pagination.server";
import { otherSideNotBanned, quotePartyOf } from "./parties.server";
import type { CurrentUser } from "./session.server";

/** At most this many files per quote. */
export const MAX_ATTACHMENTS_PER_QUOTE = 5;

/** Why a quote could not be read or written (app/domain/messages/quotes.ts `problems`). */
export type QuoteProblem =
  | "not-found"
  | "tender-not-found"
  | "tender-not-active"
  | "own-tender"
  | "not-a-factory"
  | "already-quoted"
  | "already-decided"
  | "too-many-attachments"
  | "not-allowed";

export type QuoteOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; problem: QuoteProblem }
  | { ok: false; problem: "invalid"; fieldErrors: Record<string, string[]> };

const q = schema.quotes;
const t = schema.tenders;
const f = schema.factories;

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
  id: q.id,
  tenderId: q.tenderId,
  factoryId: q.factoryId,
  unitPrice: q.unitPrice,
  currency: q.currency,
  quantity: q.quantity,
  minOrder: q.minOrder,
  leadTimeDays: q.leadTimeDays,
  sampleAvailable: q.sampleAvailable,
  samplePrice: q.samplePrice,
  sampleDays: q.sampleDays,
  validUntil: q.validUntil,
  message: q.message,
  attachments: q.attachments,
  status: q.status,
  declineReason: q.declineReason,
  decidedAt: q.decidedAt,
  createdAt: q.createdAt,
  updatedAt: q.updatedAt,
};

type QuoteRow = { [K in keyof typeof quoteColumns]: (typeof q.$inferSelect)[K] };

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
  const [row] = await db.select({ id: f.id }).from(f).where(eq(f.userId, actor.id)).limit(1);
  return row?.id ?? null;
}

/** Runs the form's schema again (the route checked it in the visitor's language). */
function validate(input: unknown): QuoteOutcome<QuoteFields> {
  const parsed = quoteSchema(DEFAULT_LOCALE).safeParse({
    ...(input as object),
    attachments: undefined,
  });
  if (parsed.success) {
    const { attachments: _files, ...fields } = parsed.data;
    return { ok: true, value: fields };
  }
  const fieldErrors = fieldErrorsOf(parsed.error);
  return { ok: false, problem: "invalid", fieldErrors };
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

function assertAttachments(attachments: readonly Attachment[]): void {
  for (const file of attachments) {
    if (!file || typeof file.url !== "string" || !file.url.startsWith("attachments/")) {
      throw new Error(`quotes: not a stored attachment: ${JSON.stringify(file)}`);
    }
  }
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
  problem: QuoteProblem | null;
}

/** A tender as the quote form needs it, with the factory's own quote; null when not visible. */
export async function quoteFormState(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
): Promise<QuoteFormState | null> {
  if (!isUuid(tenderId)) return null;
  const [tender] = await db
    .select({
      id: t.id,
      title: t.title,
      status: t.status,
      quantity: t.quantity,
      budget: t.budget,
      currency: t.currency,
      country: t.country,
      city: t.city,
      userId: t.userId,
    })
    .from(t)
    .where(and(eq(t.id, tenderId), ownerNotBanned("tenders")));
  if (!tender) return null;
  const { userId, ...view } = tender;
  const visible = { ...view, budget: view.budget == null ? null : Number(view.budget) };
  const factoryId = await factoryOf(db, actor);
  const [own] = factoryId
    ? await db
        .select(quoteColumns)
        .from(q)
        .where(and(eq(q.tenderId, tenderId), eq(q.factoryId, factoryId)))
    : [];
  // Somebody else's closed tender is not shown at all, as on the public list.
  if (tender.status !== "active" && !own && userId !== actor.id) return null;
  let problem: QuoteProblem | null = null;
  if (userId === actor.id) problem = "own-tender";
  else if (!factoryId) problem = "not-a-factory";
  else if (own) problem = own.status === "submitted" ? null : "already-decided";
  else if (tender.status !== "active") problem = "tender-not-active";
  return { tender: visible, own: own ? toDto(own) : null, problem };
}

/**
 * Sends the factory's quote on an active tender, with attachments already stored. On failure
 * nothing is written and the caller removes the stored files.
 */
export async function submitQuote(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
  input: unknown,
  attachments: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  const fields = validate(input);
  if (!fields.ok) return fields;
  if (attachments.length > MAX_ATTACHMENTS_PER_QUOTE) {
    return { ok: false, problem: "too-many-attachments" };
  }
  assertAttachments(attachments);
  if (!isUuid(tenderId)) return { ok: false, problem: "tender-not-found" };
  const factoryId = await factoryOf(db, actor);
  if (!factoryId) return { ok: false, problem: "not-a-factory" };
  return db.transaction(async (tx) => {
    // Locks the tender row, so an award cannot slip between the check and the insert.
    const [tender] = await tx
      .select({ id: t.id, userId: t.userId, status: t.status, title: t.title })
      .from(t)
      .where(and(eq(t.id, tenderId), ownerNotBanned("tenders")))
      .for("update");
    if (!tender) return { ok: false, problem: "tender-not-found" } as const;
    if (tender.userId === actor.id) return { ok: false, problem: "own-tender" } as const;
    if (tender.status !== "active") return { ok: false, problem: "tender-not-active" } as const;
    const [row] = await tx
      .insert(q)
      .values({
        ...storedValues(fields.value),
        tenderId,
        factoryId,
        userId: actor.id,
        attachments: [...attachments],
        status: "submitted",
        factoryReadAt: new Date(),
      })
      .onConflictDoNothing({ target: [q.tenderId, q.factoryId] })
      .returning(quoteColumns);
    if (!row) return { ok: false, problem: "already-quoted" } as const;
    await insertNotifications(tx, [
      {
        userId: tender.userId,
        kind: "quote-received",
        actorId: actor.id,
        tenderId,
        quoteId: row.id,
        tenderTitle: tender.title,
      },
    ]);
    await notifyLive(tx, { users: [tender.userId], kind: "quote", quoteId: row.id, tenderId });
    return { ok: true, value: toDto(row) } as const;
  });
}

/** The factory's own quote while it may still change it (locked for the transaction). */
async function ownOpenQuote(tx: DbOrTx, actor: CurrentUser, quoteId: string) {
  const [row] = await tx
    .select({ ...quoteColumns, buyerId: t.userId, tenderStatus: t.status })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .where(and(eq(q.id, quoteId), eq(q.userId, actor.id)))
    .for("update", { of: q });
  return row ?? null;
}

/** Saves the fields of the factory's submitted quote, appending newly stored attachments. */
export async function updateQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  input: unknown,
  added: readonly Attachment[] = [],
): Promise<QuoteOutcome<QuoteDto>> {
  const fields = validate(input);
  if (!fields.ok) return fields;
  assertAttachments(added);
  if (!isUuid(quoteId)) return { ok: false, problem: "not-found" };
  return db.transaction(async (tx) => {
    const current = await ownOpenQuote(tx, actor, quoteId);
    if (!current) return { ok: false, problem: "not-found" } as const;
    if (current.status !== "submitted") return { ok: false, problem: "already-decided" } as const;
    if (current.attachments.length + added.length > MAX_ATTACHMENTS_PER_QUOTE) {
      return { ok: false, problem: "too-many-attachments" } as const;
    }
    const [row] = await tx
      .update(q)
      .set({
        ...storedValues(fields.value),
        attachments: [...current.attachments, ...added],
        updatedAt: new Date(),
      })
      .where(eq(q.id, quoteId))
      .returning(quoteColumns);
    if (!row) return { ok: false, problem: "not-found" } as const;
    await notifyLive(tx, {
      users: [current.buyerId],
      kind: "quote",
      quoteId,
      tenderId: row.tenderId,
    });
    return { ok: true, value: toDto(row) } as const;
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
  if (!isUuid(quoteId) || typeof url !== "string") return { ok: false, problem: "not-found" };
  return db.transaction(async (tx) => {
    const current = await ownOpenQuote(tx, actor, quoteId);
    if (!current) return { ok: false, problem: "not-found" } as const;
    if (current.status !== "submitted") return { ok: false, problem: "already-decided" } as const;
    const removed = current.attachments.find((file) => file.url === url);
    if (!removed) return { ok: false, problem: "not-found" } as const;
    await tx
      .update(q)
      .set({
        attachments: current.attachments.filter((file) => file.url !== url),
        updatedAt: new Date(),
      })
      .where(eq(q.id, quoteId));
    return { ok: true, value: removed } as const;
  });
}

/** Withdraws the factory's submitted quote (kept, marked 'withdrawn'). */
export async function withdrawQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
): Promise<QuoteOutcome<QuoteDto>> {
  if (!isUuid(quoteId)) return { ok: false, problem: "not-found" };
  return db.transaction(async (tx) => {
    const current = await ownOpenQuote(tx, actor, quoteId);
    if (!current) return { ok: false, problem: "not-found" } as const;
    if (current.status !== "submitted") return { ok: false, problem: "already-decided" } as const;
    const [row] = await tx
      .update(q)
      .set({ status: "withdrawn", updatedAt: new Date() })
      .where(eq(q.id, quoteId))
      .returning(quoteColumns);
    if (!row) return { ok: false, problem: "not-found" } as const;
    await notifyLive(tx, {
      users: [current.buyerId],
      kind: "quote",
      quoteId,
      tenderId: row.tenderId,
    });
    return { ok: true, value: toDto(row) } as const;
  });
}

/** Unread messages of a party: written by the other side after the party last read. */
function unreadFor(side: "buyer" | "factory"): SQL<number> {
  const readAt = side === "buyer" ? q.buyerReadAt : q.factoryReadAt;
  const me = side === "buyer" ? t.userId : q.userId;
  return sql<number>`(select count(*)::int from ${schema.quoteMessages} m where m.quote_id = ${q.id} and m.sender_id <> ${me} and (${readAt} is null or m.created_at > ${readAt}))`;
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

export interface QuotePage<T> {
  items: T[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** The factory's quotes ('Мои отклики'), newest activity first, with unread message counts. */
export async function listOwnQuotes(
  db: Db,
  actor: CurrentUser,
  { page }: { page?: number | string | null } = {},
): Promise<QuotePage<OwnQuote>> {
  const where = and(eq(q.userId, actor.id), otherSideNotBanned("factory"));
  const [{ total }] = (await db
    .select({ total: count() })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .where(where)) as [{ total: number }];
  const pageSize = QUOTES_PAGE_SIZE;
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  const rows = await db
    .select({
      ...quoteColumns,
      tender: { id: t.id, title: t.title, status: t.status, country: t.country, city: t.city },
      unread: unreadFor("factory"),
    })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .where(where)
    .orderBy(
      sql`greatest(${q.updatedAt}, coalesce(${q.lastMessageAt}, ${q.updatedAt})) desc`,
      desc(q.id),
    )
    .limit(pageSize)
    .offset(offset);
  return {
    items: rows.map(({ tender, unread, ...row }) => ({
      ...toDto(row),
      tender,
      unread: Number(unread),
    })),
    total: Number(total),
    page: current,
    pageCount,
    pageSize,
  };
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
}

/** The orders the comparison table can be sorted by. */
export const QUOTE_SORTS = [
  "price",
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

const sortOrder: Record<QuoteSort, SQL[]> = {
  price: [sql`${q.unitPrice} asc`],
  quantity: [sql`${q.quantity} desc`],
  minOrder: [sql`${q.minOrder} asc nulls first`],
  leadTime: [sql`${q.leadTimeDays} asc`],
  validity: [sql`${q.validUntil} desc`],
  newest: [sql`${q.createdAt} desc`],
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
}

/**
 * One of the buyer's tenders with the quotes it received (withdrawn ones last, quotes of blocked
 * factories left out), sorted; an admin may look too. Null when the viewer may not see it.
 */
export async function listTenderQuotes(
  db: Db,
  actor: CurrentUser,
  tenderId: string | null | undefined,
  sort: QuoteSort = "price",
): Promise<TenderQuotes | null> {
  if (!isUuid(tenderId)) return null;
  const [tender] = await db
    .select({
      id: t.id,
      title: t.title,
      status: t.status,
      quantity: t.quantity,
      budget: t.budget,
      currency: t.currency,
      createdAt: t.createdAt,
      userId: t.userId,
    })
    .from(t)
    .where(eq(t.id, tenderId));
  if (!tender || (tender.userId !== actor.id && !actor.isAdmin)) return null;
  const rows = await db
    .select({
      ...quoteColumns,
      shortlisted: q.shortlisted,
      unread: unreadFor("buyer"),
      factory: {
        id: f.id,
        name: f.name,
        nameEn: f.nameEn,
        verifiedAt: f.verifiedAt,
        country: f.country,
        city: f.city,
        logoUrl: f.logoUrl,
      },
    })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .innerJoin(f, eq(f.id, q.factoryId))
    .where(and(eq(q.tenderId, tenderId), otherSideNotBanned("buyer")))
    .orderBy(sql`(${q.status} = 'withdrawn') asc`, ...sortOrder[sort], desc(q.id));
  const { userId, ...view } = tender;
  return {
    tender: { ...view, budget: view.budget == null ? null : Number(view.budget) },
    viewer: userId === actor.id ? "buyer" : "admin",
    quotes: rows.map(({ shortlisted, unread, factory, ...row }) => {
      const { verifiedAt, ...rest } = factory;
      return {
        ...toDto(row),
        shortlisted,
        unread: Number(unread),
        factory: { ...rest, verified: verifiedAt != null },
      };
    }),
  };
}

/** A quote on one of the buyer's own tenders, locked for the transaction. */
async function receivedQuote(tx: DbOrTx, actor: CurrentUser, quoteId: string) {
  const access = await quotePartyOf(tx, actor, quoteId);
  if (access?.party !== "buyer") return null;
  const [row] = await tx
    .select({ status: q.status, tenderId: q.tenderId, factoryUserId: q.userId })
    .from(q)
    .where(eq(q.id, quoteId))
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
  if (!isUuid(quoteId)) return { ok: false, problem: "not-found" };
  const access = await quotePartyOf(db, actor, quoteId);
  if (access?.party !== "buyer") return { ok: false, problem: "not-found" };
  await db.update(q).set({ shortlisted }).where(eq(q.id, quoteId));
  return { ok: true, value: true };
}

/** Declines a submitted quote on the buyer's tender, with an optional reason. */
export async function declineQuote(
  db: Db,
  actor: CurrentUser,
  quoteId: string | null | undefined,
  reason: string | null,
): Promise<QuoteOutcome<true>> {
  if (!isUuid(quoteId)) return { ok: false, problem: "not-found" };
  return db.transaction(async (tx) => {
    const quote = await receivedQuote(tx, actor, quoteId);
    if (!quote) return { ok: false, problem: "not-found" } as const;
    if (quote.status !== "submitted") return { ok: false, problem: "already-decided" } as const;
    await tx
      .update(q)
      .set({ status: "declined", declineReason: reason, decidedAt: new Date() })
      .where(eq(q.id, quoteId));
    await insertNotifications(tx, [
      {
        userId: quote.factoryUserId,
        kind: "quote-declined",
        actorId: actor.id,
        tenderId: quote.tenderId,
        quoteId,
        tenderTitle: quote.access.tenderTitle,
      },
    ]);
    await notifyLive(tx, {
      users: [quote.factoryUserId],
      kind: "quote",
      quoteId,
      tenderId: quote.tenderId,
    });
    return { ok: true, value: true } as const;
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
  if (!isUuid(quoteId)) return { ok: false, problem: "not-found" };
  return db.transaction(async (tx) => {
    const quote = await receivedQuote(tx, actor, quoteId);
    if (!quote) return { ok: false, problem: "not-found" } as const;
    if (quote.status !== "submitted") return { ok: false, problem: "already-decided" } as const;
    const [tender] = await tx
      .update(t)
      .set({ status: "awarded", updatedAt: new Date() })
      .where(and(eq(t.id, quote.tenderId), eq(t.userId, actor.id), eq(t.status, "active")))
      .returning({ id: t.id, title: t.title });
    if (!tender) return { ok: false, problem: "tender-not-active" } as const;
    const now = new Date();
    await tx.update(q).set({ status: "accepted", decidedAt: now }).where(eq(q.id, quoteId));
    const others = await tx
      .update(q)
      .set({ status: "declined", decidedAt: now })
      .where(and(eq(q.tenderId, tender.id), ne(q.id, quoteId), eq(q.status, "submitted")))
      .returning({ id: q.id, userId: q.userId });
    const event = (userId: string, kind: NewNotification["kind"], id: string) => ({
      userId,
      kind,
      actorId: actor.id,
      tenderId: tender.id,
      quoteId: id,
      tenderTitle: tender.title,
    });
    await insertNotifications(tx, [
      event(quote.factoryUserId, "quote-accepted", quoteId),
      ...others.map((other) => event(other.userId, "tender-awarded", other.id)),
    ]);
    await notifyLive(tx, {
      users: [quote.factoryUserId, ...others.map((other) => other.userId)],
      kind: "quote",
      tenderId: tender.id,
    });
    return { ok: true, value: true } as const;
  });
}

/**
 * Tells the factories with a submitted quote that the buyer closed the tender (call after the
 * tender was closed by its owner).
 */
export async function notifyTenderClosed(
  db: Db,
  actor: CurrentUser,
  tenderId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: q.id, userId: q.userId, title: t.title })
      .from(q)
      .innerJoin(t, eq(t.id, q.tenderId))
      .where(
        and(
          eq(q.tenderId, tenderId),
          eq(t.userId, actor.id),
          eq(t.status, "closed"),
          eq(q.status, "submitted"),
        ),
      );
    await insertNotifications(
      tx,
      rows.map((row) => ({
        userId: row.userId,
        kind: "tender-closed" as const,
        actorId: actor.id,
        tenderId,
        quoteId: row.id,
        tenderTitle: row.title,
      })),
    );
  });
}

/** Per tender of the buyer: how many quotes (not withdrawn) and unread messages it has. */
export async function quoteCountsForTenders(
  db: Db,
  actor: CurrentUser,
  tenderIds: readonly string[],
): Promise<Record<string, { quotes: number; unread: number }>> {
  const ids = tenderIds.filter(isUuid);
  if (ids.length === 0) return {};
  const rows = await db
    .select({
      tenderId: q.tenderId,
      quotes: sql<number>`count(*) filter (where ${q.status} <> 'withdrawn')::int`,
      unread: sql<number>`coalesce(sum(${unreadFor("buyer")}), 0)::int`,
    })
    .from(q)
    .innerJoin(t, eq(t.id, q.tenderId))
    .where(and(inArray(q.tenderId, ids), eq(t.userId, actor.id), otherSideNotBanned("buyer")))
    .groupBy(q.tenderId);
  return Object.fromEntries(
    rows.map((row) => [row.tenderId, { quotes: Number(row.quotes), unread: Number(row.unread) }]),
  );
}

/** Every file of a quote and its messages (for removal from storage with the quote). */
export async function quoteFiles(db: Db, quoteIds: readonly string[]): Promise<Attachment[]> {
  if (quoteIds.length === 0) return [];
  const quoteRows = await db
    .select({ attachments: q.attachments })
    .from(q)
    .where(inArray(q.id, [...quoteIds]));
  const messageRows = await db
    .select({ attachments: schema.quoteMessages.attachments })
    .from(schema.quoteMessages)
    .where(inArray(schema.quoteMessages.quoteId, [...quoteIds]));
  return [...quoteRows, ...messageRows].flatMap((row) => row.attachments ?? []);
}
