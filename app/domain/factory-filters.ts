/**
 * The filters of the /factories directory as they live in the URL (`category`, `country`,
 * `city`, `q`, `page`, and the capability filters of issue 29: `moq`, `capacity`, `lead`,
 * `service`, `material`, `cert`, `market`, `english`, and `sort`): reading them leniently,
 * writing them back in one order, and which filtered addresses search engines may index. Pure;
 * used by the loader, the page and meta.
 */

import {
  type CategorySlug,
  type CountryCode,
  isCategorySlug,
  isCityOf,
  isCountryCode,
} from "~/domain/reference";
import { cleanSearchText } from "~/domain/search-text";
import type { Certification, ExportMarket, FactoryMaterial, FactoryService } from "~db/schema";
import { isCertification, isMarket, isMaterial, isService } from "./capabilities";
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
  // The capability filters (issue 29); each absent when off.
  /** Minimum order at most this many pieces (`moq`). */
  maxMinOrder?: number;
  /** Monthly capacity at least this many pieces (`capacity`). */
  minCapacity?: number;
  /** Production lead time at most this many days (`lead`). */
  maxLeadTime?: number;
  service?: FactoryService;
  material?: FactoryMaterial;
  /** Holds this certification, verified by an admin (`cert`). */
  certification?: Certification;
  /** Exports to this market (`market`). */
  market?: ExportMarket;
  /** Its people speak English (`english=1`). */
  english?: true;
  /**
   * At least this share (percent) of its delivered orders came on time (`ontime`, one of
   * ON_TIME_THRESHOLDS; decision 033); factories without a delivered order are left out.
   */
  minOnTime?: OnTimeThreshold;
  /** The order of the list; absent: best match with a search, else the most complete first. */
  sort?: DirectorySort;
}

/** The orders a person may choose besides the default one (the select lists them in this order). */
export const DIRECTORY_SORTS = ["rating", "newest", "verified"] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** The choices of the on-time filter: at least this percent of delivered orders on time. */
export const ON_TIME_THRESHOLDS = [90, 75, 50] as const;
export type OnTimeThreshold = (typeof ON_TIME_THRESHOLDS)[number];

/** The largest number a capability filter takes (the columns' checks allow no more). */
export const FILTER_NUMBER_MAX = {
  maxMinOrder: 100_000_000,
  minCapacity: 100_000_000,
  maxLeadTime: 365,
};

/** The capability filters' keys in the URL, in the order addresses write them. */
const CAPABILITY_KEYS = {
  maxMinOrder: "moq",
  minCapacity: "capacity",
  maxLeadTime: "lead",
  service: "service",
  material: "material",
  certification: "cert",
  market: "market",
  english: "english",
  minOnTime: "ontime",
} as const;

/** Raw filter values as they come from a URL or a caller; anything invalid is ignored. */
export interface FactoryFilterInput {
  category?: unknown;
  country?: unknown;
  city?: unknown;
  q?: unknown;
  page?: unknown;
  verified?: unknown;
  moq?: unknown;
  capacity?: unknown;
  lead?: unknown;
  service?: unknown;
  material?: unknown;
  cert?: unknown;
  market?: unknown;
  english?: unknown;
  ontime?: unknown;
  sort?: unknown;
  // The same filters under their names in FactoryFilters (filters read once may be read again).
  maxMinOrder?: unknown;
  minCapacity?: unknown;
  maxLeadTime?: unknown;
  certification?: unknown;
  minOnTime?: unknown;
}

const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const isOn = (value: unknown) => value === true || ["1", "true"].includes(textOf(value));

