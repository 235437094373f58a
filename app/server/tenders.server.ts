/**
 * Tenders: the public list of active tenders and each user's own tenders. Every rule lives here:
 *
 * - Any signed-in user may place tenders; a new tender is 'active'. /tenders lists active ones.
 * - A tender is changed, closed or reopened, deleted, or given or relieved of photos only where it
 *   belongs to the signed-in user: every write is matched on the tender id AND its owner
 *   (user_id), so another user's id changes nothing and the caller gets `null` (the route
 *   answers 404).
 * - Input is validated with the form's schema (app/domain/schemas/tender.ts) before it is written.
 * - A tender has at most MAX_TENDER_PHOTOS photos, all of them our own uploads.
 * - Contacts (phone, WhatsApp, Telegram) are read only for a signed-in viewer: a visitor's DTO
 *   carries `contacts: null`, so they never reach a visitor's HTML.
 * - A tender's own page (/tenders/{id}, findTenderPage) shows a tender of an owner who is not
 *   banned in any status; contacts only while it is active, and with the number of its quotes
 *   (countTenderQuotes), never their content.
 *
 * Files are stored before and removed after the database change (storeTenderPhotos and the
 * URLs these functions return), as for products.
 */

import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { tenders } from "~/domain/catalogue";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "~/domain/locale";
import { COUNTRIES, cityLabel } from "~/domain/reference";
import { fieldErrorsOf } from "~/domain/schemas/base";
import {
  MAX_TENDER_PHOTOS,
  storedCurrency,
  type TenderFields,
  tenderSchema,
} from "~/domain/schemas/tender";
import { containsPattern } from "~/domain/search-text";
import {
  quantityRangeError,
  type TenderFilterProblem,
  type TenderFilters,
} from "~/domain/tender-filters";
import { keyFromUrl } from "~/domain/uploads";
import type { TenderStatus } from "~db/schema";
import { type Db, schema } from "./db.server";
import { isUuid, ownerNotBanned } from "./factories.server";
import { type StoredUploads, storeUploads, type UploadTarget } from "./owned-image-uploads.server";
import { appendOwnedImages, type OwnedImageList, removeOwnedImage } from "./owned-images.server";
import { pageWindow } from "./pagination.server";
import type { CurrentUser } from "./session.server";
import type { Storage } from "./storage.server";

export { MAX_TENDER_PHOTOS };

/** Tenders on one page of a list. */
export const TENDERS_PAGE_SIZE = 20;

export type { TenderStatus };

export interface TenderContacts {
  phone: string | null;
  whatsapp: string | null;
  telegram: string | null;
}

export interface TenderDto {
  id: string;
  title: string;
  description: string | null;
  /** Gender: a key of TENDER_GENDERS (men, women, kids, unisex). */
  category: string | null;
  quantity: number | null;
  country: string | null;
  city: string | null;
  requirements: string | null;
  photos: string[];
  status: TenderStatus;
  budget: number | null;
  currency: string | null;
  /** Activity category slugs (CATEGORIES) the tender is for; empty: any factory. */
  categories: string[];
  createdAt: Date;
  updatedAt: Date;
  /** Null for a visitor. */
  contacts: TenderContacts | null;
}

export interface TenderPage {
  items: TenderDto[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

export interface TenderList extends TenderPage {
  filters: TenderFilters;
  /** Why the filters cannot match anything (min > max); the list is then empty. */
  /** Why the filters find nothing by themselves (min > max); the page says it in words. */
  error: TenderFilterProblem | null;
}

/** The input broke a rule of the schema; `fieldErrors` holds the Russian messages by field. */
export class TenderValidationError extends Error {
  readonly status = 400;
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors).flat().join("; "));
  }
}

const t = schema.tenders;

const publicColumns = {
  id: t.id,
  title: t.title,
  description: t.description,
  category: t.category,
  quantity: t.quantity,
  country: t.country,
  city: t.city,
  requirements: t.requirements,
  photos: t.photos,
  status: t.status,
  budget: t.budget,
  currency: t.currency,
  categories: t.categories,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};
const contactColumns = { phone: t.phone, whatsapp: t.whatsapp, telegram: t.telegram };
const allColumns = { ...publicColumns, ...contactColumns };

type PublicRow = { [K in keyof typeof publicColumns]: (typeof t.$inferSelect)[K] };
type Row = PublicRow & Partial<TenderContacts>;

