/**
 * Ids that come from addresses and forms. The product's rows have UUID keys, so anything that is
 * not a UUID is "not found" before a query is made: no malformed value, NUL or megabyte reaches
 * SQL as a row id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** true for a well-formed id; anything else is "not found" without asking the database. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID.test(value);
}