/** A whole number from 1 (spaces between digits allowed), at most `max`; else undefined. */
function wholeOf(value: unknown, max: number): number | undefined {
  const text = typeof value === "number" ? String(value) : textOf(value).replace(/[\s\u00a0]/g, "");
  if (!/^\d{1,12}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? Math.min(n, max) : undefined;
}

/** One of ON_TIME_THRESHOLDS, written as digits ('90'); else undefined. */
function onTimeOf(value: unknown): OnTimeThreshold | undefined {
  const text = typeof value === "number" ? String(value) : textOf(value);
  return ON_TIME_THRESHOLDS.find((threshold) => String(threshold) === text);
}

/** The capability filters and the sort from raw input; invalid values are left out. */
function capabilityFiltersOf(input: FactoryFilterInput): Partial<FactoryFilters> {
  const maxMinOrder = wholeOf(input.moq ?? input.maxMinOrder, FILTER_NUMBER_MAX.maxMinOrder);
  const minCapacity = wholeOf(input.capacity ?? input.minCapacity, FILTER_NUMBER_MAX.minCapacity);
  const maxLeadTime = wholeOf(input.lead ?? input.maxLeadTime, FILTER_NUMBER_MAX.maxLeadTime);
  const service = textOf(input.service);
  const material = textOf(input.material);
  const certification = textOf(input.cert ?? input.certification);
  const market = textOf(input.market);
  const sort = textOf(input.sort);
  const minOnTime = onTimeOf(input.ontime ?? input.minOnTime);
  return {
    ...(minOnTime ? { minOnTime } : {}),
    ...(maxMinOrder ? { maxMinOrder } : {}),
    ...(minCapacity ? { minCapacity } : {}),
    ...(maxLeadTime ? { maxLeadTime } : {}),
    ...(isService(service) ? { service } : {}),
    ...(isMaterial(material) ? { material } : {}),
    ...(isCertification(certification) ? { certification } : {}),
    ...(isMarket(market) ? { market } : {}),
    ...(isOn(input.english) ? { english: true as const } : {}),
    ...((DIRECTORY_SORTS as readonly string[]).includes(sort)
      ? { sort: sort as DirectorySort }
      : {}),
  };
}

/** Whether any capability filter is set (the sort is not a filter). */
export function hasCapabilityFilters(filters: Partial<FactoryFilters>): boolean {
  return (Object.keys(CAPABILITY_KEYS) as (keyof typeof CAPABILITY_KEYS)[]).some(
    (key) => filters[key] !== undefined,
  );
}

/** How many capability filters are set. */
export function capabilityFilterCount(filters: Partial<FactoryFilters>): number {
  return (Object.keys(CAPABILITY_KEYS) as (keyof typeof CAPABILITY_KEYS)[]).filter(
    (key) => filters[key] !== undefined,
  ).length;
}

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
  const verified = isOn(input.verified);
  return {
    ...(verified ? { verified: true as const } : {}),
    ...capabilityFiltersOf(input),
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
    queryValues(search, [
      "category",
      "country",
      "city",
      "q",
      "page",
      "verified",
      ...Object.values(CAPABILITY_KEYS),
      "sort",
    ]),
  );
}

/** How many of category, country, city, search text, 'verified only' and capabilities are set. */
export function activeFilterCount(filters: Partial<FactoryFilters>): number {
  return (
    [filters.category, filters.country, filters.city, filters.q, filters.verified].filter(Boolean)
      .length + capabilityFilterCount(filters)
  );
}

/** The query of a directory address, in a fixed order; empty values and page 1 are left out. */
export function factoriesSearchParams(filters: Partial<FactoryFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.country) params.set("country", filters.country);
  if (filters.country && filters.city) params.set("city", filters.city);
  if (filters.verified) params.set("verified", "1");
  for (const [key, name] of Object.entries(CAPABILITY_KEYS)) {
    const value = filters[key as keyof typeof CAPABILITY_KEYS];
    if (value !== undefined) params.set(name, value === true ? "1" : String(value));
  }
  if (filters.q) params.set("q", filters.q);
  if (filters.sort) params.set("sort", filters.sort);
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
  const index =
    !city &&
    !q &&
    !verified &&
    !(category && country) &&
    !hasCapabilityFilters(filters) &&
    !filters.sort;
  if (index) return { index, canonical: factoriesHref({ category, country, page }) };
  return { index, canonical: factoriesHref(category ? { category } : { country }) };
}
