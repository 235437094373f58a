/**
 * The search that understands buyers (issue 29; docs/decisions/027-search.md), for any table with
 * a full-text vector built like the factories' (migration 0022): the directory of factories and
 * the keyword of /tenders use it.
 *
 * 1. Each word of the search means several things (app/domain/search-query.ts): the word in any
 *    Russian form or as the start of a longer word, its glossary synonyms, its spelling in the
 *    other alphabet, and the reference tokens (country, city, category, garment, fabric) whose
 *    names in either language it is. The database turns each into one tsquery (one round trip).
 * 2. The rows matching every word are the result. When none does, a word that matches nothing
 *    is replaced by the nearest known word (trigram similarity over search_lexicon: the words of
 *    the names and of the reference names) — the page then offers "Возможно, вы искали …" — or
 *    left out when nothing is near; and when the words still find nothing together, the rows
 *    matching the most of them are the result. A word nobody uses never empties the result.
 * 3. The resulting tsquery is a constant: the caller's WHERE keeps using the GIN index of the
 *    vector, and ranks with `rankOf`.
 *
 * Whether and how often a query matches is asked cheaply first (countMatches): the target's
 * document frequencies, when it keeps them, tell which words nothing has and which words more
 * rows have than are counted; a probe of the target's first rows settles a common query without
 * reading its long lists in the index; only the rest is asked of the index (decision 027,
 * "Speed" and "Speed, second pass").
 */
import { type SQL, sql } from "drizzle-orm";
import { parseSearch, sameWordForm, type WordTerms, wordTerms } from "~/domain/search-query";
import type { Db } from "~/platform/db.server";

/** Where a search looks: the vector of a row and which rows count. */
export interface SearchTarget {
  /** The table, as FROM names it. */
  from: SQL;
  /** The rows that may be found (the directory's factories, the active tenders). */
  where: SQL;
  /** The row's vector: the expression its GIN index covers. */
  vector: SQL;
  /**
   * The target's document frequencies, when it keeps them: a table of (lexeme, n), how many of
   * its rows have each lexeme in their vector (lexeme compared byte by byte), and how many rows
   * it has. A search then knows from them, before reading anything, which words no row has and
   * which more rows have than it counts.
   */
  frequencies?: { table: SQL; rows: SQL };
  /**
   * The table's name, for its size: with `frequencies.rows`, a probe reads the rows at the start
   * of the table by their place in it (a TID range, see probeRows).
   */
  relation?: string;
}

/** What a search means once the database has looked at its words. */
export interface ResolvedSearch {
  /** The tsquery (text form) the result is the rows of; null: nothing can match. */
  query: string | null;
  /** The words of the search after typo fixes, when a word was fixed: 'Возможно, вы искали …'. */
  suggestion: string | null;
  /** How many of the search's usable words every row of the result matches, of how many. */
  matched: number;
  words: number;
  /**
   * How many rows of the target match `query`, counted up to the caller's `countCap` + 1 (more
   * than the cap reads as `countCap` + 1); absent when the search did not count.
   */
  found?: number;
  /**
   * How many of the first PROBE_ROWS rows of the target match (up to `countCap` + 1), with
   * `found`: how common the query is, which decides how its pages are best read.
   */
  probed?: number;
  /**
   * The result matches some rows, found fewer than the caller's `uncountedBelow` times among the
   * first rows and not counted (`found` is absent): a rare query whose matches the caller reads
   * anyway, and counts there.
   */
  uncounted?: true;
}

/** No similarity below this counts as a typo of a known word (pg_trgm's similarity, 0–1). */
const TYPO_SIMILARITY = 0.35;

const NOTHING: ResolvedSearch = { query: null, suggestion: null, matched: 0, words: 0 };

/** `'a' | 'b'` for to_tsquery: the words are letters, digits and inner hyphens only. */
const alternatives = (words: readonly string[], suffix = "") =>
  words.map((word) => `${word}${suffix}`).join(" | ");

/** A reference token as a tsquery lexeme: quoted, quotes doubled (tokens hold none, but still). */
const lexeme = (token: string) => `'${token.replaceAll("'", "''")}'`;

