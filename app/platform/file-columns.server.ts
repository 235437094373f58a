/**
 * Where stored files sit in the database, derived from the schema: the columns declared in
 * FILE_COLUMNS (db/schema.ts) hold them, and the foreign keys with ON DELETE CASCADE say which rows
 * go with an account. A new table with a file column and a cascade from the account is covered
 * without a change here.
 */
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { FILE_COLUMNS, users } from "~db/schema";

type FileColumn = (typeof FILE_COLUMNS)[number];

const fileColumns: ReadonlySet<PgColumn> = new Set(FILE_COLUMNS);

/** The keys (as in the table's row objects) of the columns of `table` that hold stored files. */
export function fileColumnKeys(table: PgTable): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, column]) => fileColumns.has(column))
    .map(([key]) => key);
}

/** The addresses of stored files in one value of a file column (as Drizzle reads it). */
export function fileUrlsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return [];
  return value.map((item: string | { url: string }) =>
    typeof item === "string" ? item : item.url,
  );
}

/**
 * Conditions on the rows of `table` that go when the account `userId` is deleted: one for each
 * chain of ON DELETE CASCADE foreign keys from the table to the user row. Kept apart (no `or`)
 * so that each stays an index lookup.
 */
function goingWithAccount(table: PgTable, userId: string): SQL[] {
  return getTableConfig(table)
    .foreignKeys.filter((key) => key.onDelete === "cascade")
    .flatMap((key) => {
      const { columns, foreignColumns, foreignTable } = key.reference();
      const column = sql.join(columns, sql`, `);
      if (foreignTable === users) return [sql`${column} = ${userId}`];
      return goingWithAccount(foreignTable, userId).map(
        (condition) =>
          sql`(${column}) in (select ${sql.join(foreignColumns, sql`, `)} from ${foreignTable} where ${condition})`,
      );
    });
}

/** The stored files of `column` in the rows that meet `condition`, one address per row. */
function filesOf(column: FileColumn, condition: SQL): SQL {
  const table = column.table as PgTable;
  switch (column.getSQLType()) {
    case "text":
      return sql`select ${column} as url from ${table} where ${column} is not null and ${condition}`;
    case "text[]":
      return sql`select unnest(${column}) as url from ${table} where ${condition}`;
    case "jsonb":
      return sql`select file->>'url' as url from ${table} cross join lateral jsonb_array_elements(${column}) file where ${condition}`;
    default:
      throw new Error(`a file column of type ${column.getSQLType()} is not supported`);
  }
}

/**
 * The stored files of an account (a query with one column, `url`): those of every row that goes
 * with it, such as its avatar, logo, product pictures, tender photos, and the attachments of every
 * quote it is a party to and of their conversations.
 */
export function accountFiles(userId: string): SQL {
  return sql.join(
    FILE_COLUMNS.flatMap((column) =>
      goingWithAccount(column.table as PgTable, userId).map((condition) =>
        filesOf(column, condition),
      ),
    ),
    sql` union `,
  );
}
