/**
 * The `Retry-After` a page's answer carries: the one a loader or an action answered or threw
 * with (a database that cannot be reached answers 503 with `Retry-After: 30`). React Router sends
 * a loader's headers only through a route's `headers` export; app/entry.server.tsx reads them
 * here for every route instead, so no page can forget it.
 */
export function retryAfterOf(context: {
  loaderHeaders: Record<string, Headers>;
  actionHeaders: Record<string, Headers>;
}): string | null {
  for (const headers of [
    ...Object.values(context.actionHeaders),
    ...Object.values(context.loaderHeaders),
  ]) {
    const value = headers.get("Retry-After");
    if (value) return value;
  }
  return null;
}