/**
 * The tsquery of each word (text form; '' when the word can match nothing, a stop word), in one
 * round trip: the Russian forms of its texts, their starts (two letters or more), its tokens.
 * With the target's document frequencies, the same statement reads how many rows each word can
 * match at least and at most (KnownMatches.bounds): a word matches at least as many rows as its
 * most frequent lexeme has (a plain list of alternatives only), at most as many as all its
 * lexemes together.
 */
async function wordQueries(
  db: Db,
  terms: readonly WordTerms[],
  target: SearchTarget,
  known: KnownMatches,
): Promise<string[]> {
  if (terms.length === 0) return [];
  const words = terms.map((term, i) => {
    // A hyphenated word ('ак-т') starts a hyphenated word of the vector ('ак-тоо') as a whole:
    // the parser would split it into parts and want each ('т' alone is no word).
    const prefixes = term.texts.filter((text) => text.length >= 2 && !text.includes("-"));
    const literal = [
      ...term.texts.filter((text) => text.includes("-")).map((text) => `${lexeme(text)}:*`),
      ...term.tokens.map(lexeme),
    ];
    const parts: SQL[] = [sql`to_tsquery('russian', ${alternatives(term.texts)})`];
    if (prefixes.length > 0) {
      parts.push(sql`to_tsquery('simple', ${alternatives(prefixes, ":*")})`);
    }
    if (literal.length > 0) parts.push(sql`${literal.join(" | ")}::tsquery`);
    return sql`(${sql.raw(String(i))}, (${sql.join(parts, sql` || `)})::text)`;
  });
  const frequencies = target.frequencies;
  const pages = target.relation
    ? sql`, pg_relation_size(${target.relation}::regclass) / current_setting('block_size')::bigint as pages`
    : sql``;
  // Each lexeme of a word's query is one range of the frequencies' key: a prefix's lexemes, or
  // the lexeme alone (nothing sorts between it and itself followed by chr(1)).
  const bounds = frequencies
    ? sql`, b.most, b.total, ${frequencies.rows} as rows${pages} from words
      cross join lateral (
        select coalesce(max(f.n), 0)::int as most, coalesce(sum(f.n), 0)::int as total
          from regexp_matches(words.q, ${TSQUERY_LEXEME}, 'g') m
          cross join lateral (select replace(m[1], '''''', '''') as lexeme) l
          cross join lateral (
            select c.n from ${frequencies.table} c
             where c.lexeme >= l.lexeme collate "C"
               and c.lexeme < (l.lexeme || case when m[2] is null then chr(1) else chr(1114111) end) collate "C"
          ) f
      ) b`
    : sql` from words`;
  const result = await db.execute(
    sql`with words (i, q) as (values ${sql.join(words, sql`, `)}) select words.i, words.q${bounds} order by words.i`,
  );
  const rows = result.rows as {
    q: string | null;
    most?: number;
    total?: number;
    rows?: number;
    pages?: number | string;
  }[];
  const [first] = rows;
  if (first?.pages !== undefined && Number(first.rows) > 0) {
    known.layout = { pages: Number(first.pages), rows: Number(first.rows) };
  }
  return rows.map((row) => {
    const query = withoutCoveredLexemes(row.q ?? "");
    if (frequencies && query) {
      const size = Number(row.rows ?? 0);
      // A phrase (a hyphenated word) needs more than one of its lexemes: no lower bound.
      const low = /[&<!]/.test(query) ? 0 : Number(row.most ?? 0);
      const high = Math.min(size, Number(row.total ?? 0));
      known.bounds.set(query, { low, high, rows: size });
      if (high === 0) known.matches.set(query, false);
      else if (low > 0) known.matches.set(query, true);
    }
    return query;
  });
}

/** A lexeme of a tsquery's text, and `:*` after a prefix (a POSIX regular expression). */
const TSQUERY_LEXEME = "'((?:[^']|'')+)'(:\\*)?";

/** One alternative of a word's tsquery as PostgreSQL writes it: `'lexeme'`, or `'lexeme':*`. */
const ALTERNATIVE = /^'((?:[^']|'')+)'(:\*)?$/;

/**
 * A word's tsquery without the alternatives another one already matches: `'шелковый':*` and
 * `'шелк'` when `'шелк':*` is there (a prefix matches every lexeme that starts with it), and
 * repeats. The same rows match; a row's vector is checked against fewer lexemes, and the index
 * reads each prefix's lexemes once instead of several overlapping times. A query that is not a
 * plain list of alternatives (a hyphenated word's phrase) is kept as it is.
 */
