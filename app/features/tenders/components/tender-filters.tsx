import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import { FilterPanel, showResultsOnSmallScreen } from "~/components/ui/filter-panel";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { Link } from "~/components/ui/link";
import { invitations, tenders } from "~/domain/catalogue";
import {
  CATEGORIES,
  COUNTRIES,
  categoryLabel,
  countryLabel,
  TENDER_GENDER_OPTIONS,
  tenderGenderLabel,
} from "~/domain/reference";
import {
  activeTenderFilterCount,
  CITY_FILTER_MAX_LENGTH,
  KEYWORD_FILTER_MAX_LENGTH,
  type TenderFilters,
} from "~/domain/tender-filters";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

/**
 * The filters of /tenders: a plain GET form, so without JavaScript it submits them as the URL
 * query, which the server renders. With JavaScript a changed select is applied at once; text
 * and numbers on Enter or 'Применить'. When the address changes (back, forward, 'Сбросить',
 * another filter applied), the fields follow it, except the one being typed in: text typed
 * while the list reloads is never erased. A select changed before the scripts ran is applied
 * as soon as they do.
 */
export function TenderFiltersForm({
  filters,
  rangeError,
  resultsId,
}: {
  filters: TenderFilters;
  /** The list the filters apply to: a phone is brought to it when they are applied. */
  resultsId: string;
  /** min > max: both bounds are marked invalid (the message is shown with the results). */
  rangeError: boolean;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ tenders });
  const t = m.tenders.filters;
  /** The list's address in the page's language. */
  const listPath = href("/tenders");
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const mounted = useRef(false);
  const { gender, country, city, minQuantity, maxQuantity, activity, q } = filters;
  const extra = useMessages({ invitations }).invitations.tenderList;
  useEffect(() => {
    const shown: Record<string, string> = {
      gender: gender ?? "",
      country: country ?? "",
      activity: activity ?? "",
      q: q ?? "",
      city: city ?? "",
      minQuantity: minQuantity == null ? "" : String(minQuantity),
      maxQuantity: maxQuantity == null ? "" : String(maxQuantity),
    };
    const form = formRef.current;
    if (!form) return;
    if (!mounted.current) {
      // A category or country chosen while the page was still loading had nothing to apply it:
      // apply it now that the scripts run, instead of putting the old value back.
      // Only the selects: text being typed is applied when its author says so.
      mounted.current = true;
      const params = new URLSearchParams();
      let chosen = false;
      for (const [name, value] of Object.entries(shown)) {
        const field = form.elements.namedItem(name);
        const current = field instanceof HTMLSelectElement ? field.value : value;
        if (current !== value) chosen = true;
        if (current !== "") params.set(name, current);
      }
      if (chosen) submit(params, { method: "get", action: listPath, preventScrollReset: true });
      return;
    }
    for (const [name, value] of Object.entries(shown)) {
      const field = form.elements.namedItem(name);
      const editable = field instanceof HTMLInputElement || field instanceof HTMLSelectElement;
      if (editable && field !== document.activeElement) field.value = value;
    }
  }, [gender, country, city, minQuantity, maxQuantity, activity, q, submit, listPath]);
  const any = activeTenderFilterCount(filters) > 0;
  // The selects: the first option of each means any.
  const selects = [
    {
      name: "gender",
      label: t.category,
      any: t.allCategories,
      options: TENDER_GENDER_OPTIONS.map(({ value }) => ({
        value,
        label: tenderGenderLabel(value, locale),
      })),
    },
    {
      name: "country",
      label: t.country,
      any: t.allCountries,
      options: COUNTRIES.map(({ code }) => ({ value: code, label: countryLabel(code, locale) })),
    },
    {
      name: "activity",
      label: extra.activity,
      any: extra.anyActivity,
      options: CATEGORIES.map(({ slug }) => ({ value: slug, label: categoryLabel(slug, locale) })),
    },
  ] as const;
  const bounds = [
    { id: "filter-min", name: "minQuantity", label: t.minQuantity },
    { id: "filter-max", name: "maxQuantity", label: t.maxQuantity },
  ] as const;
  return (
    <form
      ref={formRef}
      method="get"
      action={listPath}
      aria-label={t.title}
      // On an HTML-first page the constant auto-submit script applies the choices.
      data-auto-submit=""
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) {
          if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
        }
        submit(params, { method: "get", action: listPath, preventScrollReset: true });
        showResultsOnSmallScreen(event.currentTarget, resultsId);
      }}
    >
      <FilterPanel
        id="tender-filters-panel"
        title={t.title}
        activeCount={activeTenderFilterCount(filters)}
        activeLabel={t.active}
      >
        <div className="grid grid-cols-2 border-slate-200 border-t px-4 pt-4 pb-4 sm:px-5 gap-x-3 gap-y-4 lg:grid-cols-[repeat(4,minmax(0,1fr))]">
          {selects.map(({ name, label, any, options }) => (
            <LabelledSelect
              key={name}
              id={`filter-${name}`}
              label={label}
              empty={any}
              options={options}
              name={name}
              defaultValue={filters[name] ?? ""}
              // A choice is applied as soon as it changes.
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            />
          ))}
          <Field id="filter-q" label={extra.keyword} className="col-span-2 lg:col-span-1">
            {(control) => (
              <input
                {...control}
                name="q"
                type="search"
                defaultValue={filters.q ?? ""}
                maxLength={KEYWORD_FILTER_MAX_LENGTH}
                placeholder={extra.keywordPlaceholder}
                enterKeyHint="search"
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
          <Field id="filter-city" label={t.city} className="col-span-2 lg:col-span-1">
            {(control) => (
              <input
                {...control}
                name="city"
                type="search"
                defaultValue={filters.city ?? ""}
                maxLength={CITY_FILTER_MAX_LENGTH}
                placeholder={t.cityPlaceholder}
                enterKeyHint="search"
                autoComplete="off"
                className={inputClass}
              />
            )}
          </Field>
          {bounds.map(({ id, name, label }) => (
            <QuantityBound
              key={name}
              id={id}
              label={label}
              name={name}
              value={filters[name]}
              invalid={rangeError}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3 px-4 pb-5 sm:px-5">
          {filters.view && <input type="hidden" name="view" value={filters.view} />}
          <Button type="submit" className="flex-1 sm:flex-none">
            {t.apply}
          </Button>
          {any && (
            <Link
              to="/tenders"
              className={cn(buttonVariants({ variant: "ghost" }), "flex-1 sm:flex-none")}
            >
              {t.reset}
            </Link>
          )}
        </div>
      </FilterPanel>
    </form>
  );
}

/** One end of the quantity range; both ends are marked invalid when min > max. */
function QuantityBound({
  id,
  label,
  name,
  value,
  invalid,
}: {
  id: string;
  label: string;
  name: string;
  value: number | null;
  invalid: boolean;
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          aria-invalid={invalid ? true : undefined}
          name={name}
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          defaultValue={value ?? ""}
          className={inputClass}
        />
      )}
    </Field>
  );
}
