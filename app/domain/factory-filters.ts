/**
 * The filters of the /factories directory as they live in the URL (`category`, `country`,
 * `city`, `q`, `page`): reading them leniently, writing them back in one order, and which
 * filtered addresses search engines may index. Pure; used by the loader, the page and meta.
 */

import {
  type CategorySlug,
  type CountryCode,
  isCategorySlug,
  isCityOf,
  isCountryCode,
} from "~/domain/reference";
import { cleanSearchText } from "~/domain/search-text";
import { pageOf, queryValues } from "./filter-params";

/** Longer search text is cut to this length. */
export const SEARCH_MAX_LENGTH = 200;

/** The filters of the directory, every value valid (unknown ones are dropped). */
export interface FactoryFilters {
  category: CategorySlug | null;
  country: CountryCode | null;
  /** A city id of `country`; never set without it. */
  city: string | null;
  q: string | null;
  page: number;
  /** Only factories an admin verified (`verified=1`); absent when off. */
  verified?: true;
}

/** Raw filter values as they come from a URL or a caller; anything invalid is ignored. */
export interface FactoryFilterInput {
  category?: unknown;
  country?: unknown;
  city?: unknown;
  q?: unknown;
  page?: unknown;
  verified?: unknown;
}

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/**
 * Valid filters from raw input: an unknown category or country, a city that is not one of the
 * country's, or a page that is not a whole number from 1 are ignored; the search text loses
 * control characters and extra spaces and is cut to SEARCH_MAX_LENGTH characters.
 */
export function normalizeFactoryFilters(input: FactoryFilterInput): FactoryFilters {
  const category = textOf(input.category);
  const country = textOf(input.country).toLowerCase();
  const city = textOf(input.city).toLowerCase();
  const q = cleanSearchText(input.q, SEARCH_MAX_LENGTH);
  const validCountry = isCountryCode(country) ? country : null;
  const verified = input.verified === true || ["1", "true"].includes(textOf(input.verified));
  return {
    ...(verified ? { verified: true as const } : {}),
    category: isCategorySlug(category) ? category : null,
    country: validCountry,
    city: validCountry && isCityOf(validCountry, city) ? city : null,
    q: q || null,
    page: pageOf(input.page),
  };
}

/** Filters from a URL's query (`?category=…&country=…&city=…&q=…&page=…`). */
export function factoryFiltersFromSearch(search: URLSearchParams): FactoryFilters {
  return normalizeFactoryFilters(
    queryValues(search, ["category", "country", "city", "q", "page", "verified"]),
  );
}

/** How many of category, country, city, search text and 'verified only' are set. */
export function activeFilterCount(filters: Partial<FactoryFilters>): number {
  return [filters.category, filters.country, filters.city, filters.q, filters.verified].filter(
    Boolean,
  ).length;
}

/** The query of a directory address, in a fixed order; empty values and page 1 are left out. */
export function factoriesSearchParams(filters: Partial<FactoryFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.country) params.set("country", filters.country);
  if (filters.country && filters.city) params.set("city", filters.city);
  if (filters.verified) params.set("verified", "1");
  if (filters.q) params.set("q", filters.q);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** '/factories?category=…&page=2' */
export function factoriesHref(filters: Partial<FactoryFilters>): string {
  const query = factoriesSearchParams(filters).toString();
  return query ? `/factories?${query}` : "/factories";
}

/**
 * Whether a directory address may be indexed, and its canonical path. Indexable: the whole
 * directory, one category alone and one country alone (each with its pages). Everything else
 * (a city, a search, two filters) is `noindex, follow`, canonical to the single-filter list it
 * narrows (the category, else the country) or to the whole directory.
 */
export function directorySeo(filters: FactoryFilters): { index: boolean; canonical: string } {
  const { category, country, city, q, page, verified } = filters;
  const index = !city && !q && !verified && !(category && country);
  if (index) return { index, canonical: factoriesHref({ category, country, page }) };
  return { index, canonical: factoriesHref(category ? { category } : { country }) };
}
