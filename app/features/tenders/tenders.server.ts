/**
 * Tenders: the public list of active tenders and each user's own tenders. Every rule lives here:
 *
 * - Any signed-in user may place tenders; a new tender is 'active'. /tenders lists active ones.
 * - A tender is changed, closed or reopened, deleted, or given or relieved of photos only where it
 *   belongs to the signed-in user: every write is matched on the tender id AND its owner
 *   (user_id), so another user's id changes nothing and the caller gets `null` (the route
 *   answers 404).
 * - Input is validated with the form's schema (app/features/tenders/schema.ts) before it is written.
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

import { and, asc, desc, eq, gt, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Attachment } from "~/domain/attachments";
import { tenders as tenderMessages } from "~/domain/catalogue";
import { MAX_TENDER_PHOTOS, TENDER_LIMITS, tendersPerDay } from "~/domain/limits";
import { LOCALES, type Locale } from "~/domain/locale";
import { type Failure, failures, ok } from "~/domain/outcome";
import { COUNTRIES, cityLabel } from "~/domain/reference";
import { containsPattern } from "~/domain/search-text";
import {
  quantityRangeError,
  type TenderFilterProblem,
  type TenderFilters,
} from "~/domain/tender-filters";
import {
  detachNotifications,
  insertNotifications,
  notifyTendersDeleted,
} from "~/features/notifications/notifications.server";
import { resolveSearch, type SearchTarget } from "~/features/search/text-search.server";
import { storedCurrency, type TenderFields, tenderSchema } from "~/features/tenders/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { assertStoredAttachments } from "~/platform/attachments.server";
import { type Db, type DbOrTx, lockForTransaction, schema } from "~/platform/db.server";
import { accountDisplayName, displayNameColumns } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import {
  type StoredUploads,
  storeUploads,
  type UploadTarget,
} from "~/platform/owned-image-uploads.server";
import {
  appendOwnedImages,
  assertOwnedImageUrls,
  type OwnedImageList,
  removeOwnedImage,
} from "~/platform/owned-images.server";
import { emptyPage, type Page, type PageRequest, readPage } from "~/platform/pagination.server";
import type { Storage } from "~/platform/storage.server";
import { checkFields, type InvalidFields } from "~/platform/validation.server";
import { otherSideNotBanned, ownerNotBanned, tenderVisibleTo } from "~/platform/visibility.server";
import type { QuoteStatus, TenderStatus } from "~db/schema";
import { TENDER_PROBLEMS } from "./problems";
import { changeTechPack, MAX_TECH_PACK_FILES } from "./tech-pack.server";

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
  /** Only the invited factories see it (issue 29). */
  private: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Null for a visitor. */
  contacts: TenderContacts | null;
  /**
   * The tech pack's files: only on the owner's own tender (getOwnTender, writes); any other
   * reader asks techPackFor (tech-pack.server.ts), so it is never on a visitor's page.
   */
  techPack?: Attachment[];
}

export type TenderPage = Page<TenderDto>;

export interface TenderList extends TenderPage {
  filters: TenderFilters;
  /** Why the filters find nothing by themselves (min > max); the page says it in words. */
  error: TenderFilterProblem | null;
}

const tenders = schema.tenders;
const quotes = schema.quotes;

const publicColumns = {
  id: tenders.id,
  title: tenders.title,
  description: tenders.description,
  category: tenders.category,
  quantity: tenders.quantity,
  country: tenders.country,
  city: tenders.city,
  requirements: tenders.requirements,
  photos: tenders.photos,
  status: tenders.status,
  budget: tenders.budget,
  currency: tenders.currency,
  categories: tenders.categories,
  private: tenders.private,
  createdAt: tenders.createdAt,
  updatedAt: tenders.updatedAt,
};
const contactColumns = {
  phone: tenders.phone,
  whatsapp: tenders.whatsapp,
  telegram: tenders.telegram,
};
const allColumns = { ...publicColumns, ...contactColumns };

