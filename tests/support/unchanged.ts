/**
 * A read of the database that is done again only when the database has written something since
 * (its WAL insert position moved): the tests that check "this changed nothing" read whole tables
 * before and after each of hundreds of requests, and most requests write nothing. Nothing is
 * hidden: any write, to any table, moves the position and the next call reads again; only a
 * database that provably wrote nothing answers with the last result.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";

/** Where the database will write next (PostgreSQL and PGlite alike). */
export async function writePosition(db: Db): Promise<string> {
  const result = await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`);
  return String((result.rows[0] as { lsn: string }).lsn);
}

/**
 * `read`, remembered with its arguments until the database writes. The position is taken before
 * the read: a write during the read leaves an older position, so the next call reads again.
 */
export function readUntilWritten<Args extends unknown[], T>(
  db: () => Db,
  read: (...args: Args) => Promise<T>,
): (...args: Args) => Promise<T> {
  let last: { key: string; position: string; value: T } | undefined;
  return async (...args: Args) => {
    const key = JSON.stringify(args);
    const position = await writePosition(db());
    if (last && last.key === key && last.position === position) return last.value;
    const value = await read(...args);
    last = { key, position, value };
    return value;
  };
}
