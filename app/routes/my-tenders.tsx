import { data } from "react-router";
import { useToast } from "~/components/toasts";
import { AccessNotice } from "~/components/workspace/access-notice";
import { messagesFor, meta as metaMessages, tenders } from "~/domain/catalogue";
// The limit by its own name: the handle goes to the browser, tenders.server does not.
import { MAX_TENDER_FORM_FILES as TENDER_FILES } from "~/domain/limits";
import { localizedHref } from "~/domain/locale";
import { OwnTendersWorkspace } from "~/features/tenders/components/own-tenders-workspace";
import {
  addPhotosToTender,
  closeTender,
  discardTender,
  editTender,
  reopenTender,
  takePhotoOffTender,
  tenderIdOf,
} from "~/features/tenders/tender-actions.server";
import {
  getOwnTender,
  listOwnTenders,
  quoteCountsForTenders,
  TENDERS_PAGE_SIZE,
  type TenderPage,
} from "~/features/tenders/tenders.server";
import { dispatchIntent } from "~/http/intents.server";
import { pictureReplies } from "~/http/picture-intents.server";
import { type ActionReply, problemReply, refusedBody, reply, toastOf } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedInContext } from "~/http/workspace-access.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { databaseUnavailable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback } from "~/platform/partial-load.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/my-tenders";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  // Photos and the tech pack's files in one post; a PDF is the largest file (docs/decisions/031).
  body: { files: TENDER_FILES, of: "pdf" },
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

/** The list's address after a change: same page, out of edit mode, in the request's language. */
function backTo(request: Request): string {
  const params = new URLSearchParams(new URL(request.url).search);
  params.delete("edit");
  params.delete("close");
  const query = params.toString();
  return localizedHref(query ? `${PATH}?${query}` : PATH, localeOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = requestOf(context);
  const t = messagesFor(locale, { tenders }).tenders;
  const texts = t.problems;
  const signedIn = await signedInContext(context);
  if (!signedIn.ok) return problemReply(signedIn, { locale, texts, toast: true });
  const read = await readForm(request);
  if (!read.ok) {
    return refusedBody(read, {
      toast: true,
      title: t.photoUploadFailed,
      text: read.problem === "too-large" ? t.photoTooLarge : undefined,
    });
  }
  const use = signedIn.value;
  const form = read.form;
  const tenderId = tenderIdOf(form);
  const back = (description: string) =>
    redirectWithToast(backTo(request), { type: "success", description });

  return dispatchIntent(
    form.get("intent"),
    {
      delete: async () =>
        reply(await discardTender(use, { tenderId }), {
          locale,
          texts,
          toast: true,
          done: (removal) => back(removal === "archived" ? t.archived : t.deleted),
        }),
      close: async () =>
        reply(await closeTender(use, { tenderId }), {
          locale,
          texts,
          toast: true,
          done: () => back(t.closed),
        }),
      reopen: async () =>
        reply(await reopenTender(use, { tenderId }), {
          locale,
          texts,
          toast: true,
          done: () => back(t.reopened),
        }),
      ...pictureReplies({
        locale,
        texts,
        add: () => addPhotosToTender(use, { tenderId, form }),
        remove: () => takePhotoOffTender(use, { tenderId, form }),
        messages: {
          failed: t.photoUploadFailed,
          removed: t.photoRemoved,
          uploaded: t.photoUploaded,
        },
      }),
      // Save the edit form.
      save: async () =>
        reply(await editTender(use, { tenderId, form }), {
          locale,
          texts,
          form,
          done: () => back(t.updated),
        }),
    },
    {
      locale,
      reply: (text) => data<ActionReply>({ toast: toastOf("error", text) }, { status: 400 }),
    },
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
  const reply = actionData;
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
