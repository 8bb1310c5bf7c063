import { z } from "zod";
import { de } from "~/i18n/de";
import { PRICE_UNITS } from "~/features/orders/limits";
import { ordersDe } from "~/i18n/orders.de";
import { listingFactsDe } from "~/i18n/listing-facts.de";
import { CREATE_CATEGORIES, EDIT_CATEGORIES, SERVICE_CATEGORIES } from "./categories";
import { DELIVERY_DAYS_MAX, WORK_CITY_MAX, WORK_PLACES } from "./listing-facts";
import { parsePriceInput } from "./price-input";

// The create and edit forms' schemas (Zod: the forms and the actions). The list's URL filters
// are in ./filters, without Zod, so that the public catalogue page does not ship it.

export const SERVICE_TITLE_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const SERVICE_PRICE_MAX = 1_000_000;

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

/** Festpreis or per hour/day/month; never required (a form without it keeps Festpreis, or the unit it had). */
const priceUnit = z.enum(PRICE_UNITS, { message: ordersDe.priceUnitInvalid }).optional();

const factsText = listingFactsDe.form;

/**
 * Delivery time in whole days (1–365); an empty field is "nach Vereinbarung" (null). Never required:
 * absent, it stays as it was (edit) or becomes "nach Vereinbarung" (create).
 */
const deliveryDays = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : v),
  z
    .string({ message: factsText.deliveryInvalid })
    .trim()
    .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= DELIVERY_DAYS_MAX), { message: factsText.deliveryInvalid })
    .transform((v) => (v === "" ? null : Number(v)))
    .optional(),
);

const workPlace = z.enum(WORK_PLACES, { message: factsText.workPlaceInvalid }).optional();

/** The city of work on site: runs of white space become one space, trimmed; checked with the place below. */
const workCity = z
  .string()
  .optional()
  .transform((v) => (v ?? "").replace(/\s+/g, " ").trim());

/**
 * A city is required for vor Ort and for both; a remote service has none (a city typed before
 * choosing "Remote" is dropped, editing.server.ts). Without a place in the form, neither changes.
 */
function checkWorkCity(values: { workPlace?: string; workCity: string }, ctx: z.RefinementCtx) {
  if (values.workPlace === undefined || values.workPlace === "remote") return;
  const city = values.workCity;
  const message = !city
    ? factsText.workCityRequired
    : city.length > WORK_CITY_MAX
      ? factsText.workCityTooLong
      : /\p{Cc}|\p{Cf}/u.test(city)
        ? factsText.workCityInvalid
        : null;
  if (message) ctx.addIssue({ code: "custom", path: ["workCity"], message });
}

/**
 * The city is checked together with the other fields, not only once they are all valid (Zod's
 * default for a refinement of the whole form): one submission names every mistake. It needs only
 * the place and the city to have parsed.
 */
const withPlaceAndCity = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === "object" && payload.value !== null && !payload.issues.some((issue) => issue.path?.[0] === "workPlace" || issue.path?.[0] === "workCity"),
};

/**
 * The typed price as a number (./price-input: German "49,90" and "1.250", or "1250.50"); NaN
 * when it is not one unambiguous number.
 */
function parsePrice(raw: string): number {
  return parsePriceInput(raw) ?? Number.NaN;
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
  priceUnit: priceUnit.default("fixed"),
  deliveryDays: deliveryDays.transform((v) => v ?? null),
  workPlace: workPlace.default("remote"),
  workCity,
  category: z.enum(CREATE_CATEGORIES, { message: de.services.form.categoryRequired }),
}).superRefine(checkWorkCity, withPlaceAndCity);
export type CreateServiceInput = z.infer<typeof createServiceSchema>;

/**
 * Edit: title and price required; a price that is not a number becomes 0 (spec section 5), one
 * that has digits but no unambiguous amount is refused.
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
      // Text without a digit ("kostenlos") is the spec's non-numeric price: 0. Digits that do not
      // read as one amount ("1,250.00", "0.500") are refused like on create, never guessed.
      .transform((raw) => (/\d/.test(raw) ? parsePrice(raw) : 0))
      .pipe(z.number({ message: de.services.form.priceNumeric }).refine(Number.isFinite, { message: de.services.form.priceNumeric }))
      .pipe(priceValue),
    priceUnit,
    deliveryDays,
    workPlace,
    workCity,
    category: z.string().refine((c) => allowed.includes(c), { message: de.services.form.categoryRequired }),
  }).superRefine(checkWorkCity, withPlaceAndCity);
}
export type EditServiceInput = z.infer<ReturnType<typeof editServiceSchema>>;
