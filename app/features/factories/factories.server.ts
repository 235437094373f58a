/**
 * Public reads of factories. Listing and search (the /factories directory) live here too.
 */
import { type AnyColumn, and, arrayContains, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type FactoryFilterInput,
  type FactoryFilters,
  hasCapabilityFilters,
  normalizeFactoryFilters,
} from "~/domain/factory-filters";
import { pageOf } from "~/domain/filter-params";
import {
  rankOf,
  resolveSearch,
  type SearchTarget,
  throughTextIndex,
} from "~/features/search/text-search.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, pageWindow, readPage } from "~/platform/pagination.server";
import { factoryListed } from "~/platform/visibility.server";
import { type Capabilities, capabilityColumns } from "./capabilities.server";

const factories = schema.factories;

/** A factory's own record: what its page shows and what its owner edits. */
export const factoryRecordColumns = {
  id: factories.id,
  name: factories.name,
  description: factories.description,
  /** The factory's own English name and description, for English pages; null → the original. */
  nameEn: factories.nameEn,
  descriptionEn: factories.descriptionEn,
  email: factories.email,
  phone: factories.phone,
  website: factories.website,
  instagramUrl: factories.instagramUrl,
  telegramUrl: factories.telegramUrl,
  whatsappNumber: factories.whatsappNumber,
  country: factories.country,
  city: factories.city,
  address: factories.address,
  logoUrl: factories.logoUrl,
  categories: factories.categories,
};

export type FactoryRecord = {
  [K in keyof typeof factoryRecordColumns]: (typeof factories.$inferSelect)[K];
};

export interface FactoryDetail extends FactoryRecord {
  verified: boolean;
  createdAt: Date;
  /** Its capability profile (issue 29): what a buyer decides by. */
  capabilities: Capabilities;
}

/** One factory by id, or null (unknown or malformed id). */
export async function findFactory(db: Db, id: string | undefined): Promise<FactoryDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...factoryRecordColumns,
      verifiedAt: factories.verifiedAt,
      createdAt: factories.createdAt,
      capabilities: capabilityColumns,
    })
    .from(factories)
    .where(and(eq(factories.id, id), factoryListed()));
  if (!row) return null;
  const { verifiedAt, ...rest } = row;
  return { ...rest, verified: verifiedAt !== null };
}

/** Whether `viewer` owns the factory `id` (its page then offers to edit it). */
export async function ownsFactory(
  db: Db,
  viewer: Pick<CurrentUser, "id"> | null,
  id: string,
): Promise<boolean> {
  if (!viewer || !isUuid(id)) return false;
  const [row] = await db
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.id, id), eq(factories.userId, viewer.id)));
  return row !== undefined;
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
  /** What helps a buyer decide from the list (issue 29); null when the factory has not said. */
  minOrder?: number | null;
  leadTimeDays?: number | null;
  /** The mean mark of its visible reviews and their count (decision 033); no rating: none. */
  rating?: number | null;
  reviewCount?: number;
}

/** A page of the directory; `filters.page` is the page shown. */
export interface FactoryList extends Page<FactoryCard> {
  filters: FactoryFilters;
  /** The count stopped at DIRECTORY_COUNT_CAP: there are more matches than `total` (at least). */
  totalCapped?: boolean;
  /**
   * The search with its typos fixed, when a word matched nothing and a known word was near:
   * the page offers it ('Возможно, вы искали …'); the cards are already its results.
   */
  suggestion?: string;
}

/**
 * A count of the capability filters (no table of counts covers them) stops after this many
 * matches, so it never reads every match; the page then says "more than 1 000".
 */
export const DIRECTORY_COUNT_CAP = 1000;

