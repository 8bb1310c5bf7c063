import { ordersDe as t } from "~/i18n/orders.de";
import { QUANTITY_MAX, type PriceUnit } from "./limits";

/** An order's quantity as a German number: "1.50" → "1,5". */
export function quantityNumber(quantity: string): string {
  return Number(quantity).toLocaleString("de-DE", { maximumFractionDigits: 2 });
}

/** An order's quantity with its unit, as the order page and the invoice show it: "8 Stunden", "1,5 Tage". */
export function quantityText(priceUnit: PriceUnit, quantity: string): string {
  return t.quantityUnit[priceUnit](quantityNumber(quantity));
}

/**
 * A typed quantity as the order stores it ("1,5" → "1.5"), or null when it is not one: at least
 * 0.25, at most QUANTITY_MAX, two decimals at most. Empty means one. The booking form computes its
 * total with the same rule the server checks, so it never shows a total the server would refuse.
 */
export function parseQuantity(typed: string): string | null {
  const value = typed.trim();
  if (!value) return "1";
  const normalized = value.replace(",", ".");
  const n = Number(normalized);
  if (!/^\d+(\.\d{1,2})?$/.test(normalized) || !(n >= 0.25) || n > QUANTITY_MAX) return null;
  return n.toFixed(2).replace(/\.?0+$/, "");
}
