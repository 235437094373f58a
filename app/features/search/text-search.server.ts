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
 *    is replaced by the nearest known word (trigram similarity over search_lexicon and the
 *    reference names) — the page then offers "Возможно, вы искали …" — or left out when nothing
 *    is near; and when the words still find nothing together, the rows matching the most of them
 *    are the result. A word nobody uses never empties the result.
 * 3. The resulting tsquery is a constant: the caller's WHERE keeps using the GIN index of the
 *    vector, and ranks with `rankOf`.
 *
 * Whether and how often a query matches is asked cheaply first (countMatches): a probe of the
 * target's first rows settles a common query without reading its long lists in the index; only
 * the rest is asked of the index (decision 027, "Speed").
 */
import { type SQL, sql } from "drizzle-orm";
import {
  KNOWN_WORDS,
  parseSearch,
  sameWordForm,
  type WordTerms,
  wordTerms,
} from "~/domain/search-query";
import type { Db } from "~/platform/db.server";

/** Where a search looks: the vector of a row and which rows count. */
export interface SearchTarget {
  /** The table, as FROM names it. */
  from: SQL;
  /** The rows that may be found (the directory's factories, the active tenders). */
  where: SQL;
  /** The row's vector: the expression its GIN index covers. */
  vector: SQL;
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
 */
async function wordQueries(db: Db, terms: readonly WordTerms[]): Promise<string[]> {
  if (terms.length === 0) return [];
  const columns = terms.map((term, i) => {
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
    return sql`(${sql.join(parts, sql` || `)})::text as ${sql.identifier(`q${i}`)}`;
  });
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = (result.rows[0] ?? {}) as Record<string, string | null>;
  return terms.map((_, i) => row[`q${i}`] ?? "");
}

/**
 * The planner settings under which a text search is read through its GIN index (a bitmap scan)
 * and never by walking the table or another index: PostgreSQL cannot estimate how many rows a
 * prefix query (`word:*`) matches and guesses a few percent, so with `exists` or a LIMIT it
 * would scan the whole table looking for a word that is nowhere (seconds at 100k factories)
 * instead of asking the index, which answers at once either way. Local to a transaction, set in
 * a statement's select list (one round trip, and the statement may do useful work too).
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
 * Rows a probe reads at most: the first rows of the target in whatever order is cheapest, each
 * checked in its vector (a few microseconds a row with the directory's one inline vector). A
 * common word finds its matches there and stops, and no index is asked for its long lists.
 */
export const PROBE_ROWS = 2000;

/** The first PROBE_ROWS rows of `target`, their vector as `v`. */
const probeRows = (target: SearchTarget) =>
  sql`(select ${target.vector} as v from ${target.from} where ${target.where} limit ${PROBE_ROWS}) probe`;

/**
 * How many rows of `target` match each query, counting at most `cap` + 1 (`cap` + 1 reads as
 * "more than `cap`"; `cap` 0: whether any does). One statement probes the first PROBE_ROWS rows
 * for every query, each stopping at its `cap` + 1st match: a common query is settled there. The
 * others are counted through the GIN index in the same transaction (a bitmap scan, limited to
 * `cap` + 1 rows): a rare word is a short list of the index, a word that is nowhere an empty one.
 */
export async function countMatches(
  db: Db,
  target: SearchTarget,
  queries: readonly string[],
  cap: number,
): Promise<{ count: number; probed: number }[]> {
  if (queries.length === 0) return [];
  return db.transaction(async (tx) => {
    const hits = queries.map(
      (query, i) =>
        sql`(select count(*)::int from (select 1 from ${probeRows(target)} where probe.v @@ ${query}::tsquery limit ${cap + 1}) m) as ${sql.identifier(`h${i}`)}`,
    );
    const probed = await tx.execute(sql`select ${sql.join(hits, sql`, `)}, ${FORCE_TEXT_INDEX}`);
    const probe = (probed.rows[0] ?? {}) as Record<string, number>;
    const probedCounts = queries.map((_, i) => Number(probe[`h${i}`] ?? 0));
    const counts = [...probedCounts];
    const result = () => counts.map((count, i) => ({ count, probed: probedCounts[i] as number }));
    const pending = queries.flatMap((query, i) =>
      (counts[i] as number) > cap ? [] : [{ query, i }],
    );
    if (pending.length === 0) return result();
    const columns = pending.map(
      ({ query, i }) =>
        sql`(select count(*)::int from (select 1 from ${target.from} where ${target.where} and ${target.vector} @@ ${query}::tsquery limit ${cap + 1}) m) as ${sql.identifier(`c${i}`)}`,
    );
    const counted = await tx.execute(sql`select ${sql.join(columns, sql`, `)}`);
    const row = (counted.rows[0] ?? {}) as Record<string, number>;
    for (const { i } of pending) counts[i] = Number(row[`c${i}`] ?? 0);
    return result();
  });
}

/** Whether any row of `target` matches each query (see countMatches). */
async function anyMatch(db: Db, target: SearchTarget, queries: readonly string[]) {
  return (await countMatches(db, target, queries, 0)).map(({ count }) => count > 0);
}

/**
 * The first of `queries` that some row of `target` matches, or -1: the probe first (see
 * countMatches), then the queries before the first one the probe found, in order through the GIN
 * index, stopping at the first that matches (a CASE evaluates its subqueries only when reached).
 */
async function firstMatching(db: Db, target: SearchTarget, queries: readonly string[]) {
  if (queries.length === 0) return -1;
  return db.transaction(async (tx) => {
    const hits = queries.map(
      (query, i) =>
        sql`exists (select 1 from ${probeRows(target)} where probe.v @@ ${query}::tsquery) as ${sql.identifier(`h${i}`)}`,
    );
    const probed = await tx.execute(sql`select ${sql.join(hits, sql`, `)}, ${FORCE_TEXT_INDEX}`);
    const probe = (probed.rows[0] ?? {}) as Record<string, unknown>;
    const found = queries.findIndex((_, i) => probe[`h${i}`] === true);
    const before = found < 0 ? queries.length : found;
    if (before === 0) return found;
    const cases = queries
      .slice(0, before)
      .map(
        (query, i) =>
          sql`when exists (select 1 from ${target.from} where ${target.where} and ${target.vector} @@ ${query}::tsquery) then ${sql.raw(String(i))}`,
      );
    const checked = await tx.execute(
      sql`select case ${sql.join(cases, sql` `)} else ${sql.raw(String(found))} end as first`,
    );
    return Number((checked.rows[0] as { first?: number } | undefined)?.first ?? found);
  });
}

/** The nearest known word to each word (trigram similarity), or null, in one round trip. */
async function nearestWords(db: Db, words: readonly string[]): Promise<(string | null)[]> {
  if (words.length === 0) return [];
  const known = sql`string_to_array(${KNOWN_WORDS.join(" ")}, ' ')`;
  const columns = words.map(
    (word, i) => sql`(select w from (
        select word as w from search_lexicon where word % ${word}
        union select k from unnest(${known}) k where k % ${word}
      ) near where similarity(w, ${word}) >= ${TYPO_SIMILARITY}
      order by similarity(w, ${word}) desc, length(w), w limit 1) as ${sql.identifier(`n${i}`)}`,
  );
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const row = (result.rows[0] ?? {}) as Record<string, string | null>;
  return words.map((_, i) => row[`n${i}`] ?? null);
}

const and = (queries: readonly string[]) => queries.map((query) => `(${query})`).join(" & ");

/** Every choice of `size` items of `items`, in order. */
function choices<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...choices(rest, size - 1).map((tail) => [first, ...tail]), ...choices(rest, size)];
}

