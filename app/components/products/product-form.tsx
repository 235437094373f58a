import { type FieldMetadata, getFormProps, useInputControl } from "@conform-to/react";
import { Plus, X } from "lucide-react";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Form } from "react-router";
import { EnglishTexts } from "~/components/english-texts";
import { MoneyFields } from "~/components/money-fields";
import { NewPicturesPicker, PictureListManager } from "~/components/picture-list";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, FormAlert, inputClass, Label } from "~/components/ui/field";
import {
  allErrorsOf,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import { common, images, products } from "~/domain/catalogue";
import { DEFAULT_LOCALE, LOCALE_INFO } from "~/domain/locale";
import {
  COLORS,
  colorLabel,
  DEFAULT_CURRENCY,
  FABRIC_TREE,
  fabricLabel,
  GARMENT_GROUPS,
  garmentGroupLabel,
  garmentTypeLabel,
} from "~/domain/reference";
import {
  IMAGE_TYPES,
  imageProblem,
  MAX_PRODUCT_IMAGES,
  normalizeColors,
  productSchema,
} from "~/domain/schemas/product";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import type { ProductView } from "./product-card";
import { ColorChip } from "./product-visuals";

const ACCEPT = IMAGE_TYPES.join(",");

type LastResult = Parameters<typeof useSchemaForm>[1];

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
    defaultValue: (product
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
      : { currency: DEFAULT_CURRENCY }) as never,
  });
  const name = useInputControl(fields.name as FieldMetadata<string>);
  const busy = useIsSubmitting(useLocalizedHref()("/factory-products"));
  // Without JavaScript the button stays enabled and the server says what is missing.
  const nameEmpty = useHydrated() && !String(name.value ?? "").trim();

  return (
    <div className="space-y-6">
      {editing && <ProductImagesManager product={product} />}
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="space-y-5"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="save" />
        {editing && <input type="hidden" name="productId" value={product.id} />}
        <FormAlert message={form.errors?.[0]} />

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
            max={MAX_PRODUCT_IMAGES}
            accept={ACCEPT}
            gridClass="sm:grid-cols-4"
            checks={{
              problem: (file) => imageProblem(file, locale),
              tooMany: t.imagesTooMany(MAX_PRODUCT_IMAGES),
            }}
          />
        )}

        <TextField
          field={fields.name}
          label={t.name}
          onChange={(event) => name.change(event.target.value)}
          placeholder={t.namePlaceholder}
          autoComplete="off"
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
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <NumberField field={fields.quantityProduced} label={t.quantityProduced} min="0" />
          <TextField
            field={fields.productionTime}
            label={t.productionTime}
            placeholder={t.productionTimePlaceholder}
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

        <EnglishTexts
          hint={t.englishHint}
          name={<TextField field={fields.nameEn} label={t.nameEn} lang="en" />}
          description={
            <TextareaField
              field={fields.descriptionEn}
              label={t.descriptionEn}
              rows={4}
              lang="en"
            />
          }
        />

        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:flex-wrap">
          <Button type="submit" disabled={nameEmpty || busy} className="sm:min-w-44">
            {busy ? m.common.saving : editing ? t.submitEdit : t.submitAdd}
          </Button>
          {editing && (
            <Link to={cancelHref} className={buttonVariants({ variant: "secondary" })}>
              {t.cancelEdit}
            </Link>
          )}
        </div>
        <UploadProgressBar active={busy} />
      </Form>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Colours: chips plus a text field (which is submitted too, so typing 'Красный, Синий' and saving
// works without JavaScript); the suggested colours (app/domain/reference.ts COLORS) in a datalist
// and as one-tap buttons.

function ColorsInput({
  id,
  name,
  defaultColors,
  errors,
}: {
  id: string;
  name: string;
  defaultColors: readonly string[];
  errors: string[];
}) {
  const m = useMessages({ products, common });
  const t = m.products.form;
  const locale = useLocale();
  const tag = LOCALE_INFO[locale].tag;
  /** A colour as this page names it (a Russian page shows it as typed). */
  const named = (color: string) => (locale === DEFAULT_LOCALE ? color : colorLabel(color, locale));
  /** A palette colour typed by its name in this language is kept by its Russian name. */
  const stored = (color: string) =>
    COLORS.find(
      (c) =>
        colorLabel(c.slug, locale).toLocaleLowerCase(tag) === color.trim().toLocaleLowerCase(tag),
    )?.label ?? color;
  const [colors, setColors] = useState<string[]>(() => normalizeColors(defaultColors));
  const [draft, setDraft] = useState("");
  const listId = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const commit = (extra: string) => {
    if (!extra.trim()) return;
    setColors((current) => normalizeColors([...current, stored(extra)]));
    setDraft("");
  };
  const chosen = new Set(colors.map((color) => named(color).toLocaleLowerCase(tag)));
  const suggestions = COLORS.filter(
    (color) => !chosen.has(colorLabel(color.slug, locale).toLocaleLowerCase(tag)),
  );
  return (
    <div>
      <Label htmlFor={id}>{t.colors}</Label>
      {colors.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t.colors}>
          {colors.map((color) => (
            <li
              key={color}
              className="inline-flex items-center gap-0.5 rounded-full border border-slate-200 bg-white pr-0.5"
            >
              <ColorChip color={color} className="border-0 text-sm" />
              <input type="hidden" name={name} value={color} />
              <button
                type="button"
                onClick={() => setColors((current) => current.filter((c) => c !== color))}
                aria-label={t.removeColor(named(color))}
                className="grid size-6 place-items-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name={name}
          value={draft}
          list={listId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit(draft);
            }
          }}
          onBlur={() => commit(draft)}
          placeholder={t.colorPlaceholder}
          autoComplete="off"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : hintId}
          className={inputClass}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={() => commit(draft)}
          aria-label={t.addColor}
          className="shrink-0"
        >
          <Plus aria-hidden="true" />
          {m.common.add}
        </Button>
      </div>
      <datalist id={listId}>
        {COLORS.map((color) => (
          <option key={color.slug} value={colorLabel(color.slug, locale)} />
        ))}
      </datalist>
      {errors.length > 0 ? (
        <FieldError id={errorId} errors={errors} />
      ) : (
        <p id={hintId} className="mt-1.5 text-slate-500 text-xs">
          {t.colorsHint}
        </p>
      )}
      {suggestions.length > 0 && (
        <div className="mt-3">
          <p className="text-slate-500 text-xs">{t.colorSuggestions}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {suggestions.map((color) => (
              <li key={color.slug}>
                <button
                  type="button"
                  onClick={() => commit(color.label)}
                  aria-label={t.addColorSuggestion(colorLabel(color.slug, locale))}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-200 border-dashed px-2 py-1 text-slate-600 text-xs hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
                >
                  <Plus className="size-3" aria-hidden="true" />
                  {colorLabel(color.slug, locale)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Materials: the fabric tree as grouped checkboxes, folded away until needed.

function MaterialsPicker({
  name,
  defaultMaterials,
  errors,
}: {
  name: string;
  defaultMaterials: readonly string[];
  errors: string[];
}) {
  const t = useMessages({ products }).products.form;
  const locale = useLocale();
  const selected = useMemo(() => new Set(defaultMaterials), [defaultMaterials]);
  const [count, setCount] = useState(selected.size);
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={errors.length > 0 ? errorId : undefined}
      onChange={(event) =>
        setCount(event.currentTarget.querySelectorAll("input[type=checkbox]:checked").length)
      }
    >
      <legend className="font-medium text-slate-800 text-sm">{t.materials}</legend>
      <p className="mt-0.5 text-slate-500 text-xs">{t.materialsHint}</p>
      <details
        className="group mt-1.5 rounded-lg border border-slate-300 bg-white"
        open={selected.size > 0 || errors.length > 0}
      >
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-slate-800 text-sm hover:bg-slate-50">
          <span className="font-medium">{t.materialsChoose}</span>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs",
                count > 0 ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-500",
              )}
            >
              {t.materialsSelected(count)}
            </span>
            <Plus
              className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-45"
              aria-hidden="true"
            />
          </span>
        </summary>
        <div className="space-y-4 border-slate-100 border-t px-3 py-3">
          {FABRIC_TREE.map((category) => (
            <div key={category.slug}>
              <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
                {fabricLabel(category.slug, locale)}
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                {category.items.map((item) => (
                  <label
                    key={item.slug}
                    className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-slate-700 text-sm hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                  >
                    <input
                      type="checkbox"
                      name={name}
                      value={item.slug}
                      defaultChecked={selected.has(item.slug)}
                      className="size-3.5 accent-brand-700"
                    />
                    {fabricLabel(item.slug, locale)}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </details>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}

// ---------------------------------------------------------------------------------------------
// Pictures of an existing product: each removal and each upload is its own request (fetcher),
// answered with a toast; without JavaScript the same forms post normally.

function ProductImagesManager({ product }: { product: ProductView }) {
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
      removeIntent="remove-image"
      removeLabel={t.removeImage}
      uploadIntent="add-images"
      addLabel={t.addImage}
      uploadLabel={m.images.upload}
      emptyText={t.noImages}
      hint={
        <>
          {t.imagesHint(MAX_PRODUCT_IMAGES)}. {t.imagesNow}
        </>
      }
      max={MAX_PRODUCT_IMAGES}
      accept={ACCEPT}
      gridClass="sm:grid-cols-4"
      checks={{
        problem: (file) => imageProblem(file, locale),
        failedTitle: m.images.uploadFailed,
      }}
    />
  );
}

export function FormCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id={id} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      {subtitle && (
        <p className="mt-0.5 truncate text-slate-600 text-sm" data-user-content>
          {subtitle}
        </p>
      )}
      <div className="mt-5">{children}</div>
    </section>
  );
}
