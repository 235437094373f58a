/**
 * Public reads of factories. Listing and search (the /factories directory) live here too.
 */
import { and, arrayContains, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type FactoryFilterInput,
  type FactoryFilters,
  normalizeFactoryFilters,
} from "~/domain/factory-filters";
import { searchWords } from "~/domain/search-text";
import { type Db, schema } from "./db.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Moderation (issue 6): the content of a blocked user is hidden from public pages, nothing is
 * deleted. The condition for a row of `table` (named or aliased so in the query) whose
 * `user_id` is the owner: the owner's users row is not banned. A primary-key lookup per row;
 * used for tenders and quotes. Factories and their products use `factories.listed` instead
 * (factoryListed, productOfListedFactory), which the database keeps equal to this condition.
 */
export function ownerNotBanned(table: string): SQL {
  return sql`exists (select 1 from ${schema.users} ${sql.identifier("owner")} where ${sql.identifier("owner")}.${sql.identifier("id")} = ${sql.identifier(table)}.${sql.identifier("user_id")} and ${sql.identifier("owner")}.${sql.identifier("banned")} is not true)`;
}

/**
 * A factory shown on public pages: `factories.listed`, kept by triggers in the same statement
 * as blocking or unblocking its owner (migration 0008). The directory's partial indexes cover
 * exactly these rows, so every directory query carries this condition as it is.
 */
export function factoryListed(): SQL {
  return sql`${schema.factories.listed}`;
}

/**
 * The condition for a row of `table` (named or aliased so in the query) with a `factory_id`:
 * its factory is listed. A primary-key lookup per row.
 */
export function productOfListedFactory(table: string): SQL {
  const factory = sql.identifier("listed_factory");
  return sql`exists (select 1 from ${schema.factories} ${factory} where ${factory}.${sql.identifier("id")} = ${sql.identifier(table)}.${sql.identifier("factory_id")} and ${factory}.${sql.identifier("listed")})`;
}

/** true for a well-formed id; anything else is "not found" without asking the database. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface FactoryDetail {
  id: string;
  name: string;
  description: string | null;
  /** The factory's own English name and description, for English pages; null → the original. */
  nameEn: string | null;
  descriptionEn: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  instagramUrl: string | null;
  telegramUrl: string | null;
  whatsappNumber: string | null;
  country: string | null;
  city: string | null;
  address: string | null;
  logoUrl: string | null;
  categories: string[];
  verified: boolean;
  createdAt: Date;
}

/** One factory by id, or null (unknown or malformed id). */
export async function findFactory(db: Db, id: string | undefined): Promise<FactoryDetail | null> {
  if (!isUuid(id)) return null;
  const f = schema.factories;
  const [row] = await db
    .select({
      id: f.id,
      name: f.name,
      description: f.description,
      nameEn: f.nameEn,
      descriptionEn: f.descriptionEn,
      email: f.email,
      phone: f.phone,
      website: f.website,
      instagramUrl: f.instagramUrl,
      telegramUrl: f.telegramUrl,
      whatsappNumber: f.whatsappNumber,
      country: f.country,
      city: f.city,
      address: f.address,
      logoUrl: f.logoUrl,
      categories: f.categories,
      verifiedAt: f.verifiedAt,
      createdAt: f.createdAt,
    })
    .from(f)
    .where(and(eq(f.id, id), factoryListed()));
  if (!row) return null;
  const { verifiedAt, ...rest } = row;
  return { ...rest, verified: verifiedAt !== null };
}

// ---------------------------------------------------------------------------------------------
// The /factories directory: filters, full-text search, pages
// ---------------------------------------------------------------------------------------------

export const FACTORIES_PAGE_SIZE = 24;
export {
  type FactoryFilterInput,
  type FactoryFilters,
  factoryFiltersFromSearch,
  normalizeFactoryFilters,
  SEARCH_MAX_LENGTH,
} from "~/domain/factory-filters";

/** Characters of the description fetched for a card, and the length of its excerpt. */
const EXCERPT_FETCH = 240;
const EXCERPT_LENGTH = 170;

