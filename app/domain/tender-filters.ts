/**
 * The filters of /tenders as they live in the URL (`gender`, `country`, `city`, `minQuantity`,
 * `maxQuantity`, `page`): read leniently (an unknown value is dropped), written back in one
 * order. Pure; used by the loader, the page and the service.
 */
import {
  CATEGORIES,
  type CountryCode,
  isCountryCode,
  type TenderGender,
  tenderGenderOf,
} from "~/domain/reference";
import { cleanSearchText } from "~/domain/search-text";
import { pageOf, queryValues } from "./filter-params";

export const CITY_FILTER_MAX_LENGTH = 60;
export const KEYWORD_FILTER_MAX_LENGTH = 100;
const CATEGORY_SLUG_SET: ReadonlySet<string> = new Set(CATEGORIES.map((category) => category.slug));
const MAX_QUANTITY = 2_147_483_647;

export interface TenderFilters {
  gender: TenderGender | null;
  country: CountryCode | null;
  /** Free text, matched case-insensitively against the city's name. */
  city: string | null;
  /** Inclusive bounds. */
  minQuantity: number | null;
  maxQuantity: number | null;
  /** Issue 29: a production category (CATEGORIES slug) the tender names. */
  activity?: string;
  /** Issue 29: words in the title or description. */
  q?: string;
  /** Issue 29: a factory's list opens on the tenders that fit it (absent); 'all' shows every one. */
  view?: "all";
  page: number;
}

export interface TenderFilterInput {
  gender?: unknown;
  country?: unknown;
  city?: unknown;
  minQuantity?: unknown;
  maxQuantity?: unknown;
  activity?: unknown;
  q?: unknown;
  view?: unknown;
  page?: unknown;
}

const textOf = (value: unknown): string =>
  typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";

function quantityOf(value: unknown): number | null {
  const text = textOf(value).replace(/[\s\u00a0]/g, "");
  if (!/^\d{1,10}$/.test(text)) return null;
  return Math.min(Number(text), MAX_QUANTITY);
}

export function normalizeTenderFilters(input: TenderFilterInput): TenderFilters {
  const gender = tenderGenderOf(textOf(input.gender));
  const country = textOf(input.country).toLowerCase();
  const city = cleanSearchText(input.city, CITY_FILTER_MAX_LENGTH);
  return {
    gender,
    country: isCountryCode(country) ? country : null,
    city: city || null,
    minQuantity: quantityOf(input.minQuantity),
    maxQuantity: quantityOf(input.maxQuantity),
    // Absent when not set (undefined), so the filters of issue 29 add nothing to the others.
    activity: CATEGORY_SLUG_SET.has(textOf(input.activity)) ? textOf(input.activity) : undefined,
    q: cleanSearchText(input.q, KEYWORD_FILTER_MAX_LENGTH) || undefined,
    view: textOf(input.view) === "all" ? "all" : undefined,
    page: pageOf(input.page),
  };
}

export function tenderFiltersFromSearch(search: URLSearchParams): TenderFilters {
  return normalizeTenderFilters(
    queryValues(search, [
      "gender",
      "country",
      "city",
      "minQuantity",
      "maxQuantity",
      "activity",
      "q",
      "view",
      "page",
    ]),
  );
}

/** What can be wrong with the filters themselves. */
export type TenderFilterProblem = "quantity-range";

/** Bounds that cannot both hold (min > max), else null. */
export function quantityRangeError(filters: Partial<TenderFilters>): TenderFilterProblem | null {
  const { minQuantity: min, maxQuantity: max } = filters;
  return min != null && max != null && min > max ? "quantity-range" : null;
}

/** How many filters are set (the page is not a filter). */
export function activeTenderFilterCount(filters: Partial<TenderFilters>): number {
  return [
    filters.gender,
    filters.country,
    filters.city,
    filters.minQuantity,
    filters.maxQuantity,
    filters.activity,
    filters.q,
  ].filter((value) => value != null && value !== "").length;
}

/** '/tenders?gender=…&country=…&city=…&minQuantity=…&maxQuantity=…&page=…', empty parts left out. */
export function tendersHref(filters: Partial<TenderFilters>, extra?: { tender?: string }): string {
  const params = new URLSearchParams();
  if (filters.gender) params.set("gender", filters.gender);
  if (filters.country) params.set("country", filters.country);
  if (filters.city) params.set("city", filters.city);
  if (filters.minQuantity != null) params.set("minQuantity", String(filters.minQuantity));
  if (filters.maxQuantity != null) params.set("maxQuantity", String(filters.maxQuantity));
  if (filters.activity) params.set("activity", filters.activity);
  if (filters.q) params.set("q", filters.q);
  if (filters.view) params.set("view", filters.view);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  if (extra?.tender) params.set("tender", extra.tender);
  const query = params.toString();
  return query ? `/tenders?${query}` : "/tenders";
}