/** The start of a description for a card: whitespace collapsed, cut at a word, '…' if cut. */
function excerptOf(text: string | null): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= EXCERPT_LENGTH) return flat;
  const cut = flat.slice(0, EXCERPT_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > EXCERPT_LENGTH * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—–-]+$/, "")}…`;
}

/**
 * A text search's count stops after this many matches (the page then says "more than 300"): a
 * match is checked in its row (the index of the vectors only tells which rows may match), so a
 * common word never reads thousands of rows to be counted.
 */
export const SEARCH_COUNT_CAP = 300;

/**
 * Above this many matches a text search is "broad": its page is read in date order, filtering
 * row by row, which stops after a page's worth of rows instead of collecting every match.
 */
const BROAD_SEARCH = SEARCH_COUNT_CAP;

/**
 * A search alone (no other filter) with more than SEARCH_COUNT_CAP matches is read in the
 * directory's order, row by row, only when at least this many of the first PROBE_ROWS rows match
 * it (2 %: a page of 24 then reads about 1 200 rows at most). A rarer one is read through the text
 * index: its matches, sorted by their ids' order, cost less than walking the directory for them.
 */
const BROAD_PROBE = 40;

/**
 * Up to this many matches a text search is ranked (ts_rank of every match, the best first);
 * above, its pages keep the directory's order (ranking reads every match's vectors).
 */
const RANKED_SEARCH = 300;

/**
 * The directory's text search: its factories, their whole vector (`search_all`, the factory's
 * own vector and its products', kept by a trigger; factories_directory_fulltext_idx), and its
 * document frequencies (directory_lexeme_counts).
 */
const DIRECTORY_SEARCH: SearchTarget = {
  from: sql`${factories}`,
  where: sql`${factories.inDirectory}`,
  vector: sql`${factories.searchAll}`,
  relation: "factories",
  // Kept by migration 0029's triggers; the directory's size by migration 0008's.
  frequencies: {
    table: sql`${schema.directoryLexemeCounts}`,
    rows: sql`(select n from ${schema.factoryDirectoryCounts} where not verified_only and category = '' and country = '' and city = '')`,
  },
};

/**
 * The tsquery of the directory's search `q` (see app/features/search/text-search.server.ts):
 * null without a search; `query` null when nothing can match.
 */
export async function directorySearch(
  db: Db,
  filters: FactoryFilters,
  countCap = 0,
  uncountedBelow?: number,
) {
  return filters.q
    ? resolveSearch(db, DIRECTORY_SEARCH, filters.q, { countCap, uncountedBelow })
    : null;
}

/**
 * The WHERE of the directory. Each filter maps onto an index: categories `@>` (GIN), country
 * and city equality (btree, country first), and the text search on the factory's whole vector
 * (`search_all`: its name, description and codes, and the names of its products), the column
 * of factories_directory_fulltext_idx (GIN). The search has two shapes: "selective" (the count,
 * and the page of a narrow search) lets the planner use the GIN index; "broad" (the page of a
 * search with many matches) hides the condition from it, so the date-ordered index scan is used
 * and stops after one page (each row checked in its one inline vector).
 */
function directoryWhere(
  filters: FactoryFilters,
  search: "selective" | "broad",
  textQuery: string | null = null,
): SQL | undefined {
  const conditions: SQL[] = [inDirectory()];
  if (filters.verified) conditions.push(sql`${factories.verifiedAt} is not null`);
  if (filters.category) conditions.push(arrayContains(factories.categories, [filters.category]));
  if (filters.country) conditions.push(eq(factories.country, filters.country));
  if (filters.city) conditions.push(eq(factories.city, filters.city));
  conditions.push(...capabilityConditions(filters));
  if (filters.q) {
    // A search that can match nothing (stop words only) finds nothing.
    if (textQuery === null) return sql`false`;
    const match = sql`${factories.searchAll} @@ ${textQuery}::tsquery`;
    conditions.push(
      search === "selective"
        ? match
        : // Not an index condition: the planner keeps the directory's order and filters rows.
          sql`(${match}) is true`,
    );
  }
  return and(...conditions);
}

/**
 * The capability filters (issue 29), each on an index of the directory's factories (migration
 * 0018): the numbers on btree indexes, the lists `@>` on GIN indexes (the verified certifications
 * too, migration 0028). Every column they read is also carried by factories_directory_country_idx
 * (migration 0028), so a page's ids and its count can be read from that index alone.
 */
function capabilityConditions(filters: FactoryFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.maxMinOrder) conditions.push(sql`${factories.minOrder} <= ${filters.maxMinOrder}`);
  if (filters.minCapacity) {
    conditions.push(sql`${factories.monthlyCapacity} >= ${filters.minCapacity}`);
  }
  if (filters.maxLeadTime) {
    conditions.push(sql`${factories.leadTimeDays} <= ${filters.maxLeadTime}`);
  }
  if (filters.service) conditions.push(arrayContains(factories.services, [filters.service]));
  if (filters.material) conditions.push(arrayContains(factories.materials, [filters.material]));
  if (filters.market) conditions.push(arrayContains(factories.exportMarkets, [filters.market]));
  if (filters.english) conditions.push(arrayContains(factories.languages, ["en"]));
  // On time (decision 033): the share kept by migration 0023's triggers, on its partial index.
  if (filters.minOnTime) {
    conditions.push(sql`${factories.onTimePercent} >= ${filters.minOnTime}`);
  }
  if (filters.certification) {
    // Verified certifications only, kept with the factory by migration 0028's trigger.
    conditions.push(arrayContains(factories.verifiedCertifications, [filters.certification]));
  }
  return conditions;
}

/**
 * How many of the directory's factories the filters find. Without a text search: one row of
 * factory_directory_counts, kept by triggers with every write (migration 0008), so the count
 * costs the same at any size. With one (`textQuery`, see directorySearch) or a capability
 * filter: at most `cap` + 1 matches are read (the partial full-text index, narrowed by the other
 * filters), so a common word never counts every match; more than `cap` reads as "more than".
 */
export async function countDirectory(
  db: Db,
  filters: FactoryFilters,
  cap = DIRECTORY_COUNT_CAP,
  textQuery: string | null = null,
): Promise<number> {
  if (hasCapabilityFilters(filters) || filters.q) {
    // At most `cap` + 1 rows are read: more than the cap reads as "more than".
    const count = async (db: Db) => {
      const matches = db
        .select({ one: sql`1` })
        .from(factories)
        .where(directoryWhere(filters, "selective", textQuery))
        .limit(cap + 1)
        .as("matches");
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
      return Number(row?.n ?? 0);
    };
    // A search with other filters is counted through the text index (with the filters' own
    // indexes): never by walking the directory for a rare word.
    return textQuery ? throughTextIndex(db, count) : count(db);
  }
  const counts = schema.factoryDirectoryCounts;
  const [row] = await db
    .select({ n: counts.n })
    .from(counts)
    .where(
      and(
        eq(counts.verifiedOnly, filters.verified === true),
        eq(counts.category, filters.category ?? ""),
        eq(counts.country, filters.country ?? ""),
        eq(counts.city, filters.city ?? ""),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One page of the directory (24 cards, the most complete profiles first, then the newest) and
 * the number of matches. Invalid
 * filters are ignored (see normalizeFactoryFilters); a page past the last shows the last page.
 *
 * Two queries: the count (see countDirectory), then the page; the count clamps the page and, with
 * a text search, picks the shape of the page query (see directoryWhere). The order is
 * `completeness desc, created_at desc nulls last, id desc`: it matches
 * factories_directory_order_idx exactly, so an unfiltered or loosely filtered page is an index
 * scan of the directory's factories that stops after 24 rows; `id` keeps the order stable when
 * two factories share a timestamp.
 */
export async function listFactories(
  db: Db,
  input: FactoryFilterInput,
  /**
   * Tests lower `broadSearch` to check that both shapes of the page query agree, `countCap`
   * to see a capped count, and `rankedSearch` to see a search in the directory's order.
   */
  {
    broadSearch = BROAD_SEARCH,
    broadProbe = BROAD_PROBE,
    countCap = DIRECTORY_COUNT_CAP,
    rankedSearch = RANKED_SEARCH,
  }: {
    broadSearch?: number;
    broadProbe?: number;
    countCap?: number;
    rankedSearch?: number;
  } = {},
): Promise<FactoryList> {
  const filters = normalizeFactoryFilters(input);
  const cap = filters.q ? Math.min(countCap, SEARCH_COUNT_CAP) : countCap;
  // A search alone is counted while its words are resolved (the same capped count).
  const searchAlone =
    !!filters.q &&
    !filters.verified &&
    !filters.category &&
    !filters.country &&
    !filters.city &&
    !hasCapabilityFilters(filters);
  // A rare search alone is left uncounted: its page reads every match anyway, and counts them.
  const resolved = await directorySearch(
    db,
    filters,
    searchAlone ? cap : 0,
    searchAlone ? broadProbe : undefined,
  );
  const textQuery = resolved?.query ?? null;
  if (resolved?.uncounted && textQuery) {
    const counted = await rareSearchPage(db, filters, textQuery, rankedSearch);
    if (counted) {
      return { ...counted, ...(resolved.suggestion ? { suggestion: resolved.suggestion } : {}) };
    }
  }
  const counted =
    searchAlone && resolved?.found !== undefined
      ? resolved.found
      : await countDirectory(db, filters, cap, textQuery);
  const totalCapped = (hasCapabilityFilters(filters) || !!filters.q) && counted > cap;
  const total = totalCapped ? cap : counted;
  // How common the words are among the first rows (a search alone): see BROAD_PROBE.
  const common = !searchAlone || resolved?.probed === undefined || resolved.probed >= broadProbe;
  const search = filters.q && counted > broadSearch && common ? "broad" : "selective";
  // A search in the default order shows the best matches first when there are few enough to
  // rank them all cheaply; more are read in the directory's order.
  const rank =
    textQuery && search === "selective" && counted <= rankedSearch && !filters.sort
      ? [sql`${rankOf(DIRECTORY_SEARCH.vector, textQuery)} desc`]
      : [];
  // A selective search reads its page through the text index (the planner cannot tell how rare
  // a prefix is, and would walk the directory for it).
  const read = <T>(query: (db: Db) => Promise<T>) =>
    textQuery && search === "selective" ? throughTextIndex(db, query) : query(db);
  // A search picks the page's ids first, then reads their cards: the sort of many matches then
  // carries no excerpts (each one read out of line). So do capability filters that match few
  // enough factories to be counted: their ids come from factories_directory_country_idx alone,
  // where reading the cards' columns would visit every matching row of the table. Common ones
  // walk the directory's order, which finds a page's worth at once.
  const idsFirst = !!textQuery || (hasCapabilityFilters(filters) && !totalCapped);
  const list = await readPage(total, filters.page, FACTORIES_PAGE_SIZE, async ({ offset }) => {
    const rows = await read((db) =>
      db
        .select(cardColumns)
        .from(factories)
        .where(
          idsFirst
            ? inArray(
                factories.id,
                db
                  .select({ id: factories.id })
                  .from(factories)
                  .where(directoryWhere(filters, search, textQuery))
                  .orderBy(...rank, ...directoryOrder(filters))
                  .limit(FACTORIES_PAGE_SIZE)
                  .offset(offset),
              )
            : directoryWhere(filters, search, textQuery),
        )
        .orderBy(...rank, ...directoryOrder(filters))
        .limit(FACTORIES_PAGE_SIZE)
        .offset(idsFirst ? 0 : offset),
    );
    return rows.map(toCard);
  });
  return {
    ...list,
    filters: { ...filters, page: list.page },
    ...(totalCapped ? { totalCapped } : {}),
    ...(resolved?.suggestion ? { suggestion: resolved.suggestion } : {}),
  };
}

/** The columns of a directory card (see toCard), read from `factories`. */
const cardColumns = {
  id: factories.id,
  name: factories.name,
  logoUrl: factories.logoUrl,
  country: factories.country,
  city: factories.city,
  categories: factories.categories,
  description: sql<
    string | null
  >`left(${factories.description}, ${sql.raw(String(EXCERPT_FETCH))})`,
  nameEn: factories.nameEn,
  descriptionEn: sql<
    string | null
  >`left(${factories.descriptionEn}, ${sql.raw(String(EXCERPT_FETCH))})`,
  verifiedAt: factories.verifiedAt,
  minOrder: factories.minOrder,
  leadTimeDays: factories.leadTimeDays,
  rating: factories.rating,
  reviewCount: factories.reviewCount,
};

/** A card's row as cardColumns read it. */
type CardRow = Omit<FactoryCard, "excerpt" | "excerptEn" | "verified"> & {
  description: string | null;
  descriptionEn: string | null;
  verifiedAt: Date | null;
};

function toCard({ description, descriptionEn, verifiedAt, ...row }: CardRow): FactoryCard {
  return {
    ...row,
    excerpt: excerptOf(description),
    excerptEn: excerptOf(descriptionEn),
    verified: verifiedAt !== null,
  };
}

/**
 * The page of a rare search alone (found among the first rows, but fewer than BROAD_PROBE times,
 * so left uncounted by directorySearch) and its exact count, in one statement through the text
 * index: the index gives every match once, and the same pass counts them (`count(*) over ()`)
 * and keeps the page's 24, ranked when there are at most `rankedSearch` (the rank is computed
 * only then). Counting first would read the index's lists twice. Null when the page asked for
 * is past the last (no row tells the count): the caller then counts and shows the last page.
 */
async function rareSearchPage(
  db: Db,
  filters: FactoryFilters,
  textQuery: string,
  rankedSearch: number,
): Promise<FactoryList | null> {
  const requested = pageOf(filters.page);
  const rows = await throughTextIndex(db, (db) => {
    // Every match once, with what orders it (no vector: the window keeps every row it counts).
    const matches = db
      .select({ ...orderColumns, n: sql<number>`count(*) over ()`.as("n") })
      .from(factories)
      .where(directoryWhere(filters, "selective", textQuery))
      .as("matches");
    // A match's rank, read from its row only when there are few enough to rank. (Written out:
    // the builder leaves a subquery's columns unqualified inside a nested select.)
    const rank = filters.sort
      ? sql<null>`null::real`
      : sql<number | null>`case when "matches"."n" <= ${rankedSearch} then (select ${rankOf(
          sql`ranked.search_all`,
          textQuery,
        )} from ${factories} ranked where ranked.id = "matches"."id") end`;
    const page = db
      .select({ id: matches.id, n: matches.n, r: rank.as("r") })
      .from(matches)
      .orderBy(sql`r desc nulls last`, ...directoryOrder(filters, matches))
      .limit(FACTORIES_PAGE_SIZE)
      .offset((requested - 1) * FACTORIES_PAGE_SIZE)
      .as("page");
    return db
      .select({ ...cardColumns, n: sql<number>`"page"."n"`.mapWith(Number) })
      .from(page)
      .innerJoin(factories, eq(factories.id, page.id))
      .orderBy(sql`"page"."r" desc nulls last`, ...directoryOrder(filters));
  });
  const total = Number(rows[0]?.n ?? 0);
  if (rows.length === 0 && requested > 1) return null;
  const { offset: _offset, ...window } = pageWindow(total, requested, FACTORIES_PAGE_SIZE);
  return {
    items: rows.map(({ n: _n, ...row }) => toCard(row)),
    total,
    ...window,
    filters: { ...filters, page: window.page },
  };
}

/**
 * The order of a page, each matching an index of the directory's factories: the default (most
 * complete first, then newest: factories_directory_order_idx), the best rated first
 * (factories_directory_rating_idx), the newest first
 * (factories_directory_newest_idx) or the verified first (factories_directory_verified_idx).
 * `id` last keeps the order stable when two factories share a timestamp.
 */
function directoryOrder(filters: FactoryFilters, row: OrderColumns = factories): SQL[] {
  const newest = [sql`${row.createdAt} desc nulls last`, sql`${row.id} desc`];
  const complete = [sql`${row.completeness} desc nulls last`, ...newest];
  if (filters.sort === "newest") return newest;
  if (filters.sort === "rating") {
    // factories_directory_rating_idx: the rated first (best mean, then more reviews).
    return [
      sql`${row.rating} desc nulls last`,
      sql`${row.reviewCount} desc nulls last`,
      ...complete,
    ];
  }
  if (filters.sort === "verified") {
    return [sql`(${row.verifiedAt} is not null) desc`, ...complete];
  }
  return complete;
}

/** The columns the directory's orders read (see directoryOrder), of `factories` or a subquery. */
const orderColumns = {
  id: factories.id,
  completeness: factories.completeness,
  createdAt: factories.createdAt,
  rating: factories.rating,
  reviewCount: factories.reviewCount,
  verifiedAt: factories.verifiedAt,
};
type OrderColumns = { [K in keyof typeof orderColumns]: SQL | SQL.Aliased | AnyColumn };

/**
 * A factory the directory lists: `factories.in_directory` (listed, with a name, a country and a
 * category), kept by a trigger (migration 0011). The directory's partial indexes cover exactly
 * these rows.
 */
function inDirectory(): SQL {
  return sql`${factories.inDirectory}`;
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

/** How many factories the directory lists, and when the newest change to any of them was made. */
export async function factoryDirectoryStats(
  db: Db,
): Promise<{ total: number; updatedAt: Date | null }> {
  const [total, [row]] = await Promise.all([
    countDirectory(db, normalizeFactoryFilters({})),
    db
      .select({ updatedAt: sql<string | null>`max(${factories.updatedAt})` })
      .from(factories)
      .where(inDirectory()),
  ]);
  return { total, updatedAt: row?.updatedAt ? new Date(row.updatedAt) : null };
}

/** A slice of the directory's factories in a stable order (by id, the primary key), for the sitemap files. */
export async function sitemapFactories(
  db: Db,
  { offset, limit }: { offset: number; limit: number },
): Promise<SitemapFactory[]> {
  // Drizzle leaves the columns of a one-table select unqualified, so the correlated subquery
  // names both sides itself.
  const outer = alias(factories, "factory");
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
    .where(ref("factory", "in_directory"))
    .orderBy(outer.id)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ ...row, portfolioUpdatedAt: new Date(row.portfolioUpdatedAt) }));
}

/**
 * The directory's factories that the filters find and that joined it (were created) after `since`
 * and up to `until`, the newest first, at most `limit`: the news of a saved search's weekly letter
 * (app/features/saved/search-letters.server.ts).
 */
export async function newDirectoryMatches(
  db: Db,
  filters: FactoryFilters,
  { since, until, limit }: { since: Date; until: Date; limit: number },
): Promise<
  { id: string; name: string; nameEn: string | null; country: string | null; city: string | null }[]
> {
  const resolved = await directorySearch(db, filters);
  const rows = await db
    .select({
      id: factories.id,
      name: factories.name,
      nameEn: factories.nameEn,
      country: factories.country,
      city: factories.city,
    })
    .from(factories)
    .where(
      and(
        directoryWhere(filters, "selective", resolved?.query ?? null),
        sql`${factories.createdAt} > ${since}`,
        sql`${factories.createdAt} <= ${until}`,
      ),
    )
    .orderBy(desc(factories.createdAt), desc(factories.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, name: row.name ?? "" }));
}