export interface FactoryCard {
  id: string;
  name: string;
  logoUrl: string | null;
  country: string | null;
  city: string | null;
  categories: string[];
  /** The start of the description, cut at a word with '…', or ''. */
  excerpt: string;
  /** The factory's own English name and start of its English description, for English pages. */
  nameEn: string | null;
  excerptEn: string;
  /** An admin verified the factory ('Проверенная фабрика'). */
  verified: boolean;
}

export interface FactoryList {
  items: FactoryCard[];
  total: number;
  /** The page shown: the asked page, clamped to 1..pageCount. */
  page: number;
  /** At least 1, also when nothing was found. */
  pageCount: number;
  pageSize: number;
  filters: FactoryFilters;
}

/** The start of a description for a card: whitespace collapsed, cut at a word, '…' if cut. */
function excerptOf(text: string | null): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > EXCERPT_LENGTH * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, "")}…`;
}

/**
 * Above this many matches a text search is "broad": its page is read in date order, filtering
 * row by row, which stops after a page's worth of rows instead of collecting every match.
 */
const BROAD_SEARCH = 1000;

/**
 * The WHERE of the directory. Each filter maps onto an index: categories `@>` (GIN), country
 * and city equality (btree, country first), and the text search on the factory's own vector
 * (name A, description B) joined with the names of its products (`products_search`, kept by
 * triggers), which is the expression of factories_fulltext_idx (GIN). The search has two
 * shapes: "selective" (the count, and the page of a narrow search) lets the planner use the GIN
 * index; "broad" (the page of a search with many matches) hides the expression from it, so the
 * date-ordered index scan is used and stops after one page.
 */
/**
 * Every word of the search must match, in one of two ways: as a Russian word in any of its forms
 * ('платье' finds 'платья'), or as the beginning of a longer word ('Наман' finds 'Наманган':
 * people type the beginning of a name). One-letter words only match as words.
 */
function textSearchQuery(text: string): SQL {
  const words = searchWords(text);
  if (words.length === 0) return sql`''::tsquery`;
  const parts = words.map((word) =>
    word.length < 2
      ? sql`to_tsquery('russian', ${word})`
      : sql`(to_tsquery('russian', ${word}) || to_tsquery('simple', ${`${word}:*`}))`,
  );
  return sql`(${sql.join(parts, sql` && `)})`;
}

function directoryWhere(filters: FactoryFilters, search: "selective" | "broad"): SQL | undefined {
  const f = schema.factories;
  const conditions: SQL[] = [factoryListed()];
  if (filters.verified) conditions.push(sql`${f.verifiedAt} is not null`);
  if (filters.category) conditions.push(arrayContains(f.categories, [filters.category]));
  if (filters.country) conditions.push(eq(f.country, filters.country));
  if (filters.city) conditions.push(eq(f.city, filters.city));
  if (filters.q) {
    const query = textSearchQuery(filters.q);
    const vector =
      search === "selective"
        ? sql`(${f.search} || ${f.productsSearch})`
        : // Not the indexed expression: the planner keeps the date order and filters rows.
          sql`(${f.search} || ${f.productsSearch} || ''::tsvector)`;
    conditions.push(sql`${vector} @@ ${query}`);
  }
  return and(...conditions);
}

/**
 * How many listed factories the filters find. Without a text search: one row of
 * factory_directory_counts, kept by triggers with every write (migration 0008), so the count
 * costs the same at any size. With one: a count over the partial full-text index of listed
 * factories (no per-row owner check), narrowed by the other filters.
 */
export async function countDirectory(db: Db, filters: FactoryFilters): Promise<number> {
  if (filters.q) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.factories)
      .where(directoryWhere(filters, "selective"));
    return Number(row?.n ?? 0);
  }
  const c = schema.factoryDirectoryCounts;
  const [row] = await db
    .select({ n: c.n })
    .from(c)
    .where(
      and(
        eq(c.verifiedOnly, filters.verified === true),
        eq(c.category, filters.category ?? ""),
        eq(c.country, filters.country ?? ""),
        eq(c.city, filters.city ?? ""),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One page of the directory (24 cards, newest first) and the number of matches. Invalid
 * filters are ignored (see normalizeFactoryFilters); a page past the last shows the last page.
 *
 * Two queries: the count (see countDirectory), then the page; the count clamps the page and, with
 * a text search, picks the shape of the page query (see directoryWhere). The order is
 * `created_at desc nulls last, id desc`: it matches factories_listed_created_at_idx exactly, so
 * an unfiltered or loosely filtered page is an index scan of listed factories that stops after
 * 24 rows; `id` keeps the order stable when two factories share a timestamp.
 */
export async function listFactories(
  db: Db,
  input: FactoryFilterInput,
  /** Tests lower `broadSearch` to check that both shapes of the page query agree. */
  { broadSearch = BROAD_SEARCH }: { broadSearch?: number } = {},
): Promise<FactoryList> {
  const filters = normalizeFactoryFilters(input);
  const f = schema.factories;
  const pageOf = (page: number, search: "selective" | "broad") =>
    db
      .select({
        id: f.id,
        name: f.name,
        logoUrl: f.logoUrl,
        country: f.country,
        city: f.city,
        categories: f.categories,
        description: sql<string | null>`left(${f.description}, ${sql.raw(String(EXCERPT_FETCH))})`,
        nameEn: f.nameEn,
        descriptionEn: sql<
          string | null
        >`left(${f.descriptionEn}, ${sql.raw(String(EXCERPT_FETCH))})`,
        verifiedAt: f.verifiedAt,
      })
      .from(f)
      .where(directoryWhere(filters, search))
      .orderBy(sql`${f.createdAt} desc nulls last`, desc(f.id))
      .limit(FACTORIES_PAGE_SIZE)
      .offset((page - 1) * FACTORIES_PAGE_SIZE);

  const total = await countDirectory(db, filters);
  const pageCount = Math.max(1, Math.ceil(total / FACTORIES_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows =
    total === 0 ? [] : await pageOf(page, filters.q && total > broadSearch ? "broad" : "selective");
  return {
    items: rows.map(({ description, descriptionEn, verifiedAt, ...row }) => ({
      ...row,
      excerpt: excerptOf(description),
      excerptEn: excerptOf(descriptionEn),
      verified: verifiedAt !== null,
    })),
    total,
    page,
    pageCount,
    pageSize: FACTORIES_PAGE_SIZE,
    filters: { ...filters, page },
  };
}

// ---------------------------------------------------------------------------------------------
// Sitemap
// ---------------------------------------------------------------------------------------------

export interface SitemapFactory {
  id: string;
  /** When the factory's record last changed. */
  updatedAt: Date;
  /** When its portfolio last changed: the newest of the factory and its products. */
  portfolioUpdatedAt: Date;
}

/** How many factories are listed, and when the newest change to any of them was made. */
export async function factoryDirectoryStats(
  db: Db,
): Promise<{ total: number; updatedAt: Date | null }> {
  const f = schema.factories;
  const [total, [row]] = await Promise.all([
    countDirectory(db, normalizeFactoryFilters({})),
    db
      .select({ updatedAt: sql<string | null>`max(${f.updatedAt})` })
      .from(f)
      .where(factoryListed()),
  ]);
  return { total, updatedAt: row?.updatedAt ? new Date(row.updatedAt) : null };
}

/** A slice of all factories in a stable order (by id, the primary key), for the sitemap files. */
export async function sitemapFactories(
  db: Db,
  { offset, limit }: { offset: number; limit: number },
): Promise<SitemapFactory[]> {
  const f = schema.factories;
  // Drizzle leaves the columns of a one-table select unqualified, so the correlated subquery
  // names both sides itself.
  const outer = alias(f, "factory");
  const ref = (table: string, column: string) =>
    sql`${sql.identifier(table)}.${sql.identifier(column)}`;
  const rows = await db
    .select({
      id: outer.id,
      updatedAt: outer.updatedAt,
      portfolioUpdatedAt: sql<string | Date>`greatest(${ref("factory", "updated_at")}, (
        select max(${ref("product", "updated_at")}) from ${schema.factoryProducts} ${sql.identifier("product")}
        where ${ref("product", "factory_id")} = ${ref("factory", "id")}))`,
    })
    .from(outer)
    .where(ref("factory", "listed"))
    .orderBy(outer.id)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, portfolioUpdatedAt: new Date(row.portfolioUpdatedAt) }));
}
