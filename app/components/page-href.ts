/** `pathname` with the query's `page` set (page 1 drops it), `drop` keys removed, others kept. */
export function pageHref(
  pathname: string,
  search: string,
  page: number,
  drop: readonly string[] = [],
): string {
  const params = new URLSearchParams(search);
  for (const key of drop) params.delete(key);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The address without the empty fields of its query (a filter form sent without JavaScript
 * carries them too), or null when it has none.
 */
export function addressWithoutBlanks(url: URL): string | null {
  const fields = [...url.searchParams];
  const filled = fields.filter(([, value]) => value.trim() !== "");
  if (filled.length === fields.length) return null;
  const query = new URLSearchParams(filled).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
