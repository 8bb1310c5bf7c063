import { pageNumber } from "~/lib/paging";
import { SERVICE_CATEGORIES } from "./categories";
import { DELIVERY_FILTER_DAYS } from "./listing-facts";

// The catalogue's filters as they live in the URL. No Zod here: this module is part of the public
// /services page's JavaScript, which stays small (the forms' schemas are in ./schema).

export const PRICE_SLIDER = { min: 0, max: 1000, step: 10 } as const;
export const RATING_SLIDER = { min: 0, max: 5, step: 0.5 } as const;
export const SORT_OPTIONS = ["newest", "rating", "price-low", "price-high", "views"] as const;
export type ServiceSort = (typeof SORT_OPTIONS)[number];
export const PAGE_SIZE = 24;

export interface ServiceFilters {
  q: string;
  category: string;
  minPrice: number;
  maxPrice: number;
  minRating: number;
  /** "Lieferzeit bis N Tage" (one of DELIVERY_FILTER_DAYS); 0 is off. "Nach Vereinbarung" never matches it. */
  maxDays: number;
  /** Remote work only (remote, or remote and vor Ort). */
  remote: boolean;
  sort: ServiceSort;
  page: number;
  /**
   * The list continues right after (or before) the row of this cursor (catalogue.server.ts): the
   * "Weiter" and "Zurück" links of a page carry one, with `page` as the number shown. Empty when
   * the page is found by its number.
   */
  after: string;
  before: string;
}

/** Whether a URL value can be a cursor (base64url, bounded); the server checks what it says. */
export function isCursorToken(token: string): boolean {
  return token.length > 0 && token.length <= 400 && /^[A-Za-z0-9_-]+$/.test(token);
}

/** A slider value from the URL: on the slider's steps and within its range, else the fallback. */
function sliderValue(raw: string | null, { min, max, step }: { min: number; max: number; step: number }, fallback: number): number {
  const value = raw === null || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value)) return fallback;
  const stepped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, stepped));
}

/** The list's state lives in the URL; anything unusable falls back to the default (never an error). */
export function parseServiceFilters(params: URLSearchParams): ServiceFilters {
  const category = params.get("category") ?? "";
  const sort = params.get("sort") ?? "";
  const maxDays = Number(params.get("maxDays") ?? "");
  const filters: ServiceFilters = {
    // Control characters (a NUL cannot even be stored) count as spaces: a search text is words.
    q: (params.get("q") ?? "")
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .replace(/ {2,}/g, " ")
      .trim()
      .slice(0, 100),
    category: SERVICE_CATEGORIES.includes(category) ? category : "",
    minPrice: sliderValue(params.get("minPrice"), PRICE_SLIDER, PRICE_SLIDER.min),
    maxPrice: sliderValue(params.get("maxPrice"), PRICE_SLIDER, PRICE_SLIDER.max),
    minRating: sliderValue(params.get("minRating"), RATING_SLIDER, RATING_SLIDER.min),
    maxDays: (DELIVERY_FILTER_DAYS as readonly number[]).includes(maxDays) ? maxDays : 0,
    remote: params.get("remote") === "1",
    sort: (SORT_OPTIONS as readonly string[]).includes(sort) ? (sort as ServiceSort) : "newest",
    page: pageNumber(params.get("page")),
    after: params.get("after") ?? "",
    before: params.get("before") ?? "",
  };
  if (filters.minPrice > filters.maxPrice) [filters.minPrice, filters.maxPrice] = [filters.maxPrice, filters.minPrice];
  // A cursor belongs to a page after the first, in one direction; anything else is the first page.
  if (filters.after || filters.before) {
    const token = filters.after || filters.before;
    if ((filters.after && filters.before) || !isCursorToken(token) || filters.page < 2) Object.assign(filters, { page: 1, after: "", before: "" });
  }
  return filters;
}

export function hasActiveFilters(f: ServiceFilters): boolean {
  return Boolean(f.q || f.category || f.minPrice > PRICE_SLIDER.min || f.maxPrice < PRICE_SLIDER.max || f.minRating > 0 || f.maxDays > 0 || f.remote || f.sort !== "newest");
}

/** The URL query of a filter state, without defaults (short, shareable links). */
export function filtersToSearch(f: Partial<ServiceFilters>): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.category) params.set("category", f.category);
  if (f.minPrice !== undefined && f.minPrice > PRICE_SLIDER.min) params.set("minPrice", String(f.minPrice));
  if (f.maxPrice !== undefined && f.maxPrice < PRICE_SLIDER.max) params.set("maxPrice", String(f.maxPrice));
  if (f.minRating) params.set("minRating", String(f.minRating));
  if (f.maxDays) params.set("maxDays", String(f.maxDays));
  if (f.remote) params.set("remote", "1");
  if (f.sort && f.sort !== "newest") params.set("sort", f.sort);
  if (f.page && f.page > 1) {
    params.set("page", String(f.page));
    if (f.after) params.set("after", f.after);
    else if (f.before) params.set("before", f.before);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * The URL queries of the pages around a list page: by the list's cursors where it gave them (an
 * index range scan however deep the page), by number otherwise; page 1 is always the plain URL.
 */
export function neighbourPages(
  filters: ServiceFilters,
  list: { page: number; prevCursor: string | null; nextCursor: string | null },
): { previous: string; next: string } {
  const at = (page: number, cursor: { after?: string; before?: string }) => filtersToSearch({ ...filters, after: "", before: "", ...cursor, page });
  return {
    previous: at(list.page - 1, list.prevCursor ? { before: list.prevCursor } : {}),
    next: at(list.page + 1, list.nextCursor ? { after: list.nextCursor } : {}),
  };
}
