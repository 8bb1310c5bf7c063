import { ordersDe as t } from "~/i18n/orders.de";
import type { PriceUnit } from "./limits";

/** An order's quantity as a German number: "1.50" → "1,5". */
export function quantityNumber(quantity: string): string {
  return Number(quantity).toLocaleString("de-DE", { maximumFractionDigits: 2 });
}

/** An order's quantity with its unit, as the order page and the invoice show it: "8 Stunden", "1,5 Tage". */
export function quantityText(priceUnit: PriceUnit, quantity: string): string {
  return t.quantityUnit[priceUnit](quantityNumber(quantity));
}
