import { ColorChips, ProductImage } from "~/components/product-visuals";
import * as Card from "~/components/ui/card";
import { products } from "~/domain/catalogue";
import { formatMoney } from "~/domain/format";
import { withOwnTexts } from "~/domain/locale";
import { garmentTypeLabel } from "~/domain/reference";
import type { ProductDto } from "~/features/products/products.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

/** What a card and the details dialog show of a product: the service's, the date as it arrives. */
export type ProductView = Omit<ProductDto, "factoryId" | "createdAt"> & {
  createdAt: Date | string;
};

export function Price({ product, className }: { product: ProductView; className?: string }) {
  const locale = useLocale();
  const onRequest = product.price == null;
  return (
    <p
      className={cn(
        onRequest ? "font-medium text-slate-500 text-sm" : "font-bold text-slate-900",
        className,
      )}
    >
      {formatMoney(product.price, product.currency, locale)}
    </p>
  );
}

/**
 * A portfolio card: first picture (or placeholder), type, name, description excerpt, price and
 * up to 3 colours. With `href` the whole card opens the product (a stretched link on the name);
 * `actions` adds a footer (edit and delete on the factory's own page).
 */
export function ProductCard({
  product: source,
  headingLevel = 3,
  ...card
}: { product: ProductView } & Card.Options) {
  const locale = useLocale();
  const product = withOwnTexts(source, locale);
  const m = useMessages({ products });
  const type = garmentTypeLabel(product.clothingType, locale);
  return (
    <article
      className={cn(
        "relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-colors",
        card.href &&
          "hover:border-brand-300 focus-within:border-brand-400 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-brand-600",
      )}
      data-testid="product-card"
    >
      <div className="relative">
        <ProductImage url={product.images[0]} alt={product.name} eager={card.eager} />
        <Card.PictureCount count={product.images.length} label={m.products.card.imagesCount} />
      </div>
      <div className="flex flex-1 flex-col p-4">
        {type && (
          <p className="font-semibold text-brand-700 text-xs uppercase tracking-wide">{type}</p>
        )}
        <Card.Title card={card} level={headingLevel} className="mt-1">
          {product.name}
        </Card.Title>
        <Card.Excerpt text={product.description} max={220} />
        <ColorChips colors={product.colors} className="mt-3" />
        <div className="mt-auto pt-3">
          <Price product={product} />
        </div>
      </div>
      <Card.Actions>{card.actions}</Card.Actions>
    </article>
  );
}