function toDto(row: Row, withContacts: boolean): TenderDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    quantity: row.quantity,
    country: row.country,
    city: row.city,
    requirements: row.requirements,
    photos: row.photos,
    status: row.status,
    // numeric comes back as a string from some drivers even in number mode.
    budget: row.budget == null ? null : Number(row.budget),
    currency: row.currency,
    categories: row.categories,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    contacts: withContacts
      ? { phone: row.phone ?? null, whatsapp: row.whatsapp ?? null, telegram: row.telegram ?? null }
      : null,
  };
}

/** Newest first, in the order of the (…, created_at desc) indexes (desc means nulls last). */
const newestFirst = [sql`${t.createdAt} desc nulls last`, desc(t.id)];

async function listPage(
  db: Db,
  where: SQL | undefined,
  page: number | string | null | undefined,
  withContacts: boolean,
): Promise<TenderPage> {
  const pageSize = TENDERS_PAGE_SIZE;
  const [{ total }] = (await db.select({ total: count() }).from(t).where(where)) as [
    { total: number },
  ];
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  const rows =
    Number(total) === 0
      ? []
      : await db
          .select(withContacts ? allColumns : publicColumns)
          .from(t)
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset(offset);
  return {
    items: rows.map((row) => toDto(row as Row, withContacts)),
    total: Number(total),
    page: current,
    pageCount,
    pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

const foldCase = (text: string) => text.toLocaleLowerCase("ru-RU").replaceAll("ё", "е");

/** Ids of the reference cities whose name contains `text` (any letter case, ё = е). */
export function cityIdsMatching(text: string): string[] {
  const wanted = foldCase(text.trim());
  if (!wanted) return [];
  return COUNTRIES.flatMap((country) =>
    country.cities
      .filter((city) =>
        LOCALES.some((locale) => foldCase(cityLabel(city.id, locale)).includes(wanted)),
      )
      .map((city) => city.id),
  );
}

/**
 * The city filter: a stored reference id whose name contains the text, or a stored free name
 * that contains it (any letter case). Stored ids never match as text.
 */
function cityCondition(text: string): SQL {
  const ids = cityIdsMatching(text);
  const pattern = containsPattern(foldCase(text.trim()));
  const byLabel = sql`(${t.city} !~ '^[a-z]{2}_[0-9]+$' and translate(lower(${t.city}), 'ё', 'е') like ${pattern})`;
  return ids.length > 0 ? sql`(${inArray(t.city, ids)} or ${byLabel})` : byLabel;
}

function filterConditions(filters: TenderFilters): SQL[] {
  const where: SQL[] = [eq(t.status, "active"), ownerNotBanned("tenders")];
  if (filters.gender) where.push(eq(t.category, filters.gender));
  if (filters.country) where.push(eq(t.country, filters.country));
  if (filters.city) where.push(cityCondition(filters.city));
  if (filters.minQuantity != null) where.push(sql`${t.quantity} >= ${filters.minQuantity}`);
  if (filters.maxQuantity != null) where.push(sql`${t.quantity} <= ${filters.maxQuantity}`);
  return where;
}

/**
 * Active tenders matching the filters, newest first, TENDERS_PAGE_SIZE a page. Contacts only for
 * a signed-in viewer. Bounds that cannot both hold (min > max) give a message, not a query.
 */
export async function listActiveTenders(
  db: Db,
  viewer: CurrentUser | null,
  filters: TenderFilters,
): Promise<TenderList> {
  const error = quantityRangeError(filters);
  if (error) {
    return {
      items: [],
      total: 0,
      page: 1,
      pageCount: 1,
      pageSize: TENDERS_PAGE_SIZE,
      filters,
      error,
    };
  }
  const list = await listPage(db, and(...filterConditions(filters)), filters.page, !!viewer);
  return { ...list, filters, error: null };
}

/** One active tender (the details dialog opened by `?tender=<id>`), or null. */
export async function findActiveTender(
  db: Db,
  viewer: CurrentUser | null,
  id: string | null | undefined,
): Promise<TenderDto | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(viewer ? allColumns : publicColumns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.status, "active"), ownerNotBanned("tenders")));
  return row ? toDto(row as Row, !!viewer) : null;
}

/** What the tender's own page shows: the tender, whether the viewer owns it, its quote count. */
export interface TenderPageData {
  /** Contacts only for a signed-in viewer of an active tender. */
  tender: TenderDto;
  /** The signed-in viewer placed this tender. */
  own: boolean;
  /** Quotes received (countTenderQuotes). */
  quoteCount: number;
}

