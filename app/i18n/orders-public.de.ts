import type { PriceUnit } from "~/features/orders/limits";

/**
 * The order texts public pages show (the navigation, service cards and the service page): a module
 * of its own, so that those pages do not ship the whole order catalogue (orders.de.ts).
 */
export const ordersPublicDe = {
  /** The navigation's link to /orders (the shell of every page). */
  nav: "Aufträge",
  /** How a price is meant. */
  unit: {
    fixed: "Festpreis",
    hour: "pro Stunde",
    day: "pro Tag",
    month: "pro Monat",
  } satisfies Record<PriceUnit, string>,
  bookButton: "Jetzt beauftragen",
};
