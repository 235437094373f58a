import { Images } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { products } from "~/domain/catalogue";
import { formatMoney, truncate } from "~/domain/format";
import { withOwnTexts } from "~/domain/locale";
import { garmentTypeLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import type { ProductDto } from "~/server/products.server";
import { ColorChips, ProductImage } from "./product-visuals";

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
  href,
  linkState,
  actions,
  eager = false,
  headingLevel = 3,
}: {
  product: ProductView;
  href?: string;
  linkState?: unknown;
  actions?: ReactNode;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const locale = useLocale();
  const product = withOwnTexts(source, locale);
  const m = useMessages({ products });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const type = garmentTypeLabel(product.clothingType, locale);
  return (
    <article
      className={cn(
        "relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-colors",
        href &&
          "hover:border-brand-300 focus-within:border-brand-400 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-brand-600",
      )}
      data-testid="product-card"
    >
      <div className="relative">
        <ProductImage url={product.images[0]} alt={product.name} eager={eager} />
        {product.images.length > 1 && (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-full bg-slate-950/65 px-2 py-0.5 font-semibold text-white text-xs">
            <Images className="size-3.5" aria-hidden="true" />
            {m.products.card.imagesCount(product.images.length)}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        {type && (
          <p className="font-semibold text-brand-700 text-xs uppercase tracking-wide">{type}</p>
        )}
        <Heading
          className="mt-1 line-clamp-2 font-bold text-base text-slate-900 leading-snug"
          data-user-content
        >
          {href ? (
            <Link
              to={href}
              state={linkState}
              preventScrollReset
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </Heading>
        {product.description && (
          <p className="mt-1.5 line-clamp-2 text-slate-600 text-sm leading-6" data-user-content>
            {truncate(product.description, 220)}
          </p>
        )}
        <ColorChips colors={product.colors} className="mt-3" />
        <div className="mt-auto pt-3">
          <Price product={product} />
        </div>
      </div>
      {actions && (
        <div className="relative z-10 flex flex-wrap gap-2 border-slate-100 border-t px-4 py-3">
          {actions}
        </div>
      )}
    </article>
  );
}
