import { filtersToSearch, parseServiceFilters, PRICE_SLIDER, type ServiceFilters } from "~/features/services/filters";
import { savedSearchesDe as t } from "~/i18n/saved-searches.de";

// Shared by /services (the button, the default name) and the server (saving, the alert job).
// No database here: the public page ships this module.

export const SAVED_SEARCH_NAME_MAX = 80;

/**
 * The query a saved search keeps: the catalogue's own normalised URL query (filtersToSearch) of
 * the filters, without the sort and the page (they show the same matches in another order).
 * A filter the catalogue gains later is in filtersToSearch, so it is kept, matched and opened
 * again without a change here. "" when no filter is set.
 */
export function savedQueryOf(filters: ServiceFilters): string {
  return filtersToSearch({ ...filters, sort: "newest", page: 1, after: "", before: "" });
}

/** The filters a stored query stands for, read as /services reads its URL. */
export function filtersOfSavedQuery(query: string): ServiceFilters {
  return parseServiceFilters(new URLSearchParams(query.startsWith("?") ? query.slice(1) : query));
}

const amount = (n: number) => n.toLocaleString("de-DE");

/** A readable name for a filter set: "Design · bis 200 € · „Logo“". */
export function summariseFilters(filters: ServiceFilters): string {
  const parts: string[] = [];
  if (filters.category) parts.push(filters.category);
  const min = filters.minPrice > PRICE_SLIDER.min;
  const max = filters.maxPrice < PRICE_SLIDER.max;
  if (min && max) parts.push(t.summary.priceBetween(amount(filters.minPrice), amount(filters.maxPrice)));
  else if (min) parts.push(t.summary.priceFrom(amount(filters.minPrice)));
  else if (max) parts.push(t.summary.priceTo(amount(filters.maxPrice)));
  if (filters.minRating > 0) parts.push(t.summary.rating(filters.minRating.toLocaleString("de-DE")));
  if (filters.maxDays > 0) parts.push(t.summary.delivery(filters.maxDays));
  if (filters.remote) parts.push(t.summary.remote);
  if (filters.q) parts.push(t.summary.query(filters.q));
  // A filter without words here yet (one the catalogue gained later) still makes a filtered search.
  const name = parts.join(t.summary.separator) || (savedQueryOf(filters) ? t.summary.filtered : t.summary.all);
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}