/**
 * One tender for its own page (/tenders/{id}): any status, as long as its owner is not banned;
 * null for an unknown id, a deleted tender or a banned owner's. A closed or awarded tender takes
 * no quotes, so its contacts are not read.
 */
export async function findTenderPage(
  db: Db,
  viewer: CurrentUser | null,
  id: string | null | undefined,
): Promise<TenderPageData | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...allColumns, userId: t.userId })
    .from(t)
    .where(and(eq(t.id, id), ownerNotBanned("tenders")));
  if (!row) return null;
  const { userId, ...columns } = row;
  const withContacts = viewer !== null && row.status === "active";
  return {
    tender: toDto(columns as Row, withContacts),
    own: viewer !== null && viewer.id === userId,
    quoteCount: await countTenderQuotes(db, row.id),
  };
}

/**
 * How many quotes a tender has received: every quote but the withdrawn ones and those of a
 * banned factory owner.
 */
export async function countTenderQuotes(db: Db, tenderId: string): Promise<number> {
  if (!isUuid(tenderId)) return 0;
  const q = schema.quotes;
  const [{ total }] = (await db
    .select({ total: count() })
    .from(q)
    .where(and(eq(q.tenderId, tenderId), ne(q.status, "withdrawn"), ownerNotBanned("quotes")))) as [
    { total: number },
  ];
  return Number(total);
}

/** An active tender's page in the sitemap, with the date it last changed. */
export interface SitemapTender {
  id: string;
  updatedAt: Date;
}

/** How many tenders the sitemap lists: the active ones of owners who are not banned. */
export async function countSitemapTenders(db: Db): Promise<number> {
  const [{ total }] = (await db
    .select({ total: count() })
    .from(t)
    .where(and(eq(t.status, "active"), ownerNotBanned("tenders")))) as [{ total: number }];
  return Number(total);
}

/** A slice of the active tenders in a stable order (by id), for the sitemap files. */
export async function sitemapTenders(
  db: Db,
  { offset, limit }: { offset: number; limit: number },
): Promise<SitemapTender[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: t.id, updatedAt: t.updatedAt })
    .from(t)
    .where(and(eq(t.status, "active"), ownerNotBanned("tenders")))
    .orderBy(t.id)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updatedAt) }));
}

/** The signed-in user's own tenders (every status), newest first. */
export async function listOwnTenders(
  db: Db,
  actor: CurrentUser,
  { page }: { page?: number | string | null } = {},
): Promise<TenderPage> {
  return listPage(db, eq(t.userId, actor.id), page, true);
}

/** One of the signed-in user's tenders (edit), or null when it is not theirs. */
export async function getOwnTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<TenderDto | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(allColumns)
    .from(t)
    .where(and(eq(t.id, id), eq(t.userId, actor.id)));
  return row ? toDto(row as Row, true) : null;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Runs the form's schema; the files field is not stored here. */
export function validateTender(input: unknown): TenderFields {
  // The route has checked the form in the visitor's language; this second check guards the
  // service's other callers, and what it refuses is reported in the default language.
  const parsed = tenderSchema(DEFAULT_LOCALE).safeParse({
    ...(input as object),
    photos: undefined,
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new TenderValidationError(fieldErrors);
  }
  const { photos: _files, ...fields } = parsed.data;
  return fields;
}

function storedValues(fields: TenderFields) {
  return {
    title: fields.title,
    description: fields.description ?? null,
    category: fields.category ?? null,
    quantity: fields.quantity ?? null,
    country: fields.country ?? null,
    city: fields.city ?? null,
    requirements: fields.requirements ?? null,
    phone: fields.phone ?? null,
    whatsapp: fields.whatsapp ?? null,
    telegram: fields.telegram ?? null,
    budget: fields.budget ?? null,
    currency: storedCurrency(fields),
    categories: [...fields.categories],
  };
}

/** Only photos uploaded into the tenders folder may be attached to a tender. */
function assertTenderPhotos(urls: readonly string[]): void {
  for (const url of urls) {
    if (!keyFromUrl(url)?.startsWith("tenders/")) {
      throw new Error(`tenders: not a tender photo: ${JSON.stringify(url)}`);
    }
  }
}

function tooManyPhotos(): TenderValidationError {
  return new TenderValidationError({
    photos: [tenders[DEFAULT_LOCALE].photosTooMany(MAX_TENDER_PHOTOS)],
  });
}

/** Places a tender for the signed-in user ('active'), with the photos already uploaded. */
export async function createTender(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  photos: readonly string[] = [],
): Promise<TenderDto> {
  const fields = validateTender(input);
  if (photos.length > MAX_TENDER_PHOTOS) throw tooManyPhotos();
  assertTenderPhotos(photos);
  const [row] = await db
    .insert(t)
    .values({ ...storedValues(fields), photos: [...photos], status: "active", userId: actor.id })
    .returning(allColumns);
  return toDto(row as Row, true);
}

/** Saves the form's fields of one of the user's tenders; null when it is not theirs. */
export async function updateTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  input: unknown,
): Promise<TenderDto | null> {
  if (!isUuid(id)) return null;
  const fields = validateTender(input);
  const [row] = await db
    .update(t)
    .set({ ...storedValues(fields), updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.userId, actor.id)))
    .returning(allColumns);
  return row ? toDto(row as Row, true) : null;
}

