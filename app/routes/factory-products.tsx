import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type ToastMessage, useToast } from "~/components/toasts";
import { AccessNotice } from "~/components/workspace/access-notice";
import { images, messagesFor, meta as metaMessages, products } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import { localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { loadWorkspace } from "~/features/factories/factory-workspace.server";
import { ProductWorkspace } from "~/features/products/components/product-workspace";
import {
  addProductImage,
  createProduct,
  deleteProduct,
  getOwnProduct,
  listOwnProducts,
  PORTFOLIO_PAGE_SIZE,
  type ProductPage,
  removeProductImage,
  storeProductImages,
  updateProduct,
} from "~/features/products/products.server";
import { productSchema } from "~/features/products/schema";
import { actionToast, dispatchIntent } from "~/http/intents.server";
import { pictureIntents } from "~/http/picture-intents.server";
import { requestOf } from "~/http/request-context.server";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { factoryAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { databaseUnavailable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback } from "~/platform/partial-load.server";
import { readForm, refusalText } from "~/platform/request-body.server";
import { removeImages, storageFor } from "~/platform/storage.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { FieldValidationError } from "~/platform/validation.server";
import type { Route } from "./+types/factory-products";

export const handle = routeFacts({
  private: true,
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

type ActionReply = { result?: SubmissionResult<string[]>; toast?: ToastMessage };
/** What a handler answers: a reply for the page, or a redirect. */
type ActionResult = ReturnType<typeof data<ActionReply>> | Response;

const toast = actionToast;

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
  const locale = localeOf(request);
  const m = messagesFor(locale, { products, images });
  const t = m.products;
  const user = await requireUser(request);
  const { db, env } = requestOf(context).runtime;
  const workspace = await loadWorkspace(db, user);
  if (workspace.state !== "ready") throw data({ status: 403 }, { status: 403 });
  const read = await readForm(request);
  if (!read.ok) {
    const message = read.problem === "too-large" ? m.images.fileTooLarge : refusalText(read);
    return data<ActionReply>(
      { toast: toast("error", message, m.images.uploadFailed) },
      { status: read.status },
    );
  }
  const formData = read.form;
  const productId = String(formData.get("productId") ?? "");
  const storage = storageFor(env);
  const editingNow = new URL(request.url).searchParams.get("edit");

  const remove = async () => {
    let images: string[] | null;
    try {
      images = await deleteProduct(db, user, productId);
    } catch (error) {
      console.error("[products] delete failed:", error);
      return data<ActionReply>({ toast: toast("error", t.deleteFailed) }, { status: 500 });
    }
    if (!images)
      return data<ActionReply>({ toast: toast("error", t.deleteFailed) }, { status: 404 });
    await removeImages(storage, images);
    return redirectWithToast(backTo(request, editingNow === productId), {
      type: "success",
      description: t.deleted,
    });
  };

  const pictures = pictureIntents(storage, formData, {
    max: MAX_PRODUCT_IMAGES,
    count: async () => (await getOwnProduct(db, user, productId))?.images.length ?? null,
    store: (files) => storeProductImages(storage, files, locale),
    append: (urls) => addProductImage(db, user, productId, urls),
    remove: (url) => removeProductImage(db, user, productId, url),
    log: "[products] adding images failed:",
    locale,
    messages: {
      notFound: t.notFound,
      tooMany: t.form.imagesTooMany(MAX_PRODUCT_IMAGES),
      failed: m.images.uploadFailed,
      removeFailed: m.images.removeFailed,
      removed: m.images.removed,
      uploaded: m.images.uploaded,
    },
  });

  // Save: add (no productId) or edit.
  const save = async () => {
    const submission = parseWithZod(formData, {
      schema: productSchema(locale),
      error: formErrorMap(locale),
    });
    if (submission.status !== "success") {
      return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    }
    const refuse = (status: number, reply: Parameters<typeof submission.reply>[0]) =>
      data<ActionReply>({ result: submission.reply(reply) }, { status });
    const { photos, ...fields } = submission.value;
    const failed = productId ? t.updateFailed : t.addFailed;
    try {
      if (productId) {
        const updated = await updateProduct(db, user, productId, fields);
        if (!updated) return refuse(404, { formErrors: [failed] });
      } else {
        // The pictures are removed again when the product is not written (withStoredFiles).
        const saved = await withStoredFiles(
          () => storeProductImages(storage, photos, locale),
          ({ urls }) => createProduct(db, user, fields, urls),
          ({ urls }) => removeImages(storage, urls),
        );
        if (!saved.stored) {
          return refuse(400, {
            formErrors: [failed],
            fieldErrors: { photos: saved.refused.errors },
          });
        }
      }
    } catch (error) {
      if (error instanceof FieldValidationError) {
        return refuse(400, { fieldErrors: error.fieldErrors });
      }
      console.error(`[products] ${productId ? "update" : "create"} failed:`, error);
      return refuse(500, { formErrors: [failed] });
    }
    return productId
      ? redirectWithToast(backTo(request, true), { type: "success", description: t.updated })
      : redirectWithToast(localizedHref(PATH, locale), { type: "success", description: t.added });
  };

  return dispatchIntent<ActionResult>(
    formData.get("intent"),
    { delete: remove, ...pictures, save },
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
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  if (loaderData.state !== "ready") {
    return <AccessNotice state={loaderData.state} path={PATH} texts={t} />;
  }
  return <ProductWorkspace path={PATH} {...loaderData} lastResult={reply?.result} />;
}
