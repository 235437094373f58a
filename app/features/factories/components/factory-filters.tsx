import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSubmit } from "react-router";
import { LocationSelect } from "~/components/location-select";
import { Button, buttonVariants } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { FilterPanel, showResultsOnSmallScreen } from "~/components/ui/filter-panel";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { Link } from "~/components/ui/link";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { capabilities, capabilityProfile, common, factories } from "~/domain/catalogue";
import {
  capabilityFilterCount,
  DIRECTORY_SORTS,
  type FactoryFilters,
  factoriesSearchParams,
  normalizeFactoryFilters,
  ON_TIME_THRESHOLDS,
  SEARCH_MAX_LENGTH,
} from "~/domain/factory-filters";
import { CATEGORIES, categoryLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

/** The results beside the panel: a phone is brought to them when the filters are applied. */
const RESULTS_ID = "factory-results";

/** Wait this long after the last keystroke before searching. */
const TYPING_DELAY = 400;

interface Values {
  category: string;
  country: string;
  city: string;
  q: string;
  verified: boolean;
  // The capability filters and the sort (issue 29), as their fields hold them.
  moq: string;
  capacity: string;
  lead: string;
  service: string;
  material: string;
  cert: string;
  market: string;
  english: boolean;
  ontime: string;
  sort: string;
}

const numberText = (n: number | undefined) => (n === undefined ? "" : String(n));

const valuesOf = (filters: FactoryFilters): Values => ({
  category: filters.category ?? "",
  country: filters.country ?? "",
  city: filters.city ?? "",
  q: filters.q ?? "",
  verified: filters.verified === true,
  moq: numberText(filters.maxMinOrder),
  capacity: numberText(filters.minCapacity),
  lead: numberText(filters.maxLeadTime),
  service: filters.service ?? "",
  material: filters.material ?? "",
  cert: filters.certification ?? "",
  market: filters.market ?? "",
  english: filters.english === true,
  ontime: numberText(filters.minOnTime),
  sort: filters.sort ?? "",
});

/**
 * The query of a submission: only valid, filled fields (the city only with its country), in the
 * order addresses write them (domain/factory-filters.ts), so the app's address is the same as
 * the one a page without JavaScript gets after its redirect.
 */
function paramsOf(values: Values): URLSearchParams {
  const { page: _page, ...filters } = normalizeFactoryFilters({
    ...values,
    q: values.q.trim(),
    verified: values.verified ? "1" : "",
    english: values.english ? "1" : "",
  });
  return factoriesSearchParams(filters);
}

/**
 * The directory's filter form: a text search above the results and a collapsible panel with
 * the sphere of activity, country and city. It is a plain GET form, so without JavaScript it
 * submits the filters as the URL query; with JavaScript every change is submitted at once (the
 * text after a pause in typing) without reloading the page. `children` are the results, laid
 * out beside the panel on wide screens.
 */
export function FactoryFiltersForm({
  filters,
  total,
  children,
}: {
  filters: FactoryFilters;
  /** How many factories the current filters find (the apply button says it). */
  total: number;
  children: ReactNode;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ factories, common, capabilityProfile, capabilities });
  const t = m.factories.filters;
  const c = m.capabilityProfile.filters;
  const submit = useSubmit();
  const [values, setValues] = useState<Values>(() => valuesOf(filters));
  const latest = useRef(values);
  latest.current = values;
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const scriptFree = useHtmlFirst();

  // Follow the address (the reset link, back and forward, a shared link), but never overwrite
  // text that is still being typed.
  useEffect(() => {
    // A number being typed is kept too (a list chosen a moment earlier may answer meanwhile).
    const typed = (name: "moq" | "capacity" | "lead", current: Values) =>
      document.activeElement?.id === `filter-${name}` ? { [name]: current[name] } : {};
    setValues((current) => ({
      ...valuesOf(filters),
      q: document.activeElement === searchInput.current ? current.q : (filters.q ?? ""),
      ...typed("moq", current),
      ...typed("capacity", current),
      ...typed("lead", current),
    }));
  }, [filters]);

  useEffect(() => () => clearTimeout(typing.current), []);

  const send = (next: Values, { replace = false } = {}) => {
    clearTimeout(typing.current);
    submit(paramsOf(next), {
      method: "get",
      action: href("/factories"),
      preventScrollReset: true,
      replace,
    });
  };

  const choose = (patch: Partial<Values>) => {
    const next = { ...latest.current, ...patch };
    setValues(next);
    send(next);
  };

  const panelCount =
    [filters.category, filters.country, filters.city, filters.verified].filter(Boolean).length +
    capabilityFilterCount(filters);
  /** A typed number applies when the field is left (or with the button, or Enter). */
  const numberInput = (name: "moq" | "capacity" | "lead", label: string, max: number) => (
    <div>
      <label htmlFor={`filter-${name}`} className="block font-medium text-slate-800 text-sm">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type="number"
        min={1}
        max={max}
        step={1}
        inputMode="numeric"
        value={values[name]}
        onChange={(event) => setValues({ ...latest.current, [name]: event.target.value })}
        onBlur={() => {
          if (latest.current[name] !== valuesOf(filters)[name]) send(latest.current);
        }}
        className={cn(inputClass, "mt-1.5")}
      />
    </div>
  );
  const listSelect = (
    name: "service" | "material" | "cert" | "market" | "ontime",
    label: string,
    empty: string,
    labels: Record<string, string>,
  ) => (
    <LabelledSelect
      id={`filter-${name}`}
      label={label}
      empty={empty}
      options={Object.entries(labels).map(([value, text]) => ({ value, label: text }))}
      name={name}
      value={values[name]}
      onChange={(event) => choose({ [name]: event.target.value })}
    />
  );
  const anyFilter = panelCount > 0 || Boolean(filters.q);

  return (
    <form
      method="get"
      action={href("/factories")}
      // On an HTML-first page the constant auto-submit script does what `choose` and `send` do.
      data-auto-submit="typing"
      onSubmit={(event) => {
        event.preventDefault();
        send(latest.current);
        showResultsOnSmallScreen(event.currentTarget, RESULTS_ID);
      }}
      className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-8 lg:gap-y-6"
    >
      <search className="flex gap-2 lg:col-start-2">
        <label htmlFor="factory-search" className="sr-only">
          {m.factories.searchLabel}
        </label>
        <div className="relative min-w-0 flex-1">
          <SpriteIcon
            name="search"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-slate-400"
          />
          <input
            ref={searchInput}
            id="factory-search"
            name="q"
            type="search"
            value={values.q}
            maxLength={SEARCH_MAX_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            placeholder={m.factories.searchPlaceholder}
            onChange={(event) => {
              const next = { ...latest.current, q: event.target.value };
              setValues(next);
              clearTimeout(typing.current);
              // Refining a search replaces its history entry instead of adding one per pause.
              const replace = Boolean(filters.q);
              typing.current = setTimeout(() => send(next, { replace }), TYPING_DELAY);
            }}
            className={cn(inputClass, "h-12 pl-10")}
          />
        </div>
        <Button type="submit" size="lg" className="h-12 shrink-0 max-sm:w-12 max-sm:px-0">
          <SpriteIcon name="search" className="sm:hidden" />
          <span className="max-sm:sr-only">{m.common.search}</span>
        </Button>
      </search>

      <FilterPanel
        id="factory-filters-panel"
        title={t.title}
        activeCount={panelCount}
        activeLabel={t.active}
        className="lg:sticky lg:top-20 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
      >
        <div className="grid gap-5 border-slate-200 border-t px-4 pt-4 pb-5">
          <LabelledSelect
            id="filter-category"
            label={t.category}
            empty={t.allCategories}
            options={CATEGORIES.map((category) => ({
              value: category.slug,
              label: categoryLabel(category.slug, locale),
            }))}
            name="category"
            value={values.category}
            onChange={(event) => choose({ category: event.target.value })}
          />
          <LocationSelect
            idPrefix="filter"
            labels={{ country: t.country, city: t.city }}
            anyOption={{
              country: t.allCountries,
              city: t.allCities,
              cityFirst: t.selectCountryFirst,
            }}
            value={{ country: values.country, city: values.city }}
            onChange={(location) => choose(location)}
            className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1"
            // The form is sent when the country changes (`choose`, or the auto-submit script).
            reloads
          />
          <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-slate-800 text-sm">
            <input
              type="checkbox"
              name="verified"
              value="1"
              checked={values.verified}
              onChange={(event) => choose({ verified: event.target.checked })}
              className="size-5 rounded border-slate-300 accent-brand-700"
            />
            {m.factories.verifiedOnly}
          </label>
          <fieldset className="grid gap-5 border-slate-200 border-t pt-4">
            <legend className="float-left mb-1 font-bold text-slate-900 text-sm">
              {c.capabilities}
            </legend>
            {numberInput("moq", c.maxMinOrder, 100_000_000)}
            {numberInput("capacity", c.minCapacity, 100_000_000)}
            {numberInput("lead", c.maxLeadTime, 365)}
            {listSelect("service", c.service, c.anyService, m.capabilities.services)}
            {listSelect("material", c.material, c.anyMaterial, m.capabilities.materials)}
            {listSelect("cert", c.certification, c.anyCertification, m.capabilities.certifications)}
            {listSelect("market", c.market, c.anyMarket, m.capabilities.markets)}
            {listSelect(
              "ontime",
              c.onTime,
              c.anyOnTime,
              Object.fromEntries(
                ON_TIME_THRESHOLDS.map((percent) => [String(percent), c.onTimeAtLeast(percent)]),
              ),
            )}
            <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-slate-800 text-sm">
              <input
                type="checkbox"
                name="english"
                value="1"
                checked={values.english}
                onChange={(event) => choose({ english: event.target.checked })}
                className="size-5 rounded border-slate-300 accent-brand-700"
              />
              {c.english}
            </label>
          </fieldset>
          {/* The panel is longer than a screen: its buttons (and the count) stay at hand. */}
          <div className="sticky bottom-0 -mx-4 -mb-5 flex flex-wrap items-center gap-3 rounded-b-2xl border-slate-200 border-t bg-white px-4 py-3">
            <Button type="submit" className="flex-1">
              {/* Filters apply as they change; on a phone this closes the panel over the list. */}
              {/* The count is current when each choice applies at once (the app, or an
                  HTML-first page's auto-submit script); a page without scripts says only 'Показать'. */}
              {hydrated || scriptFree ? t.applyCount(total) : t.apply}
            </Button>
            {anyFilter && (
              <Link
                to="/factories"
                onClick={() => clearTimeout(typing.current)}
                className={cn(buttonVariants({ variant: "ghost" }), "flex-1")}
              >
                {t.reset}
              </Link>
            )}
          </div>
        </div>
      </FilterPanel>

      <div id={RESULTS_ID} className="min-w-0 scroll-mt-20 lg:col-start-2">
        <div className="mb-3 flex items-center justify-end gap-2">
          <label htmlFor="filter-sort" className="shrink-0 text-slate-600 text-sm">
            {c.sort}
          </label>
          <select
            id="filter-sort"
            name="sort"
            value={values.sort}
            onChange={(event) => choose({ sort: event.target.value })}
            className={cn(inputClass, "w-auto min-w-0 py-1.5")}
          >
            <option value="">{values.q ? c.sorts.match : c.sorts.recommended}</option>
            {DIRECTORY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {c.sorts[sort]}
              </option>
            ))}
          </select>
        </div>
        {children}
      </div>
    </form>
  );
}