type PublicRow = { [K in keyof typeof publicColumns]: (typeof tenders.$inferSelect)[K] };
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
    private: row.private,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    contacts: withContacts
      ? { phone: row.phone ?? null, whatsapp: row.whatsapp ?? null, telegram: row.telegram ?? null }
      : null,
  };
}

/** The tender `id` of the signed-in user (every write is matched on both). */
const ownTender = (actor: CurrentUser, id: string) =>
  and(eq(tenders.id, id), eq(tenders.userId, actor.id));

/** A tender whose terms may still change: not awarded (the terms lock at the award). */
const termsOpen = () => sql`${tenders.status} <> 'awarded'`;

/** An active tender of an owner who is not banned: what the public list and the sitemap show. */
const publiclyListed = () => [
  eq(tenders.status, "active"),
  eq(tenders.private, false),
  ownerNotBanned("tenders"),
];

/** Newest first, in the order of the (…, created_at desc) indexes (desc means nulls last). */
const newestFirst = [sql`${tenders.createdAt} desc nulls last`, desc(tenders.id)];

async function listPage(
  db: Db,
  where: SQL | undefined,
  page: PageRequest["page"],
  withContacts: boolean,
): Promise<TenderPage> {
  const pageSize = TENDERS_PAGE_SIZE;
  const total = await db.$count(tenders, where);
  return readPage(total, page, pageSize, async ({ offset }) => {
    const rows = await db
      .select(withContacts ? allColumns : publicColumns)
      .from(tenders)
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset);
    return rows.map((row) => toDto(row as Row, withContacts));
  });
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
  const byLabel = sql`(${tenders.city} !~ '^[a-z]{2}_[0-9]+$' and translate(lower(${tenders.city}), 'ё', 'е') like ${pattern})`;
  return ids.length > 0 ? sql`(${inArray(tenders.city, ids)} or ${byLabel})` : byLabel;
}

/** The keyword's text search: the public active tenders' vectors (tenders_search_idx). */
const TENDER_SEARCH: SearchTarget = {
  from: sql`${tenders}`,
  where: sql`${tenders.status} = 'active' and not ${tenders.private}`,
  vector: sql`${tenders.search}`,
};

/**
 * The conditions of the filters. The keyword `q` is the search that understands buyers
 * (app/features/search/text-search.server.ts) over the title, the description and the names of
 * the tender's categories and place, resolved beforehand into `textQuery` (null: nothing can
 * match).
 */
function filterConditions(
  filters: TenderFilters,
  viewer: CurrentUser | null = null,
  textQuery: string | null = null,
): SQL[] {
  // The public list, and the private tenders the viewer owns or is invited to (issue 29).
  const where: SQL[] = [
    eq(tenders.status, "active"),
    ownerNotBanned("tenders"),
    tenderVisibleTo(viewer),
  ];
  if (filters.gender) where.push(eq(tenders.category, filters.gender));
  if (filters.country) where.push(eq(tenders.country, filters.country));
  if (filters.city) where.push(cityCondition(filters.city));
  if (filters.minQuantity != null) where.push(sql`${tenders.quantity} >= ${filters.minQuantity}`);
  if (filters.maxQuantity != null) where.push(sql`${tenders.quantity} <= ${filters.maxQuantity}`);
  if (filters.activity) {
    where.push(sql`${tenders.categories} @> ${sql.param([filters.activity], tenders.categories)}`);
  }
  if (filters.q) {
    where.push(textQuery === null ? sql`false` : sql`${tenders.search} @@ ${textQuery}::tsquery`);
  }
  return where;
}

/** A factory's profile as the 'fit' view of /tenders reads it (issue 29). */
export interface TenderFit {
  categories: readonly string[];
  minOrder: number | null;
  monthlyCapacity: number | null;
}

/**
 * The tenders that fit a factory: one of its categories (or none named), a quantity not below its
 * minimum order and not above its monthly capacity (when both are known).
 */
