import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/platform/db.server";

/** The row of `table` whose column `key` holds `value` (the first, if several), as stored. */
export async function rowWhere<T extends PgTable, K extends keyof T["_"]["columns"] & keyof T>(
  db: Db,
  table: T,
  key: K,
  value: unknown,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table[key] as PgColumn, value));
  return row as T["$inferSelect"] | undefined;
}
