/**
 * One way to page a list (workspace pattern, docs/decisions/014-workspace-pattern.md): a page
 * number read from a query string or a form, the window of rows that page shows, and the page a
 * service returns. A page past the end shows the last one; a list with no rows still has one
 * (empty) page.
 */

import { pageOf } from "~/domain/filter-params";

export interface PageWindow {
  /** The page shown, 1-based: the requested one, or the last one when that is past the end. */
  page: number;
  /** How many pages the list has, at least 1. */
  pageCount: number;
  /** Rows to skip before this page (for `offset`). */
  offset: number;
  /** Rows per page (for `limit`). */
  pageSize: number;
}

/** The window of `total` rows that `requestedPage` shows, `pageSize` rows a page. */
export function pageWindow(
  total: number | string,
  requestedPage: number | string | null | undefined,
  pageSize: number,
): PageWindow {
  const rows = Math.max(0, Number(total) || 0);
  const pageCount = Math.max(1, Math.ceil(rows / pageSize));
  const page = Math.min(pageOf(requestedPage), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize, pageSize };
}

/** What a caller asks of a paged list: the page (as read from an address or a form). */
export interface PageRequest {
  page?: number | string | null;
}

/** One page of a list as services return it. */
export interface Page<Row> extends Omit<PageWindow, "offset"> {
  items: Row[];
  /** Rows in the whole list. */
  total: number;
}

/** The one empty page of a list that has no rows. */
export function emptyPage<Row>(pageSize: number): Page<Row> {
  return { items: [], total: 0, page: 1, pageCount: 1, pageSize };
}

/**
 * The page `requestedPage` of a list of `total` rows: `readRows` reads the rows of its window
 * (not called when the list is empty).
 */
export async function readPage<Row>(
  total: number | string,
  requestedPage: number | string | null | undefined,
  pageSize: number,
  readRows: (window: PageWindow) => Promise<Row[]>,
): Promise<Page<Row>> {
  const window = pageWindow(total, requestedPage, pageSize);
  const { offset: _offset, ...position } = window;
  const count = Number(total);
  return { items: count === 0 ? [] : await readRows(window), total: count, ...position };
}
