import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useReturnFocus } from "~/components/ui/dialog";
import { formatDate } from "~/domain/format";
import { common } from "~/domain/messages/common";
import { products } from "~/domain/messages/products";
import { fabricLabel, garmentTypeLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { Price, type ProductView } from "./product-card";
import { ColorChip, ProductImage } from "./product-visuals";

const m = { products, common } as const;

const c = m.products.card;
const quantityFormat = new Intl.NumberFormat("ru-RU");

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2.5">
      <dt className="font-medium text-slate-500 text-sm">{label}</dt>
      <dd className="min-w-0 text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/**
 * The details of one product (Radix Dialog: focus trapped, Escape and the close button close
 * it). It is rendered in place, not in a portal, so a page opened at `?product=<id>` shows it in
 * the server's HTML too: the product can be shared and opened without JavaScript. The close
 * control is a link to the page without `?product`, which JavaScript turns into `onClose`.
 */
export function ProductDialog({
  product,
  closeHref,
  onClose,
  factoryName,
}: {
  product: ProductView | null;
  closeHref: string;
  onClose: () => void;
  factoryName?: string;
}) {
  const returnFocus = useReturnFocus(product !== null);
  return (
    <Dialog.Root
      open={product !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {product && (
        <>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[1px]" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          >
            <ProductDetails
              product={product}
              factoryName={factoryName}
              close={
                <Link
                  to={closeHref}
                  replace
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    onClose();
                  }}
                  aria-label={m.common.close}
                  className="grid size-10 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                >
                  <X className="size-5" aria-hidden="true" />
                </Link>
              }
            />
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

function ProductDetails({
  product,
  factoryName,
  close,
}: {
  product: ProductView;
  factoryName?: string;
  close: ReactNode;
}) {
  const type = garmentTypeLabel(product.clothingType);
  return (
    <article>
      <header className="sticky top-0 z-10 flex items-start justify-between gap-3 border-slate-100 border-b bg-white/95 px-5 py-4 backdrop-blur sm:px-6">
        <div className="min-w-0">
          {type && (
            <p className="font-semibold text-brand-700 text-xs uppercase tracking-wide">{type}</p>
          )}
          <Dialog.Title className="mt-0.5 font-extrabold text-slate-900 text-xl leading-tight tracking-tight sm:text-2xl">
            {product.name}
          </Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Price product={product} className="text-lg" />
              {factoryName && <span className="text-slate-500 text-sm">{factoryName}</span>}
            </div>
          </Dialog.Description>
        </div>
        {close}
      </header>

      <div className="grid gap-6 px-5 py-5 sm:px-6 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <Gallery key={product.id} name={product.name} images={product.images} />
        <div className="min-w-0">
          <dl className="divide-y divide-slate-100 border-slate-100 border-y md:border-t-0">
            <Row label={c.type}>{type || m.common.notSpecified}</Row>
            <Row label={c.quantityProduced}>
              {product.quantityProduced != null
                ? `${quantityFormat.format(product.quantityProduced)} ${m.common.pieces}`
                : m.common.notSpecified}
            </Row>
            <Row label={c.productionTime}>{product.productionTime || m.common.notSpecified}</Row>
            <Row label={c.colors}>
              {product.colors.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5">
                  {product.colors.map((color) => (
                    <li key={color}>
                      <ColorChip color={color} className="text-sm" />
                    </li>
                  ))}
                </ul>
              ) : (
                m.common.notSpecified
              )}
            </Row>
            <Row label={c.materials}>
              {product.materials.length > 0
                ? product.materials.map(fabricLabel).join(", ")
                : m.common.notSpecified}
            </Row>
          </dl>
          <section className="mt-4">
            <h3 className="font-medium text-slate-500 text-sm">{c.description}</h3>
            <p className="mt-1 whitespace-pre-line text-slate-900 text-sm leading-6">
              {product.description || m.common.notSpecified}
            </p>
          </section>
          <p className="mt-3 text-slate-500 text-xs">{c.addedOn(formatDate(product.createdAt))}</p>
        </div>
      </div>
    </article>
  );
}

/**
 * Every picture of the product: a large one and, when there are several, all of them as
 * thumbnails that switch it (links to the full picture without JavaScript).
 */
function Gallery({ name, images }: { name: string; images: readonly string[] }) {
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  return (
    <section aria-label={c.gallery} className="min-w-0">
      <div className="overflow-hidden rounded-xl border border-slate-200">
        <ProductImage
          key={current ?? "none"}
          url={current}
          alt={current ? m.common.photoAlt(name, active + 1) : name}
          large
          eager
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-2 grid grid-cols-4 gap-2">
          {images.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                aria-current={index === active || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setActive(index);
                }}
                className={cn(
                  "block overflow-hidden rounded-lg border-2",
                  index === active
                    ? "border-brand-600"
                    : "border-transparent hover:border-slate-300",
                )}
              >
                <ProductImage url={url} alt={m.common.photoAlt(name, index + 1)} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