function fitConditions(fit: TenderFit): SQL[] {
  const where: SQL[] = [
    sql`(cardinality(${tenders.categories}) = 0 or ${tenders.categories} && ${sql.param([...fit.categories], tenders.categories)})`,
  ];
  if (fit.minOrder != null) {
    where.push(sql`(${tenders.quantity} is null or ${tenders.quantity} >= ${fit.minOrder})`);
  }
  if (fit.monthlyCapacity != null) {
    where.push(sql`(${tenders.quantity} is null or ${tenders.quantity} <= ${fit.monthlyCapacity})`);
  }
  return where;
}

/** The viewer's factory profile for the 'fit' view; null for anyone without categories. */
export async function tenderFitOf(
  db: Db,
  viewer: Pick<CurrentUser, "id" | "userType"> | null,
): Promise<TenderFit | null> {
  if (viewer?.userType !== "factory") return null;
  const [row] = await db
    .select({
      categories: schema.factories.categories,
      minOrder: schema.factories.minOrder,
      monthlyCapacity: schema.factories.monthlyCapacity,
    })
    .from(schema.factories)
    .where(eq(schema.factories.userId, viewer.id));
  return row && row.categories.length > 0 ? row : null;
}

/**
 * Active tenders matching the filters, newest first, TENDERS_PAGE_SIZE a page. Contacts only for
 * a signed-in viewer. Bounds that cannot both hold (min > max) give a message, not a query.
 */
export async function listActiveTenders(
  db: Db,
  viewer: CurrentUser | null,
  filters: TenderFilters,
  fit: TenderFit | null = null,
): Promise<TenderList> {
  const error = quantityRangeError(filters);
  if (error) return { ...emptyPage(TENDERS_PAGE_SIZE), filters, error };
  const resolved = filters.q ? await resolveSearch(db, TENDER_SEARCH, filters.q) : null;
  const where = [
    ...filterConditions(filters, viewer, resolved?.query ?? null),
    ...(fit ? fitConditions(fit) : []),
  ];
  const list = await listPage(db, and(...where), filters.page, !!viewer);
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
    .from(tenders)
    .where(
      and(
        eq(tenders.id, id),
        eq(tenders.status, "active"),
        ownerNotBanned("tenders"),
        tenderVisibleTo(viewer),
      ),
    );
  return row ? toDto(row as Row, !!viewer) : null;
}

/** What the tender's own page shows: the tender, whether the viewer owns it, its quote count. */
export interface TenderPageData {
  /** Contacts only for a signed-in viewer of an active tender, and for the chosen factory. */
  tender: TenderDto;
  /** The signed-in viewer placed this tender. */
  own: boolean;
  /** Quotes received (countTenderQuotes). */
  quoteCount: number;
  /** The viewing factory's own quote on the tender, if it has one. */
  myQuote: OwnQuoteMark | null;
  /** The buyer's own contacts, for the factory whose quote the buyer accepted only. */
  buyer: BuyerContacts | null;
}

/** How the chosen factory reaches the buyer besides the tender's contacts. */
export interface BuyerContacts {
  name: string;
  email: string;
  phone: string | null;
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
    .select({ ...allColumns, userId: tenders.userId })
    .from(tenders)
    .where(and(eq(tenders.id, id), ownerNotBanned("tenders"), tenderVisibleTo(viewer)));
  if (!row) return null;
  const { userId, ...columns } = row;
  const myQuote = (await ownQuotesOnTenders(db, viewer, [row.id]))[row.id] ?? null;
  // The factory the buyer chose keeps the contacts after the award, and gets the buyer's own.
  const chosen = myQuote?.status === "accepted";
  const withContacts = viewer !== null && (row.status === "active" || chosen);
  return {
    tender: toDto(columns as Row, withContacts),
    own: viewer !== null && viewer.id === userId,
    quoteCount: await countTenderQuotes(db, row.id),
    myQuote,
    buyer: chosen ? await buyerContactsOf(db, userId) : null,
  };
}

