/**
 * Money in whole cents (numbers are exact up to 2^53 cents). The database keeps numeric(…, 2)
 * strings; arithmetic happens here, never in floating-point euros.
 */

/** "1234.5" or "1234.50" → 123450 */
export function toCents(value: string | number): number {
  const [whole = "0", fraction = ""] = String(value).split(".");
  const sign = whole.startsWith("-") ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number((fraction + "00").slice(0, 2)));
}

/** 123450 → "1234.50" */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** unit price × quantity (two decimals each), rounded half up to a cent. */
export function lineTotal(unitPrice: string, quantity: string): number {
  const hundredths = toCents(quantity);
  return Math.round((toCents(unitPrice) * hundredths) / 100);
}

export interface InvoiceAmounts {
  net: number;
  vat: number;
  gross: number;
  /** 0 under §19 UStG. */
  vatRate: number;
}

/**
 * A listed price is a final price including VAT (what consumers are shown, PAngV): the gross is
 * the order's total and the net and VAT are taken out of it. A small business (§19 UStG) charges
 * no VAT: net = gross.
 */
export function splitGross(grossCents: number, vatRate: number, smallBusiness: boolean): InvoiceAmounts {
  if (smallBusiness) return { net: grossCents, vat: 0, gross: grossCents, vatRate: 0 };
  const net = Math.round((grossCents * 100) / (100 + vatRate));
  return { net, vat: grossCents - net, gross: grossCents, vatRate };
}
