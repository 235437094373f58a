/**
 * Part of a page's data that may fail without failing the page: during a database outage a list
 * shows empty and the page says it could not be loaded (and answers 503), instead of an error
 * screen in place of the whole page.
 */

/** What `read` returns, or `fallback` with `failed` set when it throws (logged under `label`). */
export async function loadOrFallback<T>(
  label: string,
  read: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (error) {
    console.error(`${label} failed:`, error);
    return { value: fallback, failed: true };
  }
}

/**
 * The item an address names (`?tender=`, `?product=`): from the list already loaded, else looked
 * up with `find`, as part of the page that may fail (`failed`); null when none is named.
 */
export async function namedItem<Item extends { id: string }, Found>(
  label: string,
  id: string | null,
  listed: readonly Item[],
  find: (id: string) => Promise<Found | null>,
): Promise<{ value: Item | Found | null; failed: boolean }> {
  if (!id) return { value: null, failed: false };
  const inList = listed.find((item) => item.id === id);
  return inList ? { value: inList, failed: false } : loadOrFallback(label, () => find(id), null);
}
