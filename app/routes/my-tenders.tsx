import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FilePlus2, Inbox, Lock, LockOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, useLocation, useNavigate } from "react-router";
import { Pagination } from "~/components/pagination";
import { AccessNotice } from "~/components/products/access-notice";
import { pageHref } from "~/components/products/page-href";
import { StatusBadge, TenderCard } from "~/components/tenders/tender-card";
import { TenderForm } from "~/components/tenders/tender-form";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog, FormDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";
import {
  common,
  messagesFor,
  meta as metaMessages,
  tenderQuotes,
  tenders,
} from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { tenderSchema } from "~/domain/schemas/tender";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import { removeStoredFiles } from "~/server/attachments.server";
import { databaseUnavailable } from "~/server/db.server";
import { actionToast, dispatchIntent } from "~/server/intents.server";
import { localeOf } from "~/server/locale.server";
import { addUploadedPictures, removeOwnedPicture } from "~/server/owned-image-uploads.server";
import { notifyTenderClosed, quoteCountsForTenders } from "~/server/quotes.server";
import { readForm, refusalText } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { getUser } from "~/server/session.server";
import { storageFor } from "~/server/storage.server";
import {
  addTenderPhotos,
  deleteTender,
  getOwnTender,
  listOwnTenders,
  MAX_TENDER_PHOTOS,
  removeTenderPhoto,
  setTenderStatus,
  storeTenderPhotos,
  TENDERS_PAGE_SIZE,
  type TenderPage,
  TenderValidationError,
  updateTender,
} from "~/server/tenders.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-tenders";

const PATH = "/my-tenders";

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data({ state: "anonymous" as const }, { status: 401 });
  const { db } = requestOf(context).runtime;
  const url = new URL(request.url);
  let list: TenderPage = {
    items: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize: TENDERS_PAGE_SIZE,
  };
  let loadFailed = false;
  try {
    list = await listOwnTenders(db, user, { page: url.searchParams.get("page") });
  } catch (error) {
    console.error("[tenders] own list failed:", error);
    loadFailed = true;
  }
  // Quotes and unread messages per tender; the list still shows without them.
  const counts = loadFailed
    ? {}
    : await quoteCountsForTenders(
        db,
        user,
        list.items.map((tender) => tender.id),
      ).catch((error) => {
        console.error("[tenders] quote counts failed:", error);
        return {};
      });
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getOwnTender(db, user, editId) : null;
  const editMissing = Boolean(editId) && !editing;
  return data(
    { state: "ready" as const, list, counts, editing, editMissing, loadFailed },
    loadFailed ? databaseUnavailable() : { status: editMissing ? 404 : 200 },
  );
}

type ActionReply = { result?: SubmissionResult<string[]>; toast?: ToastMessage };

const toast = actionToast;