/**
 * Closes or reopens one of the user's tenders; null when it is not theirs or already awarded (an
 * awarded tender stays awarded: its quotes have been decided).
 */
export async function setTenderStatus(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  status: TenderStatus,
): Promise<TenderDto | null> {
  if (!isUuid(id) || (status !== "active" && status !== "closed")) return null;
  const [row] = await db
    .update(t)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.userId, actor.id), sql`${t.status} <> 'awarded'`))
    .returning(allColumns);
  return row ? toDto(row as Row, true) : null;
}

/**
 * Deletes one of the user's tenders, with its quotes and their conversations (cascade). Returns
 * the stored files to remove (its photos, and the attachment keys of its quotes and their
 * messages; app/server/attachments.server.ts `removeStoredFiles` takes both), or null when the
 * tender is not theirs (nothing is deleted).
 */
export async function deleteTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<string[] | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    // Locked first: a quote or message written meanwhile waits, so no file is missed.
    const [own] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, id), eq(t.userId, actor.id)))
      .for("update");
    if (!own) return null;
    const q = schema.quotes;
    const qm = schema.quoteMessages;
    const quoteFiles = await tx
      .select({ attachments: q.attachments })
      .from(q)
      .where(eq(q.tenderId, id));
    const messageFiles = await tx
      .select({ attachments: qm.attachments })
      .from(qm)
      .innerJoin(q, eq(q.id, qm.quoteId))
      .where(eq(q.tenderId, id));
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning({ photos: t.photos });
    if (!row) return null;
    const attachments = [...quoteFiles, ...messageFiles].flatMap((r) => r.attachments ?? []);
    return [...row.photos, ...attachments.map((file) => file.url)];
  });
}

export type PhotoChange =
  | { ok: true; photos: string[] }
  | { ok: false; reason: "not-found" | "too-many" };

const tenderPhotos: OwnedImageList = {
  table: t,
  id: t.id,
  userId: t.userId,
  list: t.photos,
  key: "photos",
  max: MAX_TENDER_PHOTOS,
  assertUrls: assertTenderPhotos,
};

/**
 * Appends uploaded photos to one of the user's tenders, keeping the limit. On failure nothing
 * changes and the caller removes the uploaded files.
 */
export async function addTenderPhotos(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  urls: string | readonly string[],
): Promise<PhotoChange> {
  const added = typeof urls === "string" ? [urls] : [...urls];
  const change = await appendOwnedImages(db, tenderPhotos, actor.id, id, added);
  return change.ok ? { ok: true, photos: change.urls } : change;
}

/**
 * Takes one photo off one of the user's tenders. Returns the removed URL (for the caller to remove
 * from storage), or null when the tender is not theirs or does not have that photo.
 */
export function removeTenderPhoto(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  url: string | null | undefined,
): Promise<string | null> {
  return removeOwnedImage(db, tenderPhotos, actor.id, id, url);
}

// ---------------------------------------------------------------------------------------------
// Files

const tenderUploads: UploadTarget = {
  folder: "tenders",
  messages: (locale) => ({
    rejected: tenders[locale].photoRejected,
    failed: tenders[locale].photoUploadFailed,
  }),
  log: "[tenders] storing photos failed:",
};

/**
 * Checks, re-encodes and stores every photo into the tenders folder; all or nothing (a refused
 * file removes the others). Errors name the file and give the message of docs/product.md.
 */
export function storeTenderPhotos(
  storage: Storage,
  files: readonly File[],
  locale: Locale,
): Promise<StoredUploads> {
  return storeUploads(storage, files, tenderUploads, locale);
}
