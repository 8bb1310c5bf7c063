/** Values of the order model shared by the schema, the server and the screens (no server imports here). */

export const ORDER_STATUSES = ["requested", "in_progress", "delivered", "completed", "declined", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders that still need someone to act. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["requested", "in_progress", "delivered"];

export const ORDER_EVENT_KINDS = [
  "requested",
  "accepted",
  "declined",
  "withdrawn",
  "delivered",
  "revision_requested",
  "completed",
  "auto_completed",
  "invoice_issued",
  "invoice_paid",
  "account_deleted",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** How a service's price is meant: once, or per hour, day or month (then the order has a quantity). */
export const PRICE_UNITS = ["fixed", "hour", "day", "month"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const VAT_RATES = [19, 7] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const REQUIREMENTS_MAX = 2000;
export const NOTE_MAX = 2000;
/** Most files one delivery carries (each up to the attachment limit, 10 MB; the upload ceiling is 32 MB). */
export const DELIVERY_FILES_MAX = 3;
/** The delivery form's field for its files (a refusal of them is shown there). */
export const DELIVERY_FILES_FIELD = "files";
/** A delivered order the buyer does not answer is completed after this many days. */
export const AUTO_COMPLETE_DAYS = 7;
export const QUANTITY_MAX = 10_000;
export const ORDERS_PAGE_SIZE = 20;
