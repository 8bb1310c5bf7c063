const euro = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });

/** "1800.00" → "1.800,00 €" (money arrives as the exact numeric string). */
export function formatPrice(value: string | number): string {
  return euro.format(Number(value));
}

/** "4.50" → "4,5" */
export function formatRating(value: string | number): string {
  return Number(value).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/**
 * Dates in German, always in Germany's time zone: the server renders and the
 * browser hydrates the same text wherever either runs.
 */
const dateFormats = {
  /** 18. August 2026 */
  date: new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }),
  /** Montag, 3. November 2026 */
  weekdayDate: new Intl.DateTimeFormat("de-DE", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }),
  /** 18.08.2026 */
  numeric: new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }),
  /** August 2026 */
  monthYear: new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" }),
  /** 11.10.2026, 05:54 */
  dateTime: new Intl.DateTimeFormat("de-DE", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
  }),
};

export function formatDate(value: Date | string, style: keyof typeof dateFormats = "date"): string {
  return dateFormats[style].format(new Date(value));
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
/** A file size as the live chat shows it: Bytes, KB, MB or GB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${units[unit]}`;
}

const berlin = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("de-DE", { ...options, timeZone: "Europe/Berlin" });
const timeFormat = berlin({ hour: "2-digit", minute: "2-digit" });
const weekdayFormat = berlin({ weekday: "long" });
const monthDayFormat = berlin({ day: "numeric", month: "short" });
const stampFormat = berlin({ day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });

/** A message's time: HH:mm. */
export function formatTime(value: Date | string): string {
  return timeFormat.format(new Date(value));
}

/** The live chat list's time: dd.MM.yyyy HH:mm. */
export function formatChatStamp(value: Date | string): string {
  return stampFormat.format(new Date(value)).replace(",", "");
}

/** The service chat list's time: under 24 h the time, under 168 h the weekday, else month and day. */
export function formatChatListTime(value: Date | string, now: Date = new Date()): string {
  const date = new Date(value);
  const hours = (now.getTime() - date.getTime()) / 3_600_000;
  if (hours < 24) return timeFormat.format(date);
  if (hours < 168) return weekdayFormat.format(date);
  return monthDayFormat.format(date);
}