async function buyerContactsOf(db: Db, userId: string): Promise<BuyerContacts | null> {
  const [row] = await db
    .select({
      email: schema.users.email,
      phone: schema.profiles.phone,
      profile: displayNameColumns,
    })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, userId));
  if (!row) return null;
  return { name: accountDisplayName(row.email, row.profile), email: row.email, phone: row.phone };
}

/**
 * How many quotes a tender has received: every quote but the withdrawn ones and those of a
 * banned factory owner.
 */
export async function countTenderQuotes(db: Db, tenderId: string): Promise<number> {
  if (!isUuid(tenderId)) return 0;
  const quotes = schema.quotes;
  return db.$count(
    quotes,
    and(eq(quotes.tenderId, tenderId), ne(quotes.status, "withdrawn"), ownerNotBanned("quotes")),
  );
}

/** An active tender's page in the sitemap, with the date it last changed. */
export interface SitemapTender {
  id: string;
  updatedAt: Date;
}

/** How many tenders the sitemap lists: the active ones of owners who are not banned. */
export async function countSitemapTenders(db: Db): Promise<number> {
  return db.$count(tenders, and(...publiclyListed()));
}

/** A slice of the active tenders in a stable order (by id), for the sitemap files. */
export async function sitemapTenders(
  db: Db,
  { offset, limit }: { offset: number; limit: number },
): Promise<SitemapTender[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: tenders.id, updatedAt: tenders.updatedAt })
    .from(tenders)
    .where(and(...publiclyListed()))
    .orderBy(tenders.id)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updatedAt) }));
}

/** The signed-in user's own tenders (every status but archived), newest first. */
export async function listOwnTenders(
  db: Db,
  actor: CurrentUser,
  { page }: PageRequest = {},
): Promise<TenderPage> {
  return listPage(db, and(eq(tenders.userId, actor.id), isNull(tenders.archivedAt)), page, true);
}

/** One of the signed-in user's tenders (edit), or null when it is not theirs. */
export async function getOwnTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<TenderDto | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...allColumns, techPack: tenders.techPack })
    .from(tenders)
    .where(ownTender(actor, id));
  return row ? withTechPack(row) : null;
}

/** The owner's DTO of a row read with its tech pack. */
function withTechPack(row: Row & { techPack: Attachment[] | null }): TenderDto {
  return { ...toDto(row, true), techPack: Array.isArray(row.techPack) ? row.techPack : [] };
}

// ---------------------------------------------------------------------------------------------
// Writing

const fail = failures(TENDER_PROBLEMS);

/**
 * A tender's fields from a caller without a form (tests, the seed, the authorization matrix),
 * checked with the form's schema (the files field is not part of it); actions read them from
 * the posted form in the request's language (tender-actions.server.ts).
 */
function checkedFields(input: unknown) {
  return checkFields(tenderSchema, input, "photos");
}

/** The form's fields of a tender as they are stored. */
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
    private: fields.private,
  };
}

export type PhotoChange =
  | { ok: true; photos: string[] }
  | { ok: false; reason: "not-found" | "too-many" };

/** A tender's photos: only our own uploads into the tenders folder, MAX_TENDER_PHOTOS. */
const tenderPhotos: OwnedImageList = {
  table: tenders,
  id: tenders.id,
  userId: tenders.userId,
  list: tenders.photos,
  key: "photos",
  max: MAX_TENDER_PHOTOS,
  folder: "tenders",
  noun: "tender photo",
  // The photos are part of the terms: they lock at the award too.
  open: termsOpen,
};

/**
 * The account has posted as many tenders as it may within the last day (TENDER_LIMITS):
 * `nextAt` is when it may post again.
 */
export interface TenderLimit {
  limit: number;
  nextAt: Date;
}

/** The refusal of a tender over the limit, with the numbers the page says it with. */
export type TenderLimitFailure = Failure<"too-many-tenders"> & TenderLimit;

const limitFailure = (reached: TenderLimit): TenderLimitFailure => ({
  ...fail("too-many-tenders"),
  ...reached,
});

