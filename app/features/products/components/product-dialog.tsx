import { MessageCircle } from "lucide-react";
import { Dialog } from "radix-ui";
import { GalleryBeside } from "~/components/picture-gallery";
import { ColorChip } from "~/components/product-visuals";
import { buttonVariants } from "~/components/ui/button";
import { DetailList, DetailRow, DetailText } from "~/components/ui/detail-row";
import { AddressDialog, AddressDialogHeader, AddressDialogTitle } from "~/components/ui/dialog";
import { Link } from "~/components/ui/link";
import { common, factories, products } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { LOCALE_INFO, withOwnTexts } from "~/domain/locale";
import { fabricLabel, garmentTypeLabel } from "~/domain/reference";
import { useLocale, useMessages } from "~/lib/i18n";
import { Price, type ProductView } from "./product-card";

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
  contactHref,
}: {
  product: ProductView | null;
  closeHref: string;
  onClose: () => void;
  factoryName?: string;
  /** Where the factory's contacts are (the public portfolio's dialog links there). */
  contactHref?: string;
}) {
  return (
    <AddressDialog open={product !== null} onClose={onClose} kind="details">
      {product && (
        <ProductDetails
          product={product}
          factoryName={factoryName}
          contactHref={contactHref}
          closeHref={closeHref}
          onClose={onClose}
        />
      )}
    </AddressDialog>
  );
}

function ProductDetails({
  product: source,
  factoryName,
  contactHref,
  closeHref,
  onClose,
}: {
  product: ProductView;
  factoryName?: string;
  contactHref?: string;
  closeHref: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const product = withOwnTexts(source, locale);
  const m = useMessages({ products, common, factories });
  const t = m.products.card;
  const quantityFormat = new Intl.NumberFormat(LOCALE_INFO[locale].tag);
  const type = garmentTypeLabel(product.clothingType, locale);
  return (
    <article>
      <AddressDialogHeader closeHref={closeHref} onClose={onClose}>
        {type && (
          <p className="font-semibold text-brand-700 text-xs uppercase tracking-wide">{type}</p>
        )}
        <AddressDialogTitle
          className="mt-0.5 font-extrabold text-slate-900 text-xl leading-tight tracking-tight sm:text-2xl"
          data-user-content
        >
          {product.name}
        </AddressDialogTitle>
        <Dialog.Description asChild>
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Price product={product} className="text-lg" />
            {factoryName && (
              <span className="text-slate-500 text-sm" data-user-content>
                {factoryName}
              </span>
            )}
          </div>
        </Dialog.Description>
      </AddressDialogHeader>

      <GalleryBeside
        id={product.id}
        label={t.gallery}
        name={product.name}
        urls={product.images}
        gridClass="grid-cols-4"
        className="px-5 py-5 sm:px-6"
      >
        <DetailList>
          <DetailRow label={t.type}>{type || m.common.notSpecified}</DetailRow>
          <DetailRow label={t.quantityProduced}>
            {product.quantityProduced != null
              ? `${quantityFormat.format(product.quantityProduced)} ${m.common.pieces}`
              : m.common.notSpecified}
          </DetailRow>
          <DetailRow label={t.productionTime} own={!!product.productionTime}>
            {product.productionTime || m.common.notSpecified}
          </DetailRow>
          <DetailRow label={t.colors}>
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
          </DetailRow>
          <DetailRow label={t.materials}>
            {product.materials.length > 0
              ? product.materials.map((slug) => fabricLabel(slug, locale)).join(", ")
              : m.common.notSpecified}
          </DetailRow>
        </DetailList>
        <DetailText title={t.description} text={product.description} />
        <p className="mt-3 text-slate-500 text-xs">
          {t.addedOn(formatDate(product.createdAt, { locale }))}
        </p>
        {contactHref && (
          <Link
            to={contactHref}
            className={buttonVariants({ variant: "primary", className: "mt-5 w-full" })}
          >
            <MessageCircle aria-hidden="true" />
            {m.factories.portfolio.contactFactory}
          </Link>
        )}
      </GalleryBeside>
    </article>
  );
}