export function withoutCoveredLexemes(query: string): string {
  const parts = query.split(" | ").map((part) => part.trim().match(ALTERNATIVE));
  if (parts.length < 2 || parts.some((part) => !part)) return query;
  const alternatives = (parts as RegExpMatchArray[]).map(([text, lexeme = "", prefix]) => ({
    text,
    lexeme,
    prefix: !!prefix,
  }));
  const prefixes = alternatives.filter((a) => a.prefix).map((a) => a.lexeme);
  const kept = alternatives.filter(
    (a, i) =>
      !prefixes.some((p) => a.lexeme.startsWith(p) && (p !== a.lexeme || !a.prefix)) &&
      alternatives.findIndex((b) => b.text === a.text) === i,
  );
  return kept.map((a) => a.text).join(" | ");
}

/**
 * The planner settings under which a text search is read through its GIN index (a bitmap scan)
 * and never by walking the table or another index: PostgreSQL cannot estimate how many rows a
 * prefix query (`word:*`) matches and guesses a few percent, so with `exists` or a LIMIT it
 * would scan the whole table looking for a word that is nowhere (seconds at 100k factories)
 * instead of asking the index, which answers at once either way. Local to a transaction, both
 * set in one statement (throughTextIndex); the probes run without them, outside transactions.
 */
const FORCE_TEXT_INDEX = sql`set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`;

