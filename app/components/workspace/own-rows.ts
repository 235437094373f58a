import { useLocation } from "react-router";
import { pageHref } from "~/components/page-href";
import type { LastResult } from "~/components/use-schema-form";

/**
 * What a workspace of a person's own rows (the factory's products, the buyer's tenders) gets from
 * its route: a page of the list, the row at `?edit=<id>` and the form's last answer.
 */
export interface OwnRows<Row> {
  /** The page's address without its language. */
  path: string;
  list: { items: Row[]; total: number; page: number; pageCount: number };
  /** The row at `?edit=<id>`, when it is one of the person's. */
  editing: Row | null;
  editMissing: boolean;
  loadFailed: boolean;
  lastResult: LastResult;
}

/** The addresses of such a workspace (without the language), its query kept. */
export function useOwnRowsHrefs(path: string) {
  const location = useLocation();
  return {
    /** The page as it is: where its forms post. */
    here: `${location.pathname}${location.search}`,
    /** A page of the list, no row in the form. */
    listHref: (page: number) => pageHref(path, location.search, page, ["edit"]),
    /** The list with the row `id` in the form. */
    editHref: (id: string) => {
      const params = new URLSearchParams(location.search);
      params.set("edit", id);
      return `${path}?${params.toString()}`;
    },
  };
}
