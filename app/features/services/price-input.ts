/**
 * A price as a provider types it into the service form (a text field: a number field lets the
 * browser drop the comma of "49,90" and read "1.250" as 1,25 before the server sees the text).
 *
 * Read the German way, and only where that is unambiguous:
 * - the comma is the decimal separator: "49,90" is 49.90;
 * - a dot before a comma, or dots each followed by exactly three digits, separate thousands:
 *   "1.250" and "1.250,00" are 1250, "1.250.000" is 1250000;
 * - without a comma, a dot followed by one, two or more than three digits is a decimal point:
 *   "1250.50" is 1250.50 ("1.2345" is read as 1.2345 and refused for its decimals by the schema);
 * - spaces (also as thousands separators) and one euro sign at either end are ignored.
 * Anything else is null: letters, several commas, "1,250.00", and dots that could be read either
 * way ("0.500", "1250.000", "1.25.0").
 */
export function parsePriceInput(raw: string): number | null {
  const text = raw.replace(/\s/g, "").replace(/^€|€$/g, "");
  const match = /^(-?)(.+)$/.exec(text);
  if (!match) return null;
  const [, sign, body] = match as unknown as [string, string, string];
  const digits = readDigits(body);
  return digits === null ? null : Number(`${sign}${digits}`);
}

/** The amount as a plain "1250.5" (what Number reads), or null. */
function readDigits(body: string): string | null {
  if (/^\d+$/.test(body)) return body;
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d*),(\d+)$/.exec(body);
  if (comma) return `${comma[1]!.replaceAll(".", "") || "0"}.${comma[2]}`;
  if (body.includes(",")) return null;
  if (/^[1-9]\d{0,2}(?:\.\d{3})+$/.test(body)) return body.replaceAll(".", "");
  if (/^\d*\.(?:\d{1,2}|\d{4,})$/.test(body)) return body.startsWith(".") ? `0${body}` : body;
  return null;
}

/** A stored price ("1250.00") as the form shows it for editing: "1250,00". */
export function formatPriceInput(value: string | number): string {
  const amount = Number(value);
  return Number.isFinite(amount) ? amount.toFixed(2).replace(".", ",") : String(value);
}
