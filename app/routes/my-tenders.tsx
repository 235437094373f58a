import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type ToastMessage, useToast } from "~/components/toasts";
import { AccessNotice } from "~/components/workspace/access-notice";
import { messagesFor, meta as metaMessages, tenders } from "~/domain/catalogue";
// The limit by its own name: the handle goes to the browser, tenders.server does not.
import { MAX_TENDER_PHOTOS as PHOTOS_PER_TENDER } from "~/domain/limits";
import { localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { removeStoredFiles } from "~/features/quotes/attachments.server";
import { notifyTenderClosed, quoteCountsForTenders } from "~/features/quotes/quotes.server";
import { OwnTendersWorkspace } from "~/features/tenders/components/own-tenders-workspace";
import { tenderSchema } from "~/features/tenders/schema";
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
  updateTender,
} from "~/features/tenders/tenders.server";
import { actionToast, dispatchIntent } from "~/http/intents.server";
import { pictureIntents } from "~/http/picture-intents.server";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { databaseUnavailable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback } from "~/platform/partial-load.server";
import { readForm, refusalText } from "~/platform/request-body.server";
import { storageFor } from "~/platform/storage.server";
import { FieldValidationError } from "~/platform/validation.server";
import type { Route } from "./+types/my-tenders";

export const handle = routeFacts({
  private: true,
  body: { files: PHOTOS_PER_TENDER, of: "picture" },
});

const PATH = "/my-tenders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data({ state: "anonymous" as const }, { status: 401 });
  const { db } = requestOf(context).runtime;
  const url = new URL(request.url);
  const { value: list, failed: loadFailed } = await loadOrFallback(
    "[tenders] own list",
    () => listOwnTenders(db, user, { page: url.searchParams.get("page") }),
    emptyPage<TenderPage["items"][number]>(TENDERS_PAGE_SIZE),
  );
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
/** What a handler answers: a reply for the page, or a redirect. */
type ActionResult = ReturnType<typeof data<ActionReply>> | Response;

const toast = actionToast;

/** The list's address after a change: same page, out of edit mode, in the request's language. */
function backTo(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  params.delete("edit");
  params.delete("close");
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
    const removal = await deleteTender(db, user, tenderId).catch((error) => {
      console.error("[tenders] delete failed:", error);
      return null;
    });
    if (!removal)
      return data<ActionReply>({ toast: toast("error", t.deleteFailed) }, { status: 404 });
    if (removal.outcome === "archived") {
      return redirectWithToast(backTo(request), { type: "success", description: t.archived });
    }
    // Its photos, and the files of its quotes and their messages.
    await removeStoredFiles(storage, removal.files);
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

  const pictures = pictureIntents(storage, formData, {
    max: MAX_TENDER_PHOTOS,
    count: async () => (await getOwnTender(db, user, tenderId))?.photos.length ?? null,
    store: (files) => storeTenderPhotos(storage, files, locale),
    append: (urls) => addTenderPhotos(db, user, tenderId, urls),
    remove: (url) => removeTenderPhoto(db, user, tenderId, url),
    log: "[tenders] adding photos failed:",
    locale,
    messages: {
      notFound: t.notFound,
      tooMany: t.photosTooMany(MAX_TENDER_PHOTOS),
      failed: t.photoUploadFailed,
      removeFailed: t.photoRemoveFailed,
      removed: t.photoRemoved,
      uploaded: t.photoUploaded,
    },
  });

  // Save the edit form.
  const save = async () => {
    const submission = parseWithZod(formData, {
      schema: tenderSchema(locale),
      error: formErrorMap(locale),
    });
    if (submission.status !== "success") {
      return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    }
    const refuse = (status: number, reply: Parameters<typeof submission.reply>[0]) =>
      data<ActionReply>({ result: submission.reply(reply) }, { status });
    const { photos: _files, ...fields } = submission.value;
    try {
      const updated = await updateTender(db, user, tenderId, fields);
      if (!updated.ok && updated.problem === "locked") {
        return refuse(409, { formErrors: [t.termsLocked] });
      }
      if (!updated.ok) return refuse(404, { formErrors: [t.updateFailed] });
    } catch (error) {
      if (error instanceof FieldValidationError) {
        return refuse(400, { fieldErrors: error.fieldErrors });
      }
      console.error("[tenders] update failed:", error);
      return refuse(500, { formErrors: [t.updateError] });
    }
    return redirectWithToast(backTo(request), { type: "success", description: t.updated });
  };

  return dispatchIntent<ActionResult>(
    formData.get("intent"),
    {
      delete: remove,
      close: () => changeStatus("closed"),
      reopen: () => changeStatus("active"),
      ...pictures,
      save,
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { meta: metaMessages }).meta.myTenders,
);

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
        texts={{
          loginRequired: t.my.loginRequired,
          loginText: t.my.loginText,
          accessRestrictedText: "",
        }}
      />
    );
  }
  return <OwnTendersWorkspace path={PATH} {...loaderData} lastResult={reply?.result} />;
}
