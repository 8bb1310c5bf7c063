/** The highest `?page=` any list accepts. */
export const MAX_PAGE = 10_000;

/** A `?page=` value: a whole number from 1 to MAX_PAGE, anything else is page 1 (never an error). */
export function pageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}