/** Runs `read` in a transaction whose statements read a text search through its GIN index. */
export async function throughTextIndex<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${FORCE_TEXT_INDEX}`);
    return read(tx as unknown as Db);
  });
}

/**
 * Rows a probe reads at most: the first rows of the target, each checked in its vector (a few
 * microseconds a row with the directory's one inline vector). A common word finds its matches
 * there and stops, and no index is asked for its long lists.
 */
export const PROBE_ROWS = 2000;

/**
 * A query the probe found often, but not often enough to be settled, is probed further, past the
 * first PROBE_ROWS rows, when at most this many more rows are expected to settle it. A common
 * query's lists in the index are long (a prefix's are read whole), so reading a few thousand rows
 * in order costs less than asking the index; a rarer one is asked of the index at once.
 */
const FURTHER_PROBE_ROWS = 2 * PROBE_ROWS;

/** The pages of a probe's rows, with a quarter to spare (rows are not spread evenly). */
const pagesOf = (rows: number, layout: Layout) =>
  Math.ceil((rows * layout.pages * 1.25) / layout.rows) + 1;

/**
 * The first PROBE_ROWS rows of `target` (`further`: up to `rows` rows after them), their vector
 * as `v`. With the target's layout (its pages and rows), the rows are those of the table's first
 * pages, read by their place (a TID range scan: PostgreSQL keeps those pages in its buffers, where
 * a plain scan of a big table reads through a small ring of its own and starts wherever another
 * scan of the table is); the rows after them, the pages after. Without it, the first rows of a
 * plain scan, and OFFSET for the rows after them.
 */
function probeRows(target: SearchTarget, known: KnownMatches, rows = PROBE_ROWS, further = false) {
  const layout = known.layout;
  if (!layout) {
    return sql`(select ${target.vector} as v from ${target.from} where ${target.where} ${further ? sql`offset ${PROBE_ROWS}` : sql``} limit ${rows}) probe`;
  }
  const start = further ? pagesOf(PROBE_ROWS, layout) : 0;
  const end = start + pagesOf(rows, layout);
  const from = start > 0 ? sql` and ctid >= ${`(${start},0)`}::tid` : sql``;
  return sql`(select ${target.vector} as v from ${target.from} where ${target.where}${from} and ctid < ${`(${end},0)`}::tid limit ${rows}) probe`;
}

/** How many pages the target's table has, and how many of its rows the target counts. */
interface Layout {
  pages: number;
  rows: number;
}

/** One query to count: up to `cap` + 1 matches (`cap` 0: whether any row matches). */
export interface CountedQuery {
  query: string;
  cap: number;
  /**
   * Queries that must each match for this one to match at all, as every word must for all the
   * words together: this one matches nothing when the document frequencies say one of them does;
   * when the probe finds this one nowhere, those not known yet are probed, and this one is not
   * asked of the index when one of them matches nothing.
   */
  needs?: readonly string[];
  /**
   * A query the probes found at least once but fewer than this many times, and did not settle,
   * is not counted through the index: its count is null. For a caller that reads every match
   * anyway (a rare query's page through the index), and counts them in the same statement.
   */
  uncountedBelow?: number;
}

/**
 * What one search learned of its queries: whether each matches any row at all, how many of the
 * first PROBE_ROWS rows match it, and its bounds, so that nothing is probed or asked twice.
 */
export interface KnownMatches {
  matches: Map<string, boolean>;
  /** Counted up to `limit` (exact below it; Infinity: exact). */
  probed: Map<string, { n: number; limit: number }>;
  /** How many rows match a query at least and at most, from the document frequencies. */
  bounds: Map<string, { low: number; high: number; rows: number }>;
  /** The target's table, when it tells its size (see probeRows). */
  layout?: Layout;
}

const nothingKnown = (): KnownMatches => ({
  matches: new Map(),
  probed: new Map(),
  bounds: new Map(),
});

/**
 * How many of the first PROBE_ROWS rows of `target` match each query, up to its `cap` + 1. One
 * query stops at its `cap` + 1st match (a common one reads a few hundred rows); several are
 * checked in one pass over the rows, each row read once (checking a vector costs about a
 * microsecond, reading the row a fifth of that).
 */
async function probe(
  db: Db,
  target: SearchTarget,
  items: readonly { query: string; cap: number }[],
  known: KnownMatches,
): Promise<number[]> {
  // A count already probed serves when it is exact, or already above this cap.
  const served = ({ query, cap }: { query: string; cap: number }) => {
    const probed = known.probed.get(query);
    return !!probed && (probed.n < probed.limit || probed.n > cap);
  };
  const asked = [...new Set(items.filter((item) => !served(item)).map(({ query }) => query))];
  const [only] = asked;
  if (only !== undefined && asked.length === 1) {
    const cap = Math.max(...items.filter((item) => item.query === only).map((item) => item.cap));
    const result = await db.execute(
      sql`select count(*)::int as n from (select 1 from ${probeRows(target, known)} where probe.v @@ ${only}::tsquery limit ${cap + 1}) m`,
    );
    const n = Number((result.rows[0] as { n?: number } | undefined)?.n ?? 0);
    known.probed.set(only, { n, limit: cap + 1 });
  } else if (asked.length > 1) {
    const columns = asked.map(
      (query, i) =>
        sql`(count(*) filter (where probe.v @@ ${query}::tsquery))::int as ${sql.identifier(`h${i}`)}`,
    );
    const result = await db.execute(
      sql`select ${sql.join(columns, sql`, `)} from ${probeRows(target, known)}`,
    );
    const row = (result.rows[0] ?? {}) as Record<string, number>;
    asked.forEach((query, i) => {
      known.probed.set(query, { n: Number(row[`h${i}`] ?? 0), limit: Number.POSITIVE_INFINITY });
    });
  }
  return items.map(({ query, cap }) => Math.min(known.probed.get(query)?.n ?? 0, cap + 1));
}

/**
 * How many rows of `target` match each query, counting at most its `cap` + 1 (`cap` + 1 reads as
 * "more than `cap`"; `cap` 0: whether any does), and how many of the first PROBE_ROWS rows do.
 * 0. With bounds from the target's document frequencies (see wordQueries): a query no row can
 *    match (or one of whose needs none can) is 0, one that surely matches more rows than its cap
 *    is settled, with no row read ("probed" is then the share of the first PROBE_ROWS rows its
 *    frequency predicts). The rest:
 * 1. The first PROBE_ROWS rows are probed (see probe): a common query is settled there.
 * 2. A query found often in them but not settled is probed further, when FURTHER_PROBE_ROWS more
 *    rows should settle it at its rate.
 * 3. A query found nowhere in them has its `needs` probed, those not known already.
 * 4. The rest are counted through the GIN index (one transaction: a bitmap scan, limited to
 *    `cap` + 1 rows): a rare word is a short list of the index, a word that is nowhere an empty
 *    one; a query is not asked when one of its `needs` matches nothing.
 * The probes are plain statements: only the index needs a transaction (its planner settings), so
 * a query the probe settles costs one round trip. What is learned goes into `known`.
 */
export async function countMatches(
  db: Db,
  target: SearchTarget,
  items: readonly CountedQuery[],
  known: KnownMatches = nothingKnown(),
): Promise<{ count: number | null; probed: number }[]> {
  if (items.length === 0) return [];
  // What the document frequencies settle: nothing to read.
  const settled = items.map(({ query, cap, needs = [] }) => {
    const bounds = known.bounds.get(query);
    if (bounds?.high === 0 || needs.some((need) => known.bounds.get(need)?.high === 0)) {
      known.matches.set(query, false);
      return { count: 0, probed: 0 };
    }
    if (bounds && bounds.low > cap) {
      // How many of the first PROBE_ROWS rows would match at the query's rate.
      const probed = Math.round((bounds.low * PROBE_ROWS) / Math.max(1, bounds.rows));
      return { count: cap + 1, probed: Math.min(cap + 1, probed) };
    }
    return null;
  });
  const counted = await countByRows(
    db,
    target,
    items.filter((_, i) => !settled[i]),
    known,
  );
  let next = 0;
  return settled.map(
    (early) => early ?? (counted[next++] as { count: number | null; probed: number }),
  );
}

/** countMatches for what the document frequencies did not settle: the probes and the index. */
async function countByRows(
  db: Db,
  target: SearchTarget,
  items: readonly CountedQuery[],
  known: KnownMatches,
): Promise<{ count: number | null; probed: number }[]> {
  if (items.length === 0) return [];
  const probedCounts = await probe(db, target, items, known);
  const counts = [...probedCounts];
  // Found, rare, and left to the caller to count (CountedQuery.uncountedBelow).
  const uncounted = (i: number) => {
    const found = counts[i] as number;
    const { cap, uncountedBelow = 0 } = items[i] as CountedQuery;
    return found > 0 && found <= cap && (probedCounts[i] as number) < uncountedBelow;
  };
  const result = () => {
    items.forEach(({ query }, i) => {
      if ((counts[i] as number) > 0 || !known.matches.has(query)) {
        known.matches.set(query, (counts[i] as number) > 0);
      }
    });
    return counts.map((count, i) => ({
      count: uncounted(i) ? null : count,
      probed: probedCounts[i] as number,
    }));
  };
  const settled = (i: number) => (counts[i] as number) > (items[i] as CountedQuery).cap;

  // 2. The common ones, further: the rows expected to hold their remaining matches, and a quarter.
  const further = items.flatMap(({ query, cap }, i) => {
    const found = counts[i] as number;
    if (found === 0 || settled(i)) return [];
    const rows = Math.ceil((PROBE_ROWS * (cap + 1 - found) * 1.25) / found);
    return rows <= FURTHER_PROBE_ROWS ? [{ query, i, rows, wanted: cap + 1 - found }] : [];
  });
  if (further.length > 0) {
    const columns = further.map(
      ({ query, i, rows, wanted }) =>
        sql`(select count(*)::int from (select 1 from ${probeRows(target, known, rows, true)} where probe.v @@ ${query}::tsquery limit ${wanted}) m) as ${sql.identifier(`f${i}`)}`,
    );
    const row = ((await db.execute(sql`select ${sql.join(columns, sql`, `)}`)).rows[0] ??
      {}) as Record<string, number>;
    for (const { i } of further) counts[i] = (counts[i] as number) + Number(row[`f${i}`] ?? 0);
  }
  // What the probes found nowhere must have its needs: those not known yet (from the document
  // frequencies) are probed.
  const needsOf = (i: number) => (counts[i] === 0 ? ((items[i] as CountedQuery).needs ?? []) : []);
  const needed = [...new Set(items.flatMap((_, i) => (settled(i) ? [] : needsOf(i))))].filter(
    (query) => !known.matches.has(query),
  );
  const neededCounts = await probe(
    db,
    target,
    needed.map((query) => ({ query, cap: 0 })),
    known,
  );
  needed.forEach((query, i) => {
    if ((neededCounts[i] as number) > 0) known.matches.set(query, true);
  });

  // 4. The rest, through the index. A query with a need known to match nothing matches nothing;
  // a need still unknown is asked first, once (a subquery kept apart by `offset 0`), and the
  // count only when every need matches (CASE stops there).
  const pending = items.flatMap((item, i) =>
    settled(i) || uncounted(i) || needsOf(i).some((query) => known.matches.get(query) === false)
      ? []
      : [{ ...item, i }],
  );
  if (pending.length === 0) return result();
  const unknown = [
    ...new Set(pending.flatMap(({ i }) => needsOf(i).filter((query) => !known.matches.has(query)))),
  ];
  const indexed = (query: string, cap: number) =>
    sql`(select count(*)::int from (select 1 from ${target.from} where ${target.where} and ${target.vector} @@ ${query}::tsquery limit ${cap + 1}) m)`;
  const needColumn = (query: string) => sql.identifier(`n${unknown.indexOf(query)}`);
  const countColumns = pending.map(({ query, cap, i }) => {
    const count = indexed(query, cap);
    const asked = needsOf(i).filter((need) => unknown.includes(need));
    if (asked.length === 0) return sql`${count} as ${sql.identifier(`c${i}`)}`;
    const each = asked.map(needColumn);
    return sql`case when ${sql.join(each, sql` and `)} then ${count} else 0 end as ${sql.identifier(`c${i}`)}`;
  });
  const statement =
    unknown.length === 0
      ? sql`select ${sql.join(countColumns, sql`, `)}`
      : sql`select ${sql.join([...unknown.map(needColumn), ...countColumns], sql`, `)} from (select ${sql.join(
          unknown.map((query) => sql`${indexed(query, 0)} > 0 as ${needColumn(query)}`),
          sql`, `,
        )} offset 0) needs`;
  const row = await throughTextIndex(
    db,
    async (tx) => ((await tx.execute(statement)).rows[0] ?? {}) as Record<string, unknown>,
  );
  unknown.forEach((query, j) => {
    known.matches.set(query, row[`n${j}`] === true);
  });
  for (const { i } of pending) counts[i] = Number(row[`c${i}`] ?? 0);
  return result();
}

/** Whether any row of `target` matches each query (see countMatches), from `known` when it can. */
async function anyMatch(
  db: Db,
  target: SearchTarget,
  queries: readonly string[],
  known: KnownMatches,
) {
  const asked = [...new Set(queries.filter((query) => !known.matches.has(query)))];
  await countMatches(
    db,
    target,
    asked.map((query) => ({ query, cap: 0 })),
    known,
  );
  return queries.map((query) => known.matches.get(query) === true);
}

/**
 * The first of `queries` that some row of `target` matches, or -1: the probe first (see probe,
 * counting each up to `cap` + 1, so that the one chosen is counted already), then the queries
 * before the first one the probe found, in order through the GIN index, stopping at the first
 * that matches (a CASE evaluates its subqueries only when reached).
 */
async function firstMatching(
  db: Db,
  target: SearchTarget,
  queries: readonly string[],
  cap: number,
  known: KnownMatches,
) {
  if (queries.length === 0) return -1;
  const probed = await probe(
    db,
    target,
    queries.map((query) => ({ query, cap })),
    known,
  );
  const found = probed.findIndex((count) => count > 0);
  const before = found < 0 ? queries.length : found;
  if (before === 0) return found;
  const cases = queries
    .slice(0, before)
    .map(
      (query, i) =>
        sql`when exists (select 1 from ${target.from} where ${target.where} and ${target.vector} @@ ${query}::tsquery) then ${sql.raw(String(i))}`,
    );
  const checked = await throughTextIndex(db, (tx) =>
    tx.execute(
      sql`select case ${sql.join(cases, sql` `)} else ${sql.raw(String(found))} end as first`,
    ),
  );
  return Number((checked.rows[0] as { first?: number } | undefined)?.first ?? found);
}

/**
 * The nearest known word to each word (trigram similarity), or null, in one round trip: from
 * search_lexicon, which holds the words of the names and KNOWN_WORDS (keepKnownWords). Its GiST
 * trigram index gives the nearest few in order (`<->`, 1 − similarity); the best of them that is
 * similar enough wins, the shorter first on a tie.
 */
async function nearestWords(db: Db, words: readonly string[]): Promise<(string | null)[]> {
  if (words.length === 0) return [];
  const columns = words.map(
    (word, i) => sql`(select word from (
        select word from search_lexicon order by word <-> ${word} limit ${NEAREST_CANDIDATES}
      ) near where similarity(word, ${word}) >= ${TYPO_SIMILARITY}
      order by similarity(word, ${word}) desc, length(word), word limit 1) as ${sql.identifier(`n${i}`)}`,
  );
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = (result.rows[0] ?? {}) as Record<string, string | null>;
  return words.map((_, i) => row[`n${i}`] ?? null);
}

/** The nearest words read from the index, of which the best is chosen (ties broken by length). */
const NEAREST_CANDIDATES = 8;

const and = (queries: readonly string[]) => queries.map((query) => `(${query})`).join(" & ");

/**
 * The words in the order a row is best checked against all of them together: PostgreSQL checks
 * an AND's operands in order and stops at the first that fails, so the words that fail most
 * often for the fewest lexemes go first (by their lexemes over their share of rows that cannot
 * match, from the bounds; a word without bounds keeps its place after them). The same rows
 * match in any order; a probe of a common word with a rare place name checks the place first.
 */
function checkingOrder(queries: readonly string[], known: KnownMatches): string[] {
  const cost = (query: string) => {
    const bounds = known.bounds.get(query);
    if (!bounds || bounds.rows === 0) return Number.POSITIVE_INFINITY;
    const fails = 1 - Math.min(1, bounds.high / bounds.rows);
    return fails > 0 ? query.split(" | ").length / fails : Number.POSITIVE_INFINITY;
  };
  return queries
    .map((query, i) => ({ query, i, cost: cost(query) }))
    .sort((a, b) => a.cost - b.cost || a.i - b.i)
    .map(({ query }) => query);
}

/** Every choice of `size` items of `items`, in order. */
function choices<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...choices(rest, size - 1).map((tail) => [first, ...tail]), ...choices(rest, size)];
}

/** Rows matching at least `size` of the queries (one query alone: itself, as it was counted). */
const atLeast = (queries: readonly string[], size: number) =>
  queries.length === 1 && size === 1
    ? (queries[0] as string)
    : choices(queries, size)
        .map((chosen) => `(${and(chosen)})`)
        .join(" | ");

/**
 * What `text` means for `target` (see the top of this file). When every word matches together:
 * the words' meanings and bounds (one statement), then, for what the bounds do not settle, a
 * probe of the first rows and the index (countMatches). A few more statements when not (the typo
 * fallback, the tiers).
 */
export async function resolveSearch(
  db: Db,
  target: SearchTarget,
  text: string,
  {
    countCap = 0,
    uncountedBelow,
  }: {
    /** Count the matches of the result up to this many (+ 1: more); 0 checks only that one does. */
    countCap?: number;
    /** Leave a rare result uncounted (see CountedQuery.uncountedBelow and ResolvedSearch). */
    uncountedBelow?: number;
  } = {},
): Promise<ResolvedSearch> {
  let terms = parseSearch(text);
  if (terms.length === 0) return NOTHING;
  const known = nothingKnown();
  // What a count tells the caller: how many rows match and how common that is among the first.
  const howMany = ({ count, probed }: { count: number | null; probed: number }) =>
    countCap === 0
      ? {}
      : count === null
        ? { probed, uncounted: true as const }
        : { found: count, probed };
  let queries = await wordQueries(db, terms, target, known);
  // Stop words mean nothing.
  terms = terms.filter((_, i) => queries[i]);
  queries = queries.filter(Boolean);
  if (queries.length === 0) return NOTHING;
  const everything = and(checkingOrder(queries, known));
  // All the words together match at most as many rows as the rarest; one word, as that word.
  const wordBounds = queries.map((query) => known.bounds.get(query));
  if (wordBounds.every((bounds) => bounds !== undefined)) {
    const each = wordBounds as { low: number; high: number; rows: number }[];
    known.bounds.set(everything, {
      low: each.length === 1 ? (each[0]?.low ?? 0) : 0,
      high: Math.min(...each.map((bounds) => bounds.high)),
      rows: each[0]?.rows ?? 0,
    });
  }
  // Every word together; when that is nowhere among the first rows, a word alone that is nowhere
  // spares the index the words together, and is the one the typo fallback looks at.
  const [all = { count: 0, probed: 0 }] = await countMatches(
    db,
    target,
    [
      {
        query: everything,
        cap: countCap,
        needs: queries.length > 1 ? queries : [],
        uncountedBelow,
      },
    ],
    known,
  );
  if (all.count !== 0) {
    const result = { query: everything, suggestion: null, matched: terms.length };
    return { ...result, words: terms.length, ...howMany(all) };
  }
  const alone = queries.length > 1 ? await anyMatch(db, target, queries, known) : [false];

  // Words that match nothing: the nearest known word instead, or left out.
  const lost = terms.filter((_, i) => !alone[i]);
  const near = await nearestWords(
    db,
    lost.map((term) => term.word),
  );
  const fixes = new Map<string, string>();
  lost.forEach((term, i) => {
    const word = near[i];
    // Another form of the same word is no fix: the word is just not used ('женские').
    if (word && !sameWordForm(term.word, word) && !sameWordForm(word, term.word)) {
      fixes.set(term.word, word);
    }
  });
  const fixedTerms = [...fixes.values()].map((word) => wordTerms(word));
  const fixedQueries = await wordQueries(db, fixedTerms, target, known);
  if (terms.length === 1) {
    // One word: its fix is checked and counted at once (a fix that finds nothing is no fix).
    const [word] = fixes.values();
    const [query] = fixedQueries;
    if (word === undefined || !query) return { ...NOTHING, words: 1 };
    const [counted = { count: 0, probed: 0 }] = await countMatches(
      db,
      target,
      [{ query, cap: countCap, uncountedBelow }],
      known,
    );
    if (counted.count === 0) return { ...NOTHING, words: 1 };
    return { query, suggestion: word, matched: 1, words: 1, ...howMany(counted) };
  }
  // A fix must find something itself.
  const fixedFound = await anyMatch(
    db,
    target,
    fixedQueries.map((query) => query || "''"),
    known,
  );
  fixedTerms.forEach((term, i) => {
    if (!fixedFound[i]) {
      for (const [typed, word] of fixes) if (word === term.word) fixes.delete(typed);
    }
  });
  const kept: { word: string; query: string }[] = [];
  terms.forEach((term, i) => {
    const fixed = fixes.get(term.word);
    if (fixed !== undefined) {
      const query = fixedQueries[fixedTerms.findIndex((t) => t.word === fixed)];
      if (query) kept.push({ word: fixed, query });
    } else if (alone[i]) {
      kept.push({ word: term.word, query: queries[i] as string });
    }
  });
  const suggestion = fixes.size > 0 ? kept.map((entry) => entry.word).join(" ") : null;
  if (kept.length === 0) return { ...NOTHING, suggestion, words: terms.length };

  // The most words that still find something together. Every kept word finds something alone
  // (it matched, or it is a fix that was checked), so one word is the last resort, unchecked.
  const keptQueries = kept.map((entry) => entry.query);
  const tiers = Array.from({ length: keptQueries.length }, (_, i) =>
    atLeast(keptQueries, keptQueries.length - i),
  );
  // The first tier is every word again when no word was fixed or left out: known to find nothing.
  const skip = fixes.size === 0 && kept.length === queries.length ? 1 : 0;
  const first = await firstMatching(db, target, tiers.slice(skip, -1), countCap, known);
  const tier = first < 0 ? tiers.length - 1 : first + skip;
  const query = tiers[tier] as string;
  const [counted] =
    countCap > 0
      ? await countMatches(db, target, [{ query, cap: countCap, uncountedBelow }], known)
      : [];
  return {
    query,
    suggestion,
    matched: keptQueries.length - tier,
    words: terms.length,
    ...(counted ? howMany(counted) : {}),
  };
}

/**
 * The rank of a row for `query` (higher first): matches in a name (A) weigh most, then the
 * description (B), the reference tokens (C) and the products' names (D).
 */
export function rankOf(vector: SQL, query: string): SQL<number> {
  return sql<number>`ts_rank('{0.05, 0.2, 0.4, 1.0}', ${vector}, ${query}::tsquery)`;
}