/** The list's address after a change: same page, out of edit mode, in the request's language. */
function backTo(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  params.delete("edit");
  const query = params.toString();
  return localizedHref(query ? `${PATH}?${query}` : PATH, localeOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const t = messagesFor(locale, { tenders }).tenders;
  const user = await getUser(request);
  if (!user) {
    return data<ActionReply>({ toast: toast("error", t.loginRequired) }, { status: 401 });
  }
  const { db, env } = requestOf(context).runtime;
  const read = await readForm(request);
  if (!read.ok) {
    const message = read.problem === "too-large" ? t.photoTooLarge : refusalText(read);
    return data<ActionReply>(
      { toast: toast("error", message, t.photoUploadFailed) },
      { status: read.status },
    );
  }
  const formData = read.form;
  const tenderId = String(formData.get("tenderId") ?? "");
  const storage = storageFor(env);

  const remove = async () => {
    const photos = await deleteTender(db, user, tenderId).catch((error) => {
      console.error("[tenders] delete failed:", error);
      return null;
    });
    if (!photos)
      return data<ActionReply>({ toast: toast("error", t.deleteFailed) }, { status: 404 });
    // Its photos, and the files of its quotes and their messages.
    await removeStoredFiles(storage, photos);
    return redirectWithToast(backTo(request), { type: "success", description: t.deleted });
  };

  const changeStatus = async (status: "closed" | "active") => {
    // Only a tender that was open tells its quoting factories it closed (not a repeated post).
    const wasActive =
      status === "closed" && (await getOwnTender(db, user, tenderId))?.status === "active";
    const changed = await setTenderStatus(db, user, tenderId, status).catch((error) => {
      console.error("[tenders] status change failed:", error);
      return null;
    });
    if (!changed) {
      return data<ActionReply>({ toast: toast("error", t.updateFailed) }, { status: 404 });
    }
    if (wasActive && changed.status === "closed") {
      await notifyTenderClosed(db, user, changed.id).catch((error) => {
        console.error("[tenders] closing notifications failed:", error);
      });
    }
    return redirectWithToast(backTo(request), {
      type: "success",
      description: status === "closed" ? t.closed : t.reopened,
    });
  };

  const removePhoto = async () => {
    const url = String(formData.get("url") ?? "");
    if (!(await removeOwnedPicture(storage, () => removeTenderPhoto(db, user, tenderId, url)))) {
      return data<ActionReply>({ toast: toast("error", t.photoRemoveFailed) }, { status: 404 });
    }
    return data<ActionReply>({ toast: toast("success", t.photoRemoved) });
  };

  const addPhotos = async () => {
    const added = await addUploadedPictures(storage, formData, {
      max: MAX_TENDER_PHOTOS,
      count: async () => (await getOwnTender(db, user, tenderId))?.photos.length ?? null,
      store: (files) => storeTenderPhotos(storage, files, locale),
      append: (urls) => addTenderPhotos(db, user, tenderId, urls),
      log: "[tenders] adding photos failed:",
      locale,
      messages: {
        notFound: t.notFound,
        tooMany: t.photosTooMany(MAX_TENDER_PHOTOS),
        failed: t.photoUploadFailed,
      },
    });
    if (!added.ok) {
      return data<ActionReply>(
        { toast: toast("error", added.error, t.photoUploadFailed) },
        { status: added.status },
      );
    }
    return data<ActionReply>({ toast: toast("success", t.photoUploaded) });
  };

  // Save the edit form.
  const save = async () => {
    const submission = parseWithZod(formData, {
      schema: tenderSchema(locale),
      error: formErrorMap(locale),
    });
    if (submission.status !== "success") {
      return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    }
    const { photos: _files, ...fields } = submission.value;
    let updated: Awaited<ReturnType<typeof updateTender>>;
    try {
      updated = await updateTender(db, user, tenderId, fields);
    } catch (error) {
      if (error instanceof TenderValidationError) {
        return data<ActionReply>(
          { result: submission.reply({ fieldErrors: error.fieldErrors }) },
          { status: 400 },
        );
      }
      console.error("[tenders] update failed:", error);
      return data<ActionReply>(
        { result: submission.reply({ formErrors: [t.updateError] }) },
        { status: 500 },
      );
    }
    if (!updated) {
      return data<ActionReply>(
        { result: submission.reply({ formErrors: [t.updateFailed] }) },
        { status: 404 },
      );
    }
    return redirectWithToast(backTo(request), { type: "success", description: t.updated });
  };

  return dispatchIntent(
    formData.get("intent"),
    {
      delete: remove,
      close: () => changeStatus("closed"),
      reopen: () => changeStatus("active"),
      "remove-photo": removePhoto,
      "add-photos": addPhotos,
      save,
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return [
    ...seo(matches[0]?.loaderData?.site, { title: m.meta.myTenders, path: PATH, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function MyTenders({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ tenders });
  const t = m.tenders;
  const href = useLocalizedHref();
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  if (loaderData.state !== "ready") {
    return (
      <AccessNotice
        state="anonymous"
        path={href(PATH)}
        loginTitle={t.my.loginRequired}
        loginText={t.my.loginText}
        restrictedText=""
      />
    );
  }
  return <Workspace data={loaderData} lastResult={reply?.result} />;
}

type Ready = Extract<Route.ComponentProps["loaderData"], { state: "ready" }>;

function Workspace({
  data: { list, counts, editing, editMissing, loadFailed },
  lastResult,
}: {
  data: Ready;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const m = useMessages({ tenders, common, tenderQuotes });
  const t = m.tenders;
  const href = useLocalizedHref();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}`;
  const listHref = href(pageHref(PATH, location.search, list.page, ["edit"]));
  const editHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("edit", id);
    return href(`${PATH}?${params.toString()}`);
  };
  const my = t.my;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">{my.title}</h1>
            <p className="mt-1.5 text-slate-600" data-testid="my-tenders-count">
              {my.subtitle} · {my.count(list.total)}
            </p>
          </div>
          <Link
            to="/place-tender?new=1"
            className={buttonVariants({ variant: "primary", className: "max-sm:w-full" })}
          >
            <Plus aria-hidden="true" />
            {my.placeNew}
          </Link>
        </header>

        {(loadFailed || editMissing) && (
          <div className="mt-6">
            <FormAlert message={loadFailed ? t.loadMineFailed : t.notFound} />
          </div>
        )}

        {list.total === 0 && !loadFailed ? (
          <EmptyState
            className="mt-8"
            icon={FilePlus2}
            title={my.empty}
            text={my.emptyText}
            action={{ to: "/place-tender", label: my.emptyAction }}
          />
        ) : (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3">
            {list.items.map((tender, index) => (
              <li key={tender.id} className="flex">
                <div className="w-full">
                  <TenderCard
                    tender={tender}
                    href={`/tenders/${tender.id}`}
                    headingLevel={2}
                    eager={index < 2}
                    badge={<StatusBadge status={tender.status} />}
                    actions={
                      <>
                        <QuotesLink
                          tenderId={tender.id}
                          quotes={counts[tender.id]?.quotes ?? 0}
                          unread={counts[tender.id]?.unread ?? 0}
                        />
                        <Link
                          to={editHref(tender.id)}
                          preventScrollReset
                          aria-label={`${my.edit}: ${tender.title}`}
                          className={buttonVariants({ variant: "secondary", size: "sm" })}
                        >
                          <Pencil aria-hidden="true" />
                          {my.edit}
                        </Link>
                        {/* An awarded tender stays awarded: neither closed nor reopened. */}
                        {tender.status !== "awarded" && (
                          <Form method="post" action={here} preventScrollReset>
                            <input type="hidden" name="tenderId" value={tender.id} />
                            <Button
                              type="submit"
                              name="intent"
                              value={tender.status === "active" ? "close" : "reopen"}
                              variant="secondary"
                              size="sm"
                              aria-label={`${tender.status === "active" ? my.close : my.reopen}: ${tender.title}`}
                            >
                              {tender.status === "active" ? (
                                <Lock aria-hidden="true" />
                              ) : (
                                <LockOpen aria-hidden="true" />
                              )}
                              {tender.status === "active" ? my.close : my.reopen}
                            </Button>
                          </Form>
                        )}
                        <ConfirmDialog
                          trigger={
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={`${my.delete}: ${tender.title}`}
                              className="text-red-700 hover:bg-red-50 hover:text-red-800"
                            >
                              <Trash2 aria-hidden="true" />
                              {my.delete}
                            </Button>
                          }
                          title={my.deleteTitle}
                          description={withUserText(my.deleteText, tender.title)}
                          cancel={m.common.cancel}
                          confirm={
                            <Form method="post" action={here}>
                              <input type="hidden" name="tenderId" value={tender.id} />
                              <Button
                                type="submit"
                                name="intent"
                                value="delete"
                                variant="destructive"
                                className="w-full"
                              >
                                {my.deleteConfirm}
                              </Button>
                            </Form>
                          }
                        />
                      </>
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.items.some((tender) => tender.status === "closed") && (
          <p className="mt-4 text-slate-500 text-sm">{my.closedHint}</p>
        )}
        <Pagination
          className="mt-8"
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => href(pageHref(PATH, location.search, page, ["edit"]))}
        />
      </div>

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
            busyPath={PATH}
            cancelHref={listHref}
          />
        )}
      </FormDialog>
    </div>
  );
}

/** «Отклики (N)» to the tender's quotes, with the number of unread messages. */
function QuotesLink({
  tenderId,
  quotes,
  unread,
}: {
  tenderId: string;
  quotes: number;
  unread: number;
}) {
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const label = t.quotesLink(quotes);
  return (
    <Link
      to={`/my-tenders/${tenderId}`}
      className={buttonVariants({ variant: quotes > 0 ? "primary" : "secondary", size: "sm" })}
      data-testid="tender-quotes-link"
    >
      <Inbox aria-hidden="true" />
      {label}
      {/* The name read out is what is seen (no aria-label, whose words would differ); the card
          around the link names the tender. */}
      {unread > 0 && (
        <span className="rounded-full bg-red-600 px-1.5 py-0.5 font-bold text-[11px] text-white leading-none">
          {t.unread(unread)}
        </span>
      )}
    </Link>
  );
}
