import { FilePlus2, Plus } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { itemNamedBy, pageHref } from "~/components/page-href";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { FormDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import { type OwnRows, useOwnRowsHrefs } from "~/components/workspace/own-rows";
import { WorkspacePage } from "~/components/workspace/workspace-page";
import { tenders } from "~/domain/catalogue";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { CloseTenderDialog } from "./close-tender-dialog";
import { OwnTenderList, type QuoteCounts } from "./own-tender-list";
import type { TenderView } from "./tender-card";
import { TenderForm } from "./tender-form";

/**
 * The buyer's tenders (/my-tenders): the list with each tender's quotes and actions, and the
 * tender at `?edit=<id>` in a form dialog.
 */
export function OwnTendersWorkspace({
  counts,
  ...rows
}: { counts: QuoteCounts } & OwnRows<TenderView>) {
  const { path, list, editing, loadFailed } = rows;
  const t = useMessages({ tenders }).tenders;
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const { here, ...hrefs } = useOwnRowsHrefs(path);
  const listHref = href(hrefs.listHref(list.page));
  const editHref = (id: string) => href(hrefs.editHref(id));
  const my = t.my;
  // 'Закрыть тендер' asks first, in the dialog at `?close=<id>` (an active tender of this page).
  const location = useLocation();
  const closing = itemNamedBy(location.search, "close", list.items, null);
  const shutHref = href(pageHref(path, location.search, list.page, ["edit", "close"]));
  const closeHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("edit");
    params.set("close", id);
    return href(`${path}?${params.toString()}`);
  };

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
      problem={loadFailed ? t.loadMineFailed : rows.editMissing && t.notFound}
      after={
        <>
          <CloseTenderDialog
            tender={closing?.status === "active" ? closing : null}
            closeHref={shutHref}
            onClose={() => navigate(shutHref, { replace: true, preventScrollReset: true })}
          />
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
                lastResult={rows.lastResult}
                action={here}
                busyPath={path}
                cancelHref={listHref}
              />
            )}
          </FormDialog>
        </>
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
        // New quotes and unread messages come in live (workspace-scripts.ts on the light page).
        <div data-live="my-tenders">
          <OwnTenderList
            items={list.items}
            counts={counts}
            editHref={editHref}
            closeHref={closeHref}
            action={here}
          />
        </div>
      )}
      {list.items.some((tender) => tender.status === "closed") && (
        <p className="mt-4 text-slate-500 text-sm">{my.closedHint}</p>
      )}
      <Pagination
        className="mt-8"
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => href(hrefs.listHref(page))}
      />
    </WorkspacePage>
  );
}