/**
 * The refusal when the account has used up its tenders of the last day (TENDER_LIMITS), else
 * null. Inside createTender's transaction it is the limit; before it, a cheap early answer (the
 * photos are then not even stored).
 */
export async function tenderLimitReached(
  db: DbOrTx,
  actor: CurrentUser,
  now = new Date(),
): Promise<TenderLimit | null> {
  const [account] = await db
    .select({ createdAt: schema.users.createdAt })
    .from(schema.users)
    .where(eq(schema.users.id, actor.id));
  const limit = tendersPerDay(account?.createdAt ?? null, now);
  const recent = await db
    .select({ at: schema.tenderPostings.postedAt })
    .from(schema.tenderPostings)
    .where(
      and(
        eq(schema.tenderPostings.userId, actor.id),
        gt(schema.tenderPostings.postedAt, new Date(now.getTime() - TENDER_LIMITS.windowMs)),
      ),
    )
    .orderBy(asc(schema.tenderPostings.postedAt));
  // Below the limit again once the postings before the newest `limit - 1` leave the window.
  const opening = recent[recent.length - limit];
  return opening
    ? { limit, nextAt: new Date(opening.at.getTime() + TENDER_LIMITS.windowMs) }
    : null;
}

/** The early answer of tenderLimitReached as an outcome (before any photo is stored). */
export async function tenderLimitOutcome(db: Db, actor: CurrentUser) {
  const reached = await tenderLimitReached(db, actor);
  return reached ? limitFailure(reached) : ok();
}

/**
 * Places a tender for the signed-in user ('active'), with the photos already uploaded (our own
 * uploads into the tenders folder, at most MAX_TENDER_PHOTOS: checked by the form before). Every
 * posting is recorded (tender_postings, which outlives a deleted tender). With `limited` (the
 * rate limits are on), more than TENDER_LIMITS within a day is refused ("too-many-tenders"):
 * counted and written in one transaction under a lock per account, so parallel posts cannot both
 * pass.
 */
export async function insertTender(
  db: Db,
  actor: CurrentUser,
  fields: TenderFields,
  photos: readonly string[],
  { limited = false, techPack = [] }: { limited?: boolean; techPack?: readonly Attachment[] } = {},
): Promise<{ ok: true; value: TenderDto } | TenderLimitFailure> {
  assertOwnedImageUrls(tenderPhotos, photos);
  if (photos.length > MAX_TENDER_PHOTOS) {
    throw new Error(`a tender has at most ${MAX_TENDER_PHOTOS} photos`);
  }
  assertStoredAttachments("tenders", techPack);
  if (techPack.length > MAX_TECH_PACK_FILES) {
    throw new Error(`a tech pack has at most ${MAX_TECH_PACK_FILES} files`);
  }
  const values = storedValues(fields);
  return db.transaction(async (tx) => {
    const now = new Date();
    if (limited) {
      await lockForTransaction(tx, `tenders:${actor.id}`);
      const reached = await tenderLimitReached(tx, actor, now);
      if (reached) return limitFailure(reached);
    }
    const [row] = await tx
      .insert(tenders)
      .values({
        ...values,
        photos: [...photos],
        techPack: [...techPack],
        status: "active",
        userId: actor.id,
      })
      .returning({ ...allColumns, techPack: tenders.techPack });
    await tx.insert(schema.tenderPostings).values({ userId: actor.id, postedAt: now });
    return ok(withTechPack(row as Row & { techPack: Attachment[] }));
  });
}

/**
 * A tender for callers without a form (tests, the seed): the fields are checked with the form's
 * schema, and input it refuses is a mistake of the caller (thrown, with the field errors).
 * Actions place tenders with placeTender (tender-actions.server.ts).
 */
export async function createTender(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  photos: readonly string[] = [],
): Promise<TenderDto> {
  const checked = checkedFields(input);
  if (!checked.ok) {
    throw new Error(`tender refused: ${JSON.stringify(checked.fieldErrors)}`);
  }
  const placed = await insertTender(db, actor, checked.value, photos);
  if (!placed.ok) throw new Error("tender limit reached");
  return placed.value;
}

