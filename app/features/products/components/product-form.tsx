import { EnglishTextFields } from "~/components/english-text-fields";
import { MoneyFields } from "~/components/money-fields";
import {
  FormWithPictures,
  NewPicturesPicker,
  PictureListManager,
  type PictureRules,
} from "~/components/picture-list";
import { checkAttributesOf } from "~/components/ui/browser-checks";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  allErrorsOf,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import {
  type LastResult,
  useIsSubmitting,
  useRequiredText,
  useSchemaForm,
} from "~/components/use-schema-form";
import { common, images, products } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import {
  DEFAULT_CURRENCY,
  GARMENT_GROUPS,
  garmentGroupLabel,
  garmentTypeLabel,
} from "~/domain/reference";
import { IMAGE_TYPES, imageProblem, MAX_IMAGE_BYTES } from "~/domain/uploads";
import { productSchema } from "~/features/products/schema";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { ColorsInput } from "./colors-input";
import { MaterialsPicker } from "./materials-picker";
import type { ProductView } from "./product-card";

/** What both picture pickers take: the limit, the types offered, the grid and the check. */
const pictureRules = (locale: Locale): PictureRules => ({
  max: MAX_PRODUCT_IMAGES,
  accept: IMAGE_TYPES.join(","),
  gridClass: "sm:grid-cols-4",
  problem: (file) => imageProblem(file, locale),
  checks: {
    maxBytes: MAX_IMAGE_BYTES,
    types: IMAGE_TYPES,
    tooLarge: images[locale].fileTooLarge,
    badType: images[locale].fileTypeNotSupported,
  },
});

/**
 * The product form, one for both modes. Add mode: empty, and the pictures chosen here are uploaded
 * with the first save (one request; nothing is stored if anything is refused). Edit mode: filled
 * with the product; its pictures are managed above the form and change at once.
 */
export function ProductForm({
  product,
  lastResult,
  action,
  cancelHref,
}: {
  product: ProductView | null;
  lastResult: LastResult;
  /** Where the form posts (the page, with its query). */
  action: string;
  cancelHref: string;
}) {
  const m = useMessages({ products, common });
  const t = m.products.form;
  const locale = useLocale();
  const editing = product !== null;
  const [form, fields] = useSchemaForm(productSchema(locale), lastResult, {
    id: editing ? `product-form-${product.id}` : "product-form-new",
    defaultValue: product
      ? {
          name: product.name,
          clothingType: product.clothingType ?? "",
          price: product.price == null ? "" : String(product.price),
          currency: product.currency,
          quantityProduced:
            product.quantityProduced == null ? "" : String(product.quantityProduced),
          productionTime: product.productionTime ?? "",
          description: product.description ?? "",
          nameEn: product.nameEn ?? "",
          descriptionEn: product.descriptionEn ?? "",
        }
      : { currency: DEFAULT_CURRENCY },
  });
  const name = useRequiredText(fields.name);
  const busy = useIsSubmitting(useLocalizedHref()("/factory-products"));
  // On a light page (decision 036) the page script checks the fields by the schema's rules
  // before the form goes, and the button waits for a name.
  const lightPage = useHtmlFirst();
  const checks = lightPage ? checkAttributesOf(productSchema(locale), locale) : {};

  return (
    <FormWithPictures
      form={form}
      action={action}
      intent="save"
      rowFields={editing ? { productId: product.id } : undefined}
      manager={editing && <ProductPhotosManager product={product} />}
      busy={busy}
      checked={lightPage}
    >
      {!editing && (
        // Pictures of a new product: chosen files are shown at once and sent with the first save.
        <NewPicturesPicker
          name={fields.photos.name}
          errors={allErrorsOf(fields.photos)}
          label={t.images}
          addLabel={t.addImage}
          removeLabel={t.removeSelected}
          hint={
            <>
              {t.imagesHint(MAX_PRODUCT_IMAGES)}. {t.imagesWithSave}
            </>
          }
          rules={pictureRules(locale)}
          tooMany={t.imagesTooMany(MAX_PRODUCT_IMAGES)}
        />
      )}

      <TextField
        field={fields.name}
        label={t.name}
        onChange={(event) => name.change(event.target.value)}
        placeholder={t.namePlaceholder}
        autoComplete="off"
        {...checks.name}
      />

      <SelectField
        field={fields.clothingType}
        label={t.clothingType}
        placeholder={t.clothingTypePlaceholder}
      >
        {GARMENT_GROUPS.map((group) => (
          <optgroup key={group.slug} label={garmentGroupLabel(group, locale)}>
            {group.types.map((type) => (
              <option key={type.slug} value={type.slug}>
                {garmentTypeLabel(type.slug, locale)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>

      <MoneyFields
        amount={fields.price}
        currency={fields.currency}
        amountLabel={t.price}
        amountHint={t.priceHint}
        currencyLabel={t.currency}
        amountChecks={checks.price}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          field={fields.quantityProduced}
          label={t.quantityProduced}
          min="0"
          {...checks.quantityProduced}
        />
        <TextField
          field={fields.productionTime}
          label={t.productionTime}
          placeholder={t.productionTimePlaceholder}
          {...checks.productionTime}
        />
      </div>

      <ColorsInput
        id={fields.colors.id}
        name={fields.colors.name}
        defaultColors={product?.colors ?? []}
        errors={allErrorsOf(fields.colors)}
      />

      <MaterialsPicker
        name={fields.materials.name}
        defaultMaterials={product?.materials ?? []}
        errors={allErrorsOf(fields.materials)}
      />

      <TextareaField
        field={fields.description}
        label={t.description}
        rows={5}
        placeholder={t.descriptionPlaceholder}
      />

      <EnglishTextFields fields={fields} labels={t} />

      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:flex-wrap">
        <Button
          type="submit"
          disabled={name.blank || busy}
          className="sm:min-w-44"
          data-needs-text={lightPage ? fields.name.id : undefined}
          data-busy={lightPage ? m.common.saving : undefined}
        >
          {busy ? m.common.saving : editing ? t.submitEdit : t.submitAdd}
        </Button>
        {editing && (
          <Link to={cancelHref} className={buttonVariants({ variant: "secondary" })}>
            {t.cancelEdit}
          </Link>
        )}
      </div>
    </FormWithPictures>
  );
}

// ---------------------------------------------------------------------------------------------
// Pictures of an existing product: each removal and each upload is its own request (fetcher),
// answered with a toast; without JavaScript the same forms post normally.

function ProductPhotosManager({ product }: { product: ProductView }) {
  const locale = useLocale();
  const m = useMessages({ products, images });
  const t = m.products.form;
  return (
    <PictureListManager
      titleId="product-images-title"
      title={t.images}
      urls={product.images}
      rowName={product.name}
      rowFields={{ productId: product.id }}
      removeLabel={t.removeImage}
      addLabel={t.addImage}
      uploadLabel={m.images.upload}
      emptyText={t.noImages}
      hint={
        <>
          {t.imagesHint(MAX_PRODUCT_IMAGES)}. {t.imagesNow}
        </>
      }
      rules={pictureRules(locale)}
      failedTitle={m.images.uploadFailed}
    />
  );
}