/** Rows matching at least `size` of the queries. */
const atLeast = (queries: readonly string[], size: number) =>
  choices(queries, size)
    .map((chosen) => `(${and(chosen)})`)
    .join(" | ");

/**
 * What `text` means for `target` (see the top of this file). When every word matches together:
 * the words' meanings, then one transaction that probes the first rows and, for a query the
 * probe did not settle, counts its matches through the index (countMatches). A few more
 * statements when not (the words alone, the typo fallback, the tiers).
 */
export async function resolveSearch(
  db: Db,
  target: SearchTarget,
  text: string,
  /** Count the matches of the result up to this many (+ 1: more); 0 checks only that one does. */
  { countCap = 0 }: { countCap?: number } = {},
): Promise<ResolvedSearch> {
  let terms = parseSearch(text);
  if (terms.length === 0) return NOTHING;
  let queries = await wordQueries(db, terms);
  // Stop words mean nothing.
  terms = terms.filter((_, i) => queries[i]);
  queries = queries.filter(Boolean);
  if (queries.length === 0) return NOTHING;
  const everything = and(queries);
  const [all = { count: 0, probed: 0 }] = await countMatches(db, target, [everything], countCap);
  if (all.count > 0) {
    const result = { query: everything, suggestion: null, matched: terms.length };
    return {
      ...result,
      words: terms.length,
      ...(countCap > 0 ? { found: all.count, probed: all.probed } : {}),
    };
  }
  const alone = queries.length > 1 ? await anyMatch(db, target, queries) : [false];

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
  const fixedQueries = await wordQueries(db, fixedTerms);
  // A fix must find something itself.
  const fixedFound = await anyMatch(
    db,
    target,
    fixedQueries.map((query) => query || "''"),
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
  const skip = tiers[0] === everything ? 1 : 0;
  const first = await firstMatching(db, target, tiers.slice(skip, -1));
  const tier = first < 0 ? tiers.length - 1 : first + skip;
  const query = tiers[tier] as string;
  const counted = countCap > 0 ? await countMatches(db, target, [query], countCap) : [];
  return {
    query,
    suggestion,
    matched: keptQueries.length - tier,
    words: terms.length,
    ...(counted[0] ? { found: counted[0].count, probed: counted[0].probed } : {}),
  };
}

/**
 * The rank of a row for `query` (higher first): matches in a name (A) weigh most, then the
 * description (B), the reference tokens (C) and the products' names (D).
 */
export function rankOf(vector: SQL, query: string): SQL<number> {
  return sql<number>`ts_rank('{0.05, 0.2, 0.4, 1.0}', ${vector}, ${query}::tsquery)`;
}
