import { DeleteOwnButton, EditOwnLink } from "~/components/workspace/own-card-actions";
import { products } from "~/domain/catalogue";
import { withOwnTexts } from "~/domain/locale";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { ProductCard, type ProductView } from "./product-card";

/**
 * The factory's own products as cards with 'Редактировать' and 'Удалить'; the product being
 * edited is outlined.
 */
export function OwnProductList({
  items,
  editingId,
  editHref,
  action,
}: {
  items: readonly ProductView[];
  editingId: string | undefined;
  editHref: (id: string) => string;
  /** Where the delete form posts (the page, with its query). */
  action: string;
}) {
  const locale = useLocale();
  const t = useMessages({ products }).products;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-2">
      {items.map((product, index) => {
        // The name the card shows (the factory's own English name on English pages).
        const name = withOwnTexts(product, locale).name;
        return (
          <li
            key={product.id}
            id={`product-card-${product.id}`}
            className={cn(
              "rounded-2xl",
              editingId === product.id && "ring-2 ring-brand-500 ring-offset-2",
            )}
          >
            <ProductCard
              product={product}
              headingLevel={3}
              eager={index < 2}
              actions={
                <>
                  <EditOwnLink to={editHref(product.id)} name={name} label={t.edit} />
                  <DeleteOwnButton
                    name={name}
                    texts={t}
                    action={action}
                    fields={{ productId: product.id }}
                  />
                </>
              }
            />
          </li>
        );
      })}
    </ul>
  );
}
