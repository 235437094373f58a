import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, PackageOpen, Pencil, Plus, Trash2 } from "lucide-react";
import { data, Form, useLocation } from "react-router";
import { Pagination } from "~/components/pagination";
import { AccessNotice } from "~/components/products/access-notice";
import { pageHref } from "~/components/products/page-href";
import { ProductCard } from "~/components/products/product-card";
import { FormCard, ProductForm } from "~/components/products/product-form";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";
import { common, images, messagesFor, meta as metaMessages, products } from "~/domain/catalogue";
import { localeOfPath, localizedHref, withOwnTexts } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { MAX_PRODUCT_IMAGES, productSchema } from "~/domain/schemas/product";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import { databaseUnavailable } from "~/server/db.server";
import { actionToast, dispatchIntent } from "~/server/intents.server";
import { localeOf } from "~/server/locale.server";
import { addUploadedPictures, removeOwnedPicture } from "~/server/owned-image-uploads.server";
import {
  addProductImage,
  createProduct,
  deleteProduct,
  getOwnProduct,
  listOwnProducts,
  loadWorkspace,
  type ProductPage,
  ProductValidationError,
  removeProductImage,
  storeProductImages,
  updateProduct,
} from "~/server/products.server";
import { readForm, refusalText } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { getUser, requireUser } from "~/server/session.server";
import { removeImages, storageFor } from "~/server/storage.server";
import { withStoredFiles } from "~/server/stored-files.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/factory-products";

const PATH = "/factory-products";

const emptyPage: ProductPage = { items: [], total: 0, page: 1, pageCount: 1, pageSize: 24 };

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return data({ state: "anonymous" as const }, { status: 401 });
  const { db } = requestOf(context).runtime;
  const workspace = await loadWorkspace(db, user);
  if (workspace.state === "not-factory") {
    return data({ state: "not-factory" as const }, { status: 403 });
  }
  if (workspace.state === "no-factory") return { state: "no-factory" as const };
  const url = new URL(request.url);
  let list = emptyPage;
  let loadFailed = false;
  try {
    list = await listOwnProducts(db, user, { page: url.searchParams.get("page") });
  } catch (error) {
    console.error("[products] list failed:", error);
    loadFailed = true;
  }
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getOwnProduct(db, user, editId) : null;
  const editMissing = Boolean(editId) && !editing;
  return data(
    { state: "ready" as const, factory: workspace.factory, list, editing, editMissing, loadFailed },
    loadFailed ? databaseUnavailable() : { status: editMissing ? 404 : 200 },
  );
}

