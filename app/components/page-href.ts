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

/**
 * The item that the query's `key` names (`?tender=`, `?product=`): from the page's list, or the
 * one loaded on its own (not on this page); null when the query names none or an unknown one.
 */
export function itemNamedBy<Item extends { id: string }>(
  search: string,
  key: string,
  list: readonly Item[],
  loaded: Item | null | undefined,
): Item | null {
  const id = new URLSearchParams(search).get(key);
  if (!id) return null;
  return list.find((item) => item.id === id) ?? (loaded?.id === id ? loaded : null);
}
