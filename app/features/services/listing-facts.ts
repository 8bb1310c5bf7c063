// Delivery time and place of work of a service: values shared by the schema, the forms, the URL
// filters and the screens (no server or Zod imports: the public catalogue page ships this).

/** Where the work happens: remote, on site (vor Ort, in a city) or both. */
export const WORK_PLACES = ["remote", "onsite", "both"] as const;
export type WorkPlace = (typeof WORK_PLACES)[number];

export const DELIVERY_DAYS_MAX = 365;
export const WORK_CITY_MAX = 80;

/** The choices of the catalogue's "Lieferzeit bis N Tage" filter. */
export const DELIVERY_FILTER_DAYS = [1, 3, 7, 14, 30] as const;

export function isWorkPlace(value: unknown): value is WorkPlace {
  return typeof value === "string" && (WORK_PLACES as readonly string[]).includes(value);
}
