import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { LocationSelect } from "~/components/location-select";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { FollowingSelect } from "~/components/ui/following-options";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { Link } from "~/components/ui/link";
import { factories, legacy } from "~/domain/catalogue";
import { CURRENCIES, citiesOf, colorLabel, currencyLabel, findCountry } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

export interface FilterTreeNode {
  slug: string;
  label: string;
  children: readonly { slug: string; label: string }[];
}

export interface OptionGroup {
  label: string;
  options: readonly { value: string; label: string }[];
}

const FIELDS = [
  "category",
  "subcategory",
  "country",
  "city",
  "size",
  "currency",
  "priceFrom",
  "priceTo",
  "color",
] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = Object.fromEntries(FIELDS.map((f) => [f, ""])) as Values;

/** Values from the address, dropping choices that do not fit (a city of another country...). */
function valuesFrom(params: URLSearchParams, tree: readonly FilterTreeNode[]): Values {
  const values = { ...EMPTY };
  for (const field of FIELDS) values[field] = params.get(field)?.trim() ?? "";
  const category = tree.find((node) => node.slug === values.category);
  if (!category) values.category = "";
  if (!category?.children.some((child) => child.slug === values.subcategory)) {
    values.subcategory = "";
  }
  if (!findCountry(values.country)) values.country = "";
  if (!citiesOf(values.country).some((city) => city.id === values.city)) values.city = "";
  return values;
}

/**
 * The filter panel of the legacy catalogues, built like the directory's: category and
 * subcategory (changing the category clears the subcategory), country and city (the shared
 * LocationSelect: changing the country clears the city), optional size and colour, currency,
 * price range and reset. A plain GET form to `action` (a Russian address, put into the page's
 * language); the choices live in client state. `colors` are Russian palette names: they stay the
 * values, the options show them in the page's language.
 */
export function LegacyFilters({
  action,
  tree,
  sizes,
  colors,
  children,
}: {
  action: string;
  tree: readonly FilterTreeNode[];
  sizes?: readonly OptionGroup[];
  colors?: readonly string[];
  children?: ReactNode;
}) {
  const m = useMessages({ legacy, factories });
  const locale = useLocale();
  const href = useLocalizedHref();
  const t = m.legacy.filters;
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>(() => valuesFrom(params, tree));
  // HTML-first: every subcategory is in the page, the dependent-selects script shows the right ones.
  const scriptFree = useHtmlFirst();
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const select = (name: keyof Values, label: string, empty: string, options: ReactNode) => (
    <LabelledSelect
      id={`legacy-${name}`}
      label={label}
      empty={empty}
      name={name}
      value={values[name]}
      onChange={(event) => set({ [name]: event.target.value })}
    >
      {options}
    </LabelledSelect>
  );
  const price = (name: "priceFrom" | "priceTo", label: string) => (
    <Field id={`legacy-${name}`} label={label}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={values[name]}
          onChange={(event) => set({ [name]: event.target.value })}
          className={inputClass}
        />
      )}
    </Field>
  );

  return (
    <form
      method="get"
      action={href(action)}
      aria-label={t.title}
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <h2 className="flex min-h-12 items-center gap-2 border-slate-200 border-b px-4 py-3 font-semibold text-slate-900">
        <SlidersHorizontal aria-hidden="true" className="size-5 text-brand-700" />
        {t.title}
      </h2>
      <div className="grid gap-5 px-4 pt-4 pb-5 sm:grid-cols-2 lg:grid-cols-1">
        <LabelledSelect
          id="legacy-category"
          label={t.category}
          empty={t.all}
          options={tree.map((node) => ({ value: node.slug, label: node.label }))}
          name="category"
          value={values.category}
          onChange={(event) => set({ category: event.target.value, subcategory: "" })}
        />
        <FollowingSelect
          id="legacy-subcategory"
          label={t.subcategory}
          name="subcategory"
          value={values.subcategory}
          onChange={(event) => set({ subcategory: event.target.value })}
          follows="legacy-category"
          parent={values.category}
          groups={tree.map((node) => ({
            parent: node.slug,
            label: node.label,
            options: (node.children ?? []).map((child) => ({
              value: child.slug,
              label: child.label,
            })),
          }))}
          prompts={[t.categoryFirst, t.all, t.all]}
          all={scriptFree}
        />
        <LocationSelect
          idPrefix="legacy"
          labels={{ country: t.country, city: t.city }}
          anyOption={{
            country: m.factories.filters.allCountries,
            city: m.factories.filters.allCities,
            cityFirst: m.factories.filters.selectCountryFirst,
          }}
          value={{ country: values.country, city: values.city }}
          onChange={(location) => set(location)}
          className="contents"
        />
        {sizes &&
          select(
            "size",
            t.size,
            t.allSizes,
            sizes.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            )),
          )}
        {select(
          "currency",
          t.currency,
          t.allCurrencies,
          CURRENCIES.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} — {currencyLabel(currency.code, locale)}
            </option>
          )),
        )}
        <div className="grid grid-cols-2 gap-3">
          {price("priceFrom", t.priceFrom)}
          {price("priceTo", t.priceTo)}
        </div>
        {colors &&
          select(
            "color",
            t.color,
            t.allColors,
            colors.map((color) => (
              <option key={color} value={color}>
                {colorLabel(color, locale)}
              </option>
            )),
          )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-1">
          <Button type="submit" className="flex-1">
            {t.apply}
          </Button>
          <Link
            to={action}
            onClick={() => setValues(EMPTY)}
            className={cn(buttonVariants({ variant: "ghost" }), "flex-1")}
          >
            {t.reset}
          </Link>
        </div>
      </div>
      {children}
    </form>
  );
}
