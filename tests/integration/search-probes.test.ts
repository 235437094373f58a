// The probes of the search's counts (app/features/search/text-search.server.ts, countMatches) on
// a table bigger than one probe: the directory of the other tests fits in its first pages, so
// its probes read every row. Here 9 000 rows, a word in every tenth of the first 4 000 only, and
// rarer words: each count must be what a count of every row finds (up to its cap), whether the
// first probe, the further one or the index settles it, and the two probes never read a row
// twice.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  countMatches,
  type KnownMatches,
  PROBE_ROWS,
  resolveSearch,
  type SearchTarget,
} from "~/features/search/text-search.server";
import { testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();

const ROWS = 9000;

const target: SearchTarget = {
  from: sql`probe_rows`,
  where: sql`probe_rows.listed`,
  vector: sql`probe_rows.v`,
  relation: "probe_rows",
  frequencies: {
    table: sql`probe_lexemes`,
    rows: sql`(select count(*)::int from probe_rows where listed)`,
  },
};

/** What a count of every listed row finds for `query`, up to `cap` + 1. */
async function everyRow(query: string, cap: number) {
  const result = await database.db.execute(
    sql`select least(count(*), ${cap + 1})::int as n from probe_rows where listed and v @@ ${query}::tsquery`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

describe(`the search's probes on a table bigger than one probe (${testDatabaseKind()})`, () => {
  beforeAll(async () => {
    // Rows of a realistic width (the directory's are about 4 KB), so a probe spans many pages.
    // 'частое' in every 10th of the first 4 000 rows (400), 'среднее' in every 25th of all (360),
    // 'редкое' in 40 rows at the end, 'парное' in every 7th row of the first 3 000 (429),
    // 'двойное' in every 10th of the first 2 500 (250: two probes that read a row twice would
    // count it past 300).
    await database.db.execute(sql`
      create table probe_rows (id int primary key, listed boolean not null, v tsvector not null, pad text not null)`);
    await database.db.execute(sql`
      insert into probe_rows
      select i, i % 97 <> 0,
             array_to_tsvector(array_remove(array[
               'слово' || (i % 50),
               case when i <= 4000 and i % 10 = 0 then 'частое' end,
               case when i % 25 = 0 then 'среднее' end,
               case when i > ${ROWS - 40} then 'редкое' end,
               case when i <= 3000 and i % 7 = 0 then 'парное' end,
               case when i <= 2500 and i % 10 = 0 then 'двойное' end
             ], null)),
             repeat(md5(i::text), 60)
        from generate_series(1, ${ROWS}) i`);
    await database.db.execute(sql`alter table probe_rows alter column pad set storage plain`);
    await database.db.execute(sql`create index probe_rows_v_idx on probe_rows using gin (v)`);
    await database.db.execute(sql`
      create table probe_lexemes as
      select l collate "C" as lexeme, count(*)::int as n
        from probe_rows, unnest(tsvector_to_array(v)) l where listed group by l`);
    await database.db.execute(sql`analyze probe_rows`);
  });

  it("spans more pages than one probe reads", async () => {
    const result = await database.db.execute(
      sql`select pg_relation_size('probe_rows') / current_setting('block_size')::int as pages`,
    );
    // Each probe reads a part of the table, not all of it.
    expect(Number((result.rows[0] as { pages: number }).pages)).toBeGreaterThan(
      (2 * PROBE_ROWS) / 8,
    );
  });

  it("counts each query as a count of every row does, up to the cap", async () => {
    const size = await database.db.execute(
      sql`select pg_relation_size('probe_rows') / current_setting('block_size')::int as pages,
                 (select count(*)::int from probe_rows where listed) as rows`,
    );
    const { pages, rows } = size.rows[0] as { pages: number; rows: number };
    // The probes by the table's pages (what a search learns first), and by a plain scan.
    const layouts = [{ pages: Number(pages), rows: Number(rows) }, undefined];
    for (const query of [
      "'частое'",
      "'среднее'",
      "'редкое'",
      "'парное'",
      "'двойное'",
      "'частое' & 'парное'",
      "'частое' | 'редкое'",
      "'слово1' & 'среднее'",
      "'нигде'",
    ]) {
      for (const cap of [0, 30, 300, 1000]) {
        for (const layout of layouts) {
          const known: KnownMatches = {
            matches: new Map(),
            probed: new Map(),
            bounds: new Map(),
            ...(layout ? { layout } : {}),
          };
          const [counted] = await countMatches(database.db, target, [{ query, cap }], known);
          expect(counted?.count, `${query} ${cap} ${layout ? "pages" : "scan"}`).toBe(
            await everyRow(query, cap),
          );
        }
      }
    }
  });

  it("counts a search's words together as every row does", async () => {
    for (const text of [
      "частое",
      "среднее",
      "частое парное",
      "редкое",
      "двойное",
      "двойное среднее",
    ]) {
      for (const countCap of [30, 300, 1000]) {
        const resolved = await resolveSearch(database.db, target, text, { countCap });
        expect(resolved.query, text).not.toBeNull();
        expect(resolved.found, `${text} ${countCap}`).toBe(
          await everyRow(resolved.query as string, countCap),
        );
      }
    }
  });
});
