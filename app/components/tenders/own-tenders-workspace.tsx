import { FilePlus2, Plus } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { pageHref } from "~/components/page-href";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { FormDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import type { LastResult } from "~/components/use-schema-form";
import { WorkspacePage } from "~/components/workspace/workspace-page";
import { tenders } from "~/domain/catalogue";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { OwnTenderList, type QuoteCounts } from "./own-tender-list";
import type { TenderView } from "./tender-card";
import { TenderForm } from "./tender-form";

/**
 * The buyer's tenders (/my-tenders): the list with each tender's quotes and actions, and the
 * tender at `?edit=<id>` in a form dialog.
 */
export function OwnTendersWorkspace({
  path,
  list,
  counts,
  editing,
  editMissing,
  loadFailed,
  lastResult,
}: {
  /** The page's address without its language. */
  path: string;
  list: { items: TenderView[]; total: number; page: number; pageCount: number };
  counts: QuoteCounts;
  /** The tender at `?edit=<id>`, when it is one of the buyer's. */
  editing: TenderView | null;
  editMissing: boolean;
  loadFailed: boolean;
  lastResult: LastResult;
}) {
  const t = useMessages({ tenders }).tenders;
  const href = useLocalizedHref();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const listHref = href(pageHref(path, location.search, list.page, ["edit"]));
  const editHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("edit", id);
    return href(`${path}?${params.toString()}`);
  };
  const my = t.my;

  return (
    <WorkspacePage
      title={my.title}
      summary={
        <>
          {my.subtitle} · {my.count(list.total)}
        </>
      }
      summaryTestId="my-tenders-count"
      actions={
        <Link
          to="/place-tender?new=1"
          className={buttonVariants({ variant: "primary", className: "max-sm:w-full" })}
        >
          <Plus aria-hidden="true" />
          {my.placeNew}
        </Link>
      }
      problem={loadFailed ? t.loadMineFailed : editMissing && t.notFound}
      after={
        <FormDialog
          open={editing !== null}
          title={t.form.editTitle}
          subtitle={editing?.title}
          closeHref={listHref}
          onClose={() => navigate(listHref, { replace: true, preventScrollReset: true })}
        >
          {editing && (
            <TenderForm
              key={editing.id}
              tender={editing}
              lastResult={lastResult}
              action={here}
              busyPath={path}
              cancelHref={listHref}
            />
          )}
        </FormDialog>
      }
    >
      {list.total === 0 && !loadFailed ? (
        <EmptyState
          className="mt-8"
          icon={FilePlus2}
          title={my.empty}
          text={my.emptyText}
          action={{ to: "/place-tender", label: my.emptyAction }}
        />
      ) : (
        <OwnTenderList items={list.items} counts={counts} editHref={editHref} action={here} />
      )}
      {list.items.some((tender) => tender.status === "closed") && (
        <p className="mt-4 text-slate-500 text-sm">{my.closedHint}</p>
      )}
      <Pagination
        className="mt-8"
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => href(pageHref(path, location.search, page, ["edit"]))}
      />
    </WorkspacePage>
  );
}
