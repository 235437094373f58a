import { data } from "react-router";
import { useToast } from "~/components/toasts";
import { AccessNotice } from "~/components/workspace/access-notice";
import { images, messagesFor, meta as metaMessages, products } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import { localizedHref } from "~/domain/locale";
import { ProductWorkspace } from "~/features/products/components/product-workspace";
import {
  addPicturesToProduct,
  getOwnProduct,
  listOwnProducts,
  PORTFOLIO_PAGE_SIZE,
  type ProductPage,
  productWorkspace,
  removeProduct,
  saveProduct,
  takePictureOffProduct,
} from "~/features/products/products.server";
import { dispatchIntent } from "~/http/intents.server";
import { pictureReplies } from "~/http/picture-intents.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, factoryAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { databaseUnavailable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback } from "~/platform/partial-load.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/factory-products";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  body: { files: MAX_PRODUCT_IMAGES, of: "picture" },
});

const PATH = "/factory-products";

export async function loader({ request, context }: Route.LoaderArgs) {
  const access = await factoryAccess(context);
  if (!access.ok) return access.reply;
  const { db, user } = access;
  const url = new URL(request.url);
  const { value: list, failed: loadFailed } = await loadOrFallback(
    "[products] list",
    () => listOwnProducts(db, user, { page: url.searchParams.get("page") }),
    emptyPage<ProductPage["items"][number]>(PORTFOLIO_PAGE_SIZE),
  );
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getOwnProduct(db, user, editId) : null;
  const editMissing = Boolean(editId) && !editing;
  return data(
    { state: "ready" as const, factory: access.factory, list, editing, editMissing, loadFailed },
    loadFailed ? databaseUnavailable() : { status: editMissing ? 404 : 200 },
  );
}

/**
 * The list's URL after a change, in the request's language: same page, out of edit mode (when
 * `leaveEdit`).
 */
function backTo(request: Request, leaveEdit: boolean): string {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  if (leaveEdit) params.delete("edit");
  const query = params.toString();
  return localizedHref(query ? `${PATH}?${query}` : PATH, localeOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const use = await actorContext(request, context);
  const { locale } = use;
  const m = messagesFor(locale, { products, images });
  const t = m.products;
  const texts = {
    ...t.problems,
    "no-photos": m.images.fileMissing,
    "too-many-photos": t.form.imagesTooMany(MAX_PRODUCT_IMAGES),
    "photos-failed": m.images.uploadFailed,
    "picture-not-removed": m.images.removeFailed,
  };
  // Only a factory with its factory record works here; others are refused before the body is read.
  const gate = await productWorkspace(use);
  if (!gate.ok) return problemReply(gate, { locale, texts, toast: true });
  const read = await readForm(request);
  if (!read.ok) {
    return refusedBody(read, {
      toast: true,
      title: m.images.uploadFailed,
      text: read.problem === "too-large" ? m.images.fileTooLarge : undefined,
    });
  }
  const form = read.form;
  const productId = String(form.get("productId") ?? "");
  const editingNow = new URL(request.url).searchParams.get("edit");

  const pictures = pictureReplies({
    locale,
    texts,
    add: () => addPicturesToProduct(use, { productId, form }),
    remove: () => takePictureOffProduct(use, { productId, form }),
    messages: {
      failed: m.images.uploadFailed,
      removed: m.images.removed,
      uploaded: m.images.uploaded,
    },
  });

  return dispatchIntent<Response | ReturnType<typeof data<ActionReply>>>(
    form.get("intent"),
    {
      delete: async () =>
        reply(await removeProduct(use, { productId }), {
          locale,
          texts: { ...texts, "not-found": t.deleteFailed },
          toast: true,
          done: () =>
            redirectWithToast(backTo(request, editingNow === productId), {
              type: "success",
              description: t.deleted,
            }),
        }),
      ...pictures,
      // Save: add (no productId) or edit.
      save: async () =>
        reply(await saveProduct(use, { productId, form }), {
          locale,
          texts: { ...texts, "not-found": t.updateFailed },
          form,
          done: ({ created }) =>
            created
              ? redirectWithToast(localizedHref(PATH, locale), {
                  type: "success",
                  description: t.added,
                })
              : redirectWithToast(backTo(request, true), {
                  type: "success",
                  description: t.updated,
                }),
        }),
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { meta: metaMessages }).meta.myProducts,
);

export default function FactoryProducts({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ products });
  const t = m.products;
  useToast(actionData?.toast);
  if (loaderData.state !== "ready") {
    return <AccessNotice state={loaderData.state} path={PATH} texts={t} />;
  }
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return <ProductWorkspace path={PATH} {...loaderData} lastResult={lastResult} />;
}