/**
 * What a change to a tender's terms came to: done, not the user's tender (or gone), or refused
 * because the tender is awarded (its terms are what the chosen factory agreed to).
 */
export type TenderChange =
  | { ok: true; tender: TenderDto; removedFiles: Attachment[] }
  | { ok: false; problem: "not-found" | "locked" | "too-many-files" }
  | InvalidFields;

/** Whether the user's tender `id` exists and is awarded (why a change matched nothing). */
async function lockedOutcome(
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<{ ok: false; problem: "not-found" | "locked" }> {
  const [row] = await db
    .select({ status: tenders.status })
    .from(tenders)
    .where(ownTender(actor, id));
  return { ok: false, problem: row?.status === "awarded" ? "locked" : "not-found" };
}

/**
 * Saves the form's fields of one of the user's tenders. The terms lock at the award: an awarded
 * tender is refused ("locked"), in the same statement, so an award meanwhile cannot slip past.
 */
export async function updateTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  input: unknown,
): Promise<TenderChange> {
  if (!isUuid(id)) return { ok: false, problem: "not-found" };
  const checked = checkedFields(input);
  if (!checked.ok) return checked;
  return saveTenderFields(db, actor, id, checked.value);
}

/**
 * updateTender with fields already checked by the form (editTender), and the tech pack's change
 * (files already stored to add, keys of its files to take off) in the same transaction: on any
 * refusal nothing changes. The files taken off are returned for the caller to delete.
 */
export async function saveTenderFields(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  fields: TenderFields,
  techPack: { add: readonly Attachment[]; remove: readonly string[] } = { add: [], remove: [] },
): Promise<Exclude<TenderChange, InvalidFields>> {
  if (!isUuid(id)) return { ok: false, problem: "not-found" };
  const values = storedValues(fields);
  const saved = await db.transaction(async (tx) => {
    // The tech pack first: it locks the row, so the status it checks holds for the update below.
    const files = await changeTechPack(tx, actor, id, techPack);
    if (!files.ok) {
      return files.reason === "too-many"
        ? { ok: false as const, problem: "too-many-files" as const }
        : null;
    }
    const [row] = await tx
      .update(tenders)
      .set({ ...values, updatedAt: new Date() })
      .where(and(ownTender(actor, id), termsOpen()))
      .returning({ ...allColumns, techPack: tenders.techPack });
    return row
      ? {
          ok: true as const,
          tender: withTechPack(row as Row & { techPack: Attachment[] }),
          removedFiles: files.removed,
        }
      : null;
  });
  return saved ?? lockedOutcome(db, actor, id);
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
    .update(tenders)
    .set({ status, updatedAt: new Date() })
    .where(and(ownTender(actor, id), termsOpen()))
    .returning(allColumns);
  return row ? toDto(row as Row, true) : null;
}

/**
 * What deleting a tender came to: deleted, with the stored files to remove (its photos, and the
 * attachment keys of its quotes and their messages; `removeStoredFiles` in
 * app/platform/attachments.server.ts takes both), or archived.
 */
export type TenderRemoval = { outcome: "deleted"; files: string[] } | { outcome: "archived" };

/**
 * Deletes one of the user's tenders, with its quotes and their conversations (cascade); the
 * factories that quoted are told. An awarded tender is archived instead: it leaves the owner's
 * list, and the chosen factory keeps its quote, conversation and files. Null when the tender is
 * not theirs (nothing changes).
 */
