/**
 * What lists read from their URLs the same way: the raw values of their query keys (the filtered
 * lists, app/domain/factory-filters.ts and app/domain/tender-filters.ts), and the page number
 * (every paged list, app/platform/pagination.server.ts).
 */

/** Pages past this are treated as this page (an offset this deep is never a real visit). */
export const MAX_PAGE = 100_000;

/** The raw values of `keys` in a URL's query (null for a key that is not there). */
export function queryValues<const K extends string>(
  search: URLSearchParams,
  keys: readonly K[],
): Record<K, string | null> {
  return Object.fromEntries(keys.map((key) => [key, search.get(key)])) as Record<K, string | null>;
}

/**
 * A list's page from raw input (a query string, a form field or a number): a whole number from 1
 * up, a larger one than MAX_PAGE read as MAX_PAGE; anything else is page 1.
 */
export function pageOf(value: unknown): number {
  const text =
    typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const page = /^\d+$/.test(text) ? Number(text) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}
