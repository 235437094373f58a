import { ExternalLink, PackageOpen, Plus } from "lucide-react";
import { Pagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import { type OwnRows, useOwnRowsHrefs } from "~/components/workspace/own-rows";
import { WorkspacePage } from "~/components/workspace/workspace-page";
import { products } from "~/domain/catalogue";
import { ownText } from "~/domain/locale";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { OwnProductList } from "./own-product-list";
import type { ProductView } from "./product-card";
import { ProductForm } from "./product-form";

/**
 * The factory's products (docs/product.md, "The factory's workspace"): the list with edit and
 * delete beside the product form, which adds a product or edits the one at `?edit=<id>`.
 */
export function ProductWorkspace({
  factory,
  ...rows
}: { factory: { id: string; name: string; nameEn: string | null } } & OwnRows<ProductView>) {
  const { list, editing, loadFailed } = rows;
  const t = useMessages({ products }).products;
  const locale = useLocale();
  const href = useLocalizedHref();
  const { here, listHref, editHref } = useOwnRowsHrefs(rows.path);
  const addHref = listHref(list.page);
  const newestId = list.items[0]?.id ?? "none";

  return (
    <WorkspacePage
      eyebrow={ownText(factory.name, factory.nameEn, locale)}
      title={t.myTitle}
      summary={t.portfolioCount(list.total)}
      summaryTestId="products-count"
      actions={
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
      }
      problem={loadFailed ? t.loadFailed : rows.editMissing && t.notFound}
    >
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby="product-list-title" className="min-w-0">
          <h2 id="product-list-title" className="sr-only">
            {t.listTitle}
          </h2>
          {list.total === 0 && !loadFailed ? (
            <EmptyState icon={PackageOpen} title={t.empty} text={t.emptyHint} />
          ) : (
            <OwnProductList
              items={list.items}
              editingId={editing?.id}
              editHref={(id) => `${editHref(id)}#product-form`}
              action={here}
            />
          )}
          <Pagination
            className="mt-8"
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(page) => href(listHref(page))}
          />
        </section>

        <div id="product-form">
          <CardSection
            title={editing ? t.form.editTitle : t.form.addTitle}
            subtitle={editing?.name}
            bodyClassName="mt-5"
          >
            <ProductForm
              key={editing ? `edit-${editing.id}` : `add-${list.total}-${newestId}`}
              product={editing}
              lastResult={rows.lastResult}
              action={here}
              cancelHref={addHref}
            />
          </CardSection>
        </div>
      </div>
    </WorkspacePage>
  );
}
