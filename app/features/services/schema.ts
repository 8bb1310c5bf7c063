import { z } from "zod";
import { de } from "~/i18n/de";
import { pageNumber } from "~/lib/utils";
import { CREATE_CATEGORIES, EDIT_CATEGORIES, SERVICE_CATEGORIES } from "./categories";

export const SERVICE_TITLE_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const SERVICE_PRICE_MAX = 1_000_000;
export const PRICE_SLIDER = { min: 0, max: 1000, step: 10 } as const;
export const RATING_SLIDER = { min: 0, max: 5, step: 0.5 } as const;
export const SORT_OPTIONS = ["newest", "rating", "price-low", "price-high", "views"] as const;
export type ServiceSort = (typeof SORT_OPTIONS)[number];
export const PAGE_SIZE = 24;

const title = z
  .string({ message: de.services.form.titleRequired })
  .trim()
  .min(1, { message: de.services.form.titleRequired })
  .max(SERVICE_TITLE_MAX, { message: de.services.form.titleTooLong });

const description = z
  .string()
  .optional()
  .default("")
  .transform((v) => v.trim())
  .pipe(z.string().max(SERVICE_DESCRIPTION_MAX, { message: de.services.form.descriptionTooLong }));

/** A price in euros with at most two decimals, as the exact string numeric(10,2) stores. */
const priceValue = z
  .number()
  .min(0, { message: de.services.form.priceMin })
  .max(SERVICE_PRICE_MAX, { message: de.services.form.priceMax })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: de.services.form.priceStep })
  .transform((v) => v.toFixed(2));

/** Accepts "49.90" and the German "49,90". */
function parsePrice(raw: string): number {
  return Number(raw.trim().replace(/\s/g, "").replace(",", "."));
}

// Create: the price is required and must be a number (spec section 5).
export const createServiceSchema = z.object({
  title,
  description,
  price: z
    .string({ message: de.services.form.priceRequired })
    .trim()
    .min(1, { message: de.services.form.priceRequired })
    .transform(parsePrice)
    .pipe(z.number({ message: de.services.form.priceNumeric }).refine(Number.isFinite, { message: de.services.form.priceNumeric }))
    .pipe(priceValue),
  category: z.enum(CREATE_CATEGORIES, { message: de.services.form.categoryRequired }),
});
export type CreateServiceInput = z.infer<typeof createServiceSchema>;

/**
 * Edit: title and price required; a price that is not a number becomes 0 (spec section 5).
 * The category list is the edit list, plus the service's current category so that editing
 * a service created under a create-only category does not force a change.
 */
export function editServiceSchema(currentCategory: string) {
  const allowed = [...new Set<string>([...EDIT_CATEGORIES, currentCategory])].filter((c) => SERVICE_CATEGORIES.includes(c));
  return z.object({
    title,
    description,
    price: z
      .string({ message: de.services.form.priceRequired })
      .trim()
      .min(1, { message: de.services.form.priceRequired })
      .transform((raw) => {
        const value = parsePrice(raw);
        return Number.isFinite(value) ? value : 0;
      })
      .pipe(priceValue),
    category: z.string().refine((c) => allowed.includes(c), { message: de.services.form.categoryRequired }),
  });
}
export type EditServiceInput = z.infer<ReturnType<typeof editServiceSchema>>;

function clampNumber(min: number, max: number, fallback: number, step: number) {
  return z
    .string()
    .optional()
    .transform((raw) => {
      const value = raw === undefined || raw === "" ? fallback : Number(raw);
      if (!Number.isFinite(value)) return fallback;
      const stepped = Math.round(value / step) * step;
      return Math.min(max, Math.max(min, stepped));
    });
}

/** The list's state lives in the URL; anything unusable falls back to the default. */
export const serviceFiltersSchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 100)),
  category: z
    .string()
    .optional()
    .transform((v) => (v && SERVICE_CATEGORIES.includes(v) ? v : "")),
  minPrice: clampNumber(PRICE_SLIDER.min, PRICE_SLIDER.max, PRICE_SLIDER.min, PRICE_SLIDER.step),
  maxPrice: clampNumber(PRICE_SLIDER.min, PRICE_SLIDER.max, PRICE_SLIDER.max, PRICE_SLIDER.step),
  minRating: clampNumber(RATING_SLIDER.min, RATING_SLIDER.max, RATING_SLIDER.min, RATING_SLIDER.step),
  sort: z
    .string()
    .optional()
    .transform((v): ServiceSort => ((SORT_OPTIONS as readonly string[]).includes(v ?? "") ? (v as ServiceSort) : "newest")),
  page: z.string().optional().transform(pageNumber),
});
export type ServiceFilters = z.infer<typeof serviceFiltersSchema>;

export function parseServiceFilters(params: URLSearchParams): ServiceFilters {
  const filters = serviceFiltersSchema.parse(Object.fromEntries(params));
  if (filters.minPrice > filters.maxPrice) [filters.minPrice, filters.maxPrice] = [filters.maxPrice, filters.minPrice];
  return filters;
}

export function hasActiveFilters(f: ServiceFilters): boolean {
  return Boolean(f.q || f.category || f.minPrice > PRICE_SLIDER.min || f.maxPrice < PRICE_SLIDER.max || f.minRating > 0 || f.sort !== "newest");
}

/** The URL query of a filter state, without defaults (short, shareable links). */
export function filtersToSearch(f: Partial<ServiceFilters>): string {
  const params = new URLSearchParams();
  if (f.q) params.set("q", f.q);
  if (f.category) params.set("category", f.category);
  if (f.minPrice !== undefined && f.minPrice > PRICE_SLIDER.min) params.set("minPrice", String(f.minPrice));
  if (f.maxPrice !== undefined && f.maxPrice < PRICE_SLIDER.max) params.set("maxPrice", String(f.maxPrice));
  if (f.minRating) params.set("minRating", String(f.minRating));
  if (f.sort && f.sort !== "newest") params.set("sort", f.sort);
  if (f.page && f.page > 1) params.set("page", String(f.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
