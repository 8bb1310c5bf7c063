import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins Tailwind class names, letting later utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (row ids in URLs and forms; anything else is "not found", never a 500). */
export function isUuid(id: string | null | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

/** The highest `?page=` any list accepts. */
export const MAX_PAGE = 10_000;

/** A `?page=` value: a whole number from 1 to MAX_PAGE, anything else is page 1 (never an error). */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}