type ActionReply = { result?: SubmissionResult<string[]>; toast?: ToastMessage };

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

  const removeImage = async () => {
    const url = String(formData.get("url") ?? "");
    if (!(await removeOwnedPicture(storage, () => removeProductImage(db, user, productId, url)))) {
      return data<ActionReply>({ toast: toast("error", m.images.removeFailed) }, { status: 404 });
    }
    return data<ActionReply>({ toast: toast("success", m.images.removed) });
  };

  const addImages = async () => {
    const added = await addUploadedPictures(storage, formData, {
      max: MAX_PRODUCT_IMAGES,
      count: async () => (await getOwnProduct(db, user, productId))?.images.length ?? null,
      store: (files) => storeProductImages(storage, files, locale),
      append: (urls) => addProductImage(db, user, productId, urls),
      log: "[products] adding images failed:",
      locale,
      messages: {
        notFound: t.notFound,
        tooMany: t.form.imagesTooMany(MAX_PRODUCT_IMAGES),
        failed: m.images.uploadFailed,
      },
    });
    if (!added.ok) {
      return data<ActionReply>(
        { toast: toast("error", added.error, m.images.uploadFailed) },
        { status: added.status },
      );
    }
    return data<ActionReply>({ toast: toast("success", m.images.uploaded) });
  };

  // Save: add (no productId) or edit.
  const save = async () => {
    const submission = parseWithZod(formData, {
      schema: productSchema(locale),
      error: formErrorMap(locale),
    });
    if (submission.status !== "success") {
      return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    }
    const { photos, ...fields } = submission.value;
    const invalid = (error: ProductValidationError) =>
      data<ActionReply>(
        { result: submission.reply({ fieldErrors: error.fieldErrors }) },
        { status: 400 },
      );

    if (productId) {
      let updated: Awaited<ReturnType<typeof updateProduct>>;
      try {
        updated = await updateProduct(db, user, productId, fields);
      } catch (error) {
        if (error instanceof ProductValidationError) return invalid(error);
        console.error("[products] update failed:", error);
        return data<ActionReply>(
          { result: submission.reply({ formErrors: [t.updateFailed] }) },
          { status: 500 },
        );
      }
      if (!updated) {
        return data<ActionReply>(
          { result: submission.reply({ formErrors: [t.updateFailed] }) },
          { status: 404 },
        );
      }
      return redirectWithToast(backTo(request, true), { type: "success", description: t.updated });
    }

    // The pictures are removed again when the product is not written (withStoredFiles).
    let saved: { stored: false; refused: { errors: string[] } } | { stored: true };
    try {
      saved = await withStoredFiles(
        () => storeProductImages(storage, photos, locale),
        ({ urls }) => createProduct(db, user, fields, urls),
        ({ urls }) => removeImages(storage, urls),
      );
    } catch (error) {
      if (error instanceof ProductValidationError) return invalid(error);
      console.error("[products] create failed:", error);
      return data<ActionReply>(
        { result: submission.reply({ formErrors: [t.addFailed] }) },
        { status: 500 },
      );
    }
    if (!saved.stored) {
      return data<ActionReply>(
        {
          result: submission.reply({
            formErrors: [t.addFailed],
            fieldErrors: { photos: saved.refused.errors },
          }),
        },
        { status: 400 },
      );
    }
    return redirectWithToast(localizedHref(PATH, locale), {
      type: "success",
      description: t.added,
    });
  };

  return dispatchIntent(
    formData.get("intent"),
    { delete: remove, "remove-image": removeImage, "add-images": addImages, save },
    { locale },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return [
    ...seo(matches[0]?.loaderData?.site, { title: m.meta.myProducts, path: PATH, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function FactoryProducts({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ products });
  const t = m.products;
  const reply = actionData as ActionReply | undefined;
  useToast(reply?.toast);
  if (loaderData.state !== "ready") {
    return (
      <AccessNotice
        state={loaderData.state}
        path={PATH}
        loginTitle={t.loginRequired}
        loginText={t.loginText}
        restrictedText={t.accessRestrictedText}
      />
    );
  }
  return <Workspace data={loaderData} lastResult={reply?.result} />;
}

type Ready = Extract<Route.ComponentProps["loaderData"], { state: "ready" }>;

function Workspace({
  data: { factory, list, editing, editMissing, loadFailed },
  lastResult,
}: {
  data: Ready;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const locale = useLocale();
  const m = useMessages({ products, common });
  const t = m.products;
  const href = useLocalizedHref();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const addHref = pageHref(PATH, location.search, list.page, ["edit"]);
  const editHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("edit", id);
    return `${PATH}?${params.toString()}#product-form`;
  };
  const newestId = list.items[0]?.id ?? "none";
  // The name the card shows (the factory's own English name on English pages), for the labels.
  const shownName = (product: (typeof list.items)[number]) => withOwnTexts(product, locale).name;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="truncate font-semibold text-brand-700 text-sm" data-user-content>
              {factory.name}
            </p>
            <h1 className="mt-1 font-extrabold text-3xl text-slate-900 tracking-tight">
              {t.myTitle}
            </h1>
            <p className="mt-1.5 text-slate-600" data-testid="products-count">
              {t.portfolioCount(list.total)}
            </p>
          </div>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Link to={`${addHref}#product-form`} className={buttonVariants({ variant: "primary" })}>
              <Plus aria-hidden="true" />
              {t.add}
            </Link>
            <Link
              to={`/factory-products/${factory.id}`}
              className={buttonVariants({ variant: "secondary" })}
            >
              <ExternalLink aria-hidden="true" />
              {t.publicPage}
            </Link>
          </div>
        </header>

        {(loadFailed || editMissing) && (
          <div className="mt-6">
            <FormAlert message={loadFailed ? t.loadFailed : t.notFound} />
          </div>
        )}

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
          <section aria-labelledby="product-list-title" className="min-w-0">
            <h2 id="product-list-title" className="sr-only">
              {t.listTitle}
            </h2>
            {list.total === 0 && !loadFailed ? (
              <EmptyState icon={PackageOpen} title={t.empty} text={t.emptyHint} />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-2">
                {list.items.map((product, index) => (
                  <li
                    key={product.id}
                    id={`product-card-${product.id}`}
                    className={cn(
                      "rounded-2xl",
                      editing?.id === product.id && "ring-2 ring-brand-500 ring-offset-2",
                    )}
                  >
                    <ProductCard
                      product={product}
                      headingLevel={3}
                      eager={index < 2}
                      actions={
                        <>
                          <Link
                            to={editHref(product.id)}
                            aria-label={`${t.edit}: ${shownName(product)}`}
                            className={buttonVariants({ variant: "secondary", size: "sm" })}
                          >
                            <Pencil aria-hidden="true" />
                            {t.edit}
                          </Link>
                          <ConfirmDialog
                            trigger={
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={`${t.delete}: ${shownName(product)}`}
                                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                              >
                                <Trash2 aria-hidden="true" />
                                {t.delete}
                              </Button>
                            }
                            title={t.deleteTitle}
                            description={withUserText(t.deleteText, shownName(product))}
                            cancel={m.common.cancel}
                            confirm={
                              <Form method="post" action={here}>
                                <input type="hidden" name="productId" value={product.id} />
                                <Button
                                  type="submit"
                                  name="intent"
                                  value="delete"
                                  variant="destructive"
                                  className="w-full"
                                >
                                  {t.deleteAction}
                                </Button>
                              </Form>
                            }
                          />
                        </>
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
            <Pagination
              className="mt-8"
              page={list.page}
              pageCount={list.pageCount}
              hrefFor={(page) => href(pageHref(PATH, location.search, page, ["edit"]))}
            />
          </section>

          <div id="product-form">
            <FormCard title={editing ? t.form.editTitle : t.form.addTitle} subtitle={editing?.name}>
              <ProductForm
                key={editing ? `edit-${editing.id}` : `add-${list.total}-${newestId}`}
                product={editing}
                lastResult={lastResult}
                action={here}
                cancelHref={addHref}
              />
            </FormCard>
          </div>
        </div>
      </div>
    </div>
  );
}
