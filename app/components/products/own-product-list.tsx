import { Pencil, Trash2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { ConfirmPost } from "~/components/ui/confirm-post";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";
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
                  <Link
                    to={editHref(product.id)}
                    aria-label={`${t.edit}: ${name}`}
                    className={buttonVariants({ variant: "secondary", size: "sm" })}
                  >
                    <Pencil aria-hidden="true" />
                    {t.edit}
                  </Link>
                  <ConfirmPost
                    icon={Trash2}
                    label={t.delete}
                    accessibleName={`${t.delete}: ${name}`}
                    size="sm"
                    title={t.deleteTitle}
                    description={withUserText(t.deleteText, name)}
                    confirmLabel={t.deleteAction}
                    action={action}
                    intent="delete"
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
