import { format } from "date-fns";
import { de as deLocale } from "date-fns/locale";

const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** "1800.00" → "1.800,00 €" (money arrives as the exact numeric string). */
export function formatPrice(value: string | number): string {
  return euro.format(Number(value));
}

/** "4.50" → "4,5" */
export function formatRating(value: string | number): string {
  return Number(value).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function formatDate(value: Date | string, pattern = "d. MMMM yyyy"): string {
  return format(new Date(value), pattern, { locale: deLocale });
}

/** Up to two initials for an avatar fallback. */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const letters = [firstName, lastName].map((part) => part?.trim()?.[0] ?? "").join("");
  return letters.toUpperCase().slice(0, 2) || "?";
}

export const UNKNOWN_USER = "Unknown User";

export function displayName(firstName?: string | null, lastName?: string | null): string {
  const name = [firstName, lastName].map((p) => p?.trim()).filter(Boolean).join(" ");
  return name || UNKNOWN_USER;
}