export async function deleteTender(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<TenderRemoval | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    // Locked first: a quote, message or award written meanwhile waits, so no file is missed.
    const [own] = await tx
      .select({ id: tenders.id, status: tenders.status })
      .from(tenders)
      .where(ownTender(actor, id))
      .for("update");
    if (!own) return null;
    if (own.status === "awarded") {
      await tx
        .update(tenders)
        .set({ archivedAt: sql`coalesce(${tenders.archivedAt}, now())` })
        .where(eq(tenders.id, id));
      return { outcome: "archived" as const };
    }
    const quotes = schema.quotes;
    const quoteMessages = schema.quoteMessages;
    const quoteFiles = await tx
      .select({ attachments: quotes.attachments })
      .from(quotes)
      .where(eq(quotes.tenderId, id));
    const messageFiles = await tx
      .select({ attachments: quoteMessages.attachments })
      .from(quoteMessages)
      .innerJoin(quotes, eq(quotes.id, quoteMessages.quoteId))
      .where(eq(quotes.tenderId, id));
    const gone = sql`(select ${id}::uuid)`;
    await detachNotifications(tx, {
      tenders: gone,
      quotes: sql`(select id from quotes where tender_id = ${id})`,
    });
    await notifyTendersDeleted(tx, gone, actor.id);
    const [row] = await tx
      .delete(tenders)
      .where(eq(tenders.id, id))
      .returning({ photos: tenders.photos, techPack: tenders.techPack });
    if (!row) return null;
    const attachments = [...quoteFiles, ...messageFiles].flatMap(
      (found) => found.attachments ?? [],
    );
    return {
      outcome: "deleted" as const,
      files: [
        ...row.photos,
        ...(row.techPack ?? []).map((file) => file.url),
        ...attachments.map((file) => file.url),
      ],
    };
  });
}

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
  const change = await appendOwnedImages(db, tenderPhotos, actor.id, id, urls);
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
    rejected: tenderMessages[locale].photoRejected,
    failed: tenderMessages[locale].photoUploadFailed,
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

/** The factory's own quote on a tender: which one and where it stands. */
export interface OwnQuoteMark {
  id: string;
  status: QuoteStatus;
}

/**
 * The viewer's own quotes on the given tenders, by tender id (the tender list marks the tenders
 * a factory has quoted, and a tender's page and dialog lead to the quote instead of a new one).
 * Empty for anyone but a factory account.
 */
export async function ownQuotesOnTenders(
  db: DbOrTx,
  viewer: Pick<CurrentUser, "id" | "userType"> | null,
  tenderIds: readonly (string | null | undefined)[],
): Promise<Record<string, OwnQuoteMark>> {
  const ids = [...new Set(tenderIds.filter(isUuid))];
  if (viewer?.userType !== "factory" || ids.length === 0) return {};
  const rows = await db
    .select({ tenderId: quotes.tenderId, id: quotes.id, status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.userId, viewer.id), inArray(quotes.tenderId, ids)));
  return Object.fromEntries(rows.map(({ tenderId, ...mark }) => [tenderId, mark]));
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
      .select({ id: quotes.id, userId: quotes.userId, title: tenders.title })
      .from(quotes)
      .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
      .where(
        and(
          eq(quotes.tenderId, tenderId),
          eq(tenders.userId, actor.id),
          eq(tenders.status, "closed"),
          eq(quotes.status, "submitted"),
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
  // The factory's messages the buyer has not read (after the buyer last read the conversation).
  const unread = sql<number>`(select count(*)::int from ${schema.quoteMessages} m where m.quote_id = ${quotes.id} and m.sender_id <> ${tenders.userId} and (${quotes.buyerReadAt} is null or m.created_at > ${quotes.buyerReadAt}))`;
  const rows = await db
    .select({
      tenderId: quotes.tenderId,
      quotes: sql<number>`count(*) filter (where ${quotes.status} <> 'withdrawn')::int`,
      unread: sql<number>`coalesce(sum(${unread}), 0)::int`,
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(
      and(inArray(quotes.tenderId, ids), eq(tenders.userId, actor.id), otherSideNotBanned("buyer")),
    )
    .groupBy(quotes.tenderId);
  return Object.fromEntries(
    rows.map((row) => [row.tenderId, { quotes: Number(row.quotes), unread: Number(row.unread) }]),
  );
}
