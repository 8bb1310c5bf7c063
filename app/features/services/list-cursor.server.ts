/**
 * The catalogue's cursors (`?after=…` / `?before=…`, catalogue.server.ts): the sort key of one row
 * of the list, so that the next page starts right after it (an index range scan) instead of skipping
 * an offset. A cursor is base64url-encoded JSON — opaque to the visitor, URL-safe, and checked value
 * by value on the way back in: whatever arrives in a URL reaches PostgreSQL only as a value it can
 * read, and anything else makes the list fall back to its first page (never an error).
 */

import { isUuid } from "~/lib/ids";
import { isCursorToken } from "./filters";

/** What a cursor value is; each kind is bound to the statement with a matching cast. */
export type CursorValueKind =
  /** `true` / `false` (is_featured). */
  | "boolean"
  /** A timestamp as whole microseconds since 1970 (exact: PostgreSQL keeps microseconds, JS dates do not). */
  | "micros"
  /** A numeric(…, 2) as PostgreSQL prints it (price, rating_avg). */
  | "decimal"
  /** A non-negative integer column (views, rating_count). */
  | "integer"
  /** A text-search rank (a `real`) as PostgreSQL prints it as double precision: exact both ways. */
  | "rank"
  /** The row id. */
  | "uuid";

const INT4_MAX = 2_147_483_647;

const valid: Record<CursorValueKind, (value: string) => boolean> = {
  boolean: (v) => v === "true" || v === "false",
  micros: (v) => /^-?\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v)),
  decimal: (v) => /^\d{1,8}\.\d{2}$/.test(v),
  integer: (v) => /^\d{1,10}$/.test(v) && Number(v) <= INT4_MAX,
  // float4in refuses what over- or underflows a real; a rank is never negative (at least 1e-20).
  rank: (v) => {
    if (!/^\d+(\.\d+)?(e[+-]?\d+)?$/i.test(v) || v.length > 32) return false;
    const n = Number(v);
    return n === 0 ? /^0+(\.0+)?(e[+-]?\d+)?$/i.test(v) : n >= 1e-37 && n <= 1e37;
  },
  uuid: (v) => isUuid(v),
};

/** The cursor of a row: `tag` names the order it belongs to (the sort, and whether ranked by a search). */
export function encodeCursor(tag: string, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([tag, ...values]), "utf8").toString("base64url");
}

/**
 * The values of a cursor made by encodeCursor for the same `tag` and value kinds, or null for
 * anything else: another sort's cursor, a cut or edited token, values PostgreSQL could not read.
 */
export function decodeCursor(token: string, tag: string, kinds: readonly CursorValueKind[]): string[] | null {
  if (!isCursorToken(token)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== kinds.length + 1 || decoded[0] !== tag) return null;
  const values = decoded.slice(1);
  if (!values.every((value, i): value is string => typeof value === "string" && valid[kinds[i]!](value))) return null;
  return values;
}

/** Whether a cursor token was made for the order `tag` (its values unchecked). */
export function cursorTagged(token: string, tag: string): boolean {
  if (!isCursorToken(token)) return false;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    return Array.isArray(decoded) && decoded[0] === tag;
  } catch {
    return false;
  }
}
