// What the catalogue benchmark asks for: the fixed query mix, many varied filter sets (so that
// count caches miss as in real traffic), and the deep page reached by walking cursors when the
// catalogue offers them (feature-detected: keyset paging may or may not be there).
import { performance } from "node:perf_hooks";
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { desc, eq } from "drizzle-orm";
import { services } from "~/db/schema";
import { listServices, offsetPages, type CountCache } from "~/features/services/catalogue.server";
import { neighbourPages, parseServiceFilters, SORT_OPTIONS } from "~/features/services/filters";
import type { Database } from "~/lib/db.server";
import { seeded } from "./load-config";

/** The mix of list queries: every filter, every sort, a search term, and one combination. */
export const QUERIES: { name: string; search: string }[] = [
  { name: "no filter (newest)", search: "" },
  { name: "category", search: "category=Design" },
  { name: "price range", search: "minPrice=100&maxPrice=300" },
  { name: "min rating", search: "minRating=4" },
  { name: "sort rating", search: "sort=rating" },
  { name: "sort price-low", search: "sort=price-low" },
  { name: "sort price-high", search: "sort=price-high" },
  { name: "sort views", search: "sort=views" },
  { name: "search", search: "q=Logo" },
  { name: "combined", search: "category=Web+Development&minPrice=50&maxPrice=500&sort=price-low" },
];

/**
 * The forgiving search (ADR 017) on the generated titles: a typo whose exact search finds nothing
 * ("Logoo": widened to "logo"), a compound part inside a word ("montage": "Möbelmontage"), and a
 * deep page of the widened list; then the texts typed into the box for the suggestions.
 */
export const FORGIVING_SEARCHES: { name: string; query: string }[] = [
  { name: "fuzzy search (typo)", query: "q=Logoo" },
  { name: "compound part", query: "q=montage" },
  { name: "fuzzy + paging", query: "q=Logoo&page=50" },
];
export const SUGGESTION_TEXTS = ["Lo", "Log", "Logo", "web", "Webs", "Webseit", "mont", "Hundebetreung", "Nachhilfe Ma", "Steu", "Fotog", "xq"];

/** Search with paging: page 100 of a search (24 per page: offset 2,376 of its ~4,900 matches). */
export const SEARCH_PAGING = "q=Logo&page=100";
/**
 * The deep page by number: page 4,001 of the unfiltered list (offset 96,000). Page numbers reach
 * the counted pages only (`offsetPages`: 417 of 24), so the list answers with page 417 (offset
 * 9,984, the deepest offset it reads); position 96,000 is reached by cursor (walkCursors).
 */
export const DEEP_OFFSET = "page=4001";
export const DEEP_POSITION = 96_000;

const PRICE_RANGES: [number | null, number | null][] = [
  [null, null],
  [null, 50],
  [50, 200],
  [100, 300],
  [200, null],
  [500, null],
];
const MIN_RATINGS = [0, 3, 4, 4.5];
const TERMS = ["", "Logo", "Webseite", "Nachhilfe", "Berlin"];

/**
 * Varied filter sets: no category or one of the nine × 6 price ranges × 4 minimum ratings ×
 * 5 search texts (none or one word) × 5 sorts = 6,000 URLs, 1,200 different counts; in a
 * seeded shuffled order, so that consecutive requests rarely share a count.
 */
export function variedQueries(seed = 16): string[] {
  const out: string[] = [];
  for (const category of ["", ...SERVICE_CATEGORIES]) {
    for (const [min, max] of PRICE_RANGES) {
      for (const rating of MIN_RATINGS) {
        for (const q of TERMS) {
          for (const sort of SORT_OPTIONS) {
            const p = new URLSearchParams();
            if (q) p.set("q", q);
            if (category) p.set("category", category);
            if (min !== null) p.set("minPrice", String(min));
            if (max !== null) p.set("maxPrice", String(max));
            if (rating) p.set("minRating", String(rating));
            if (sort !== "newest") p.set("sort", sort);
            out.push(p.toString());
          }
        }
      }
    }
  }
  const random = seeded(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What the count of a query depends on (its filters, not the sort or the page), as a key. */
export function countKey(search: string): string {
  const { sort: _sort, page: _page, ...rest } = parseServiceFilters(new URLSearchParams(search));
  return JSON.stringify(rest);
}

/** A cycle through `items`, shared by whoever calls it; `used` says how many were handed out. */
export function cycle<T>(items: readonly T[]): { next: () => T; used: () => number } {
  let i = 0;
  return { next: () => items[i++ % items.length]!, used: () => i };
}

/** Of the first `n` queries of a cycle through `queries`: how many distinct counts, and how many repeated an earlier count. */
export function countRepeats(queries: readonly string[], n: number): { requests: number; distinctCounts: number; repeatedCounts: number } {
  const seen = new Set<string>();
  let repeated = 0;
  for (let i = 0; i < n; i++) {
    const key = countKey(queries[i % queries.length]!);
    if (seen.has(key)) repeated++;
    else seen.add(key);
  }
  return { requests: n, distinctCounts: seen.size, repeatedCounts: repeated };
}

/** Where listServices' result gives the next page's cursor, and how the URL carries it. */
export interface CursorWay {
  /** The result's field holding the cursor (e.g. "nextCursor"). */
  field: string;
  /** The URL parameter parseServiceFilters reads it from (e.g. "after"), or "query" when the field is a whole query string. */
  param: string;
}

/** How the catalogue pages by cursor: `nextCursor` of listServices' result, as `after=` beside the page number. */
const CURSOR_WAY: CursorWay = { field: "nextCursor", param: "after" };

/** The next page's query (without "?"), built as the page's own "Weiter" link is (neighbourPages), or null at the end. */
function nextQuery(result: { page: number; nextCursor: string | null; prevCursor: string | null }, base: string): string | null {
  if (!result.nextCursor) return null;
  return neighbourPages(parseServiceFilters(new URLSearchParams(base)), result).next.replace(/^\?/, "");
}

export type CursorWalk =
  | { supported: false; reason: string }
  | {
      supported: true;
      way: CursorWay;
      /** Pages read to get there (listServices calls) and how long that took. */
      steps: number;
      seconds: number;
      /** The position (0-based offset) of the deep page's first row. */
      position: number;
      /** The deep page's query, to time it by SQL and HTTP. */
      query: string;
      /** Whether the deep page's first row is the first row of the offset page at the same position. */
      sameFirstRowAsOffset: boolean | null;
    };

/**
 * Walks the unfiltered list from the first page by the result's next-page cursor until `target`
 * rows lie behind, once, during set-up; returns the query of the page there. Gives up (reported)
 * after `maxSeconds`. Without a cursor in the result the walk reports "not supported".
 */
export async function walkCursors(db: Database, target: number, maxSeconds: number, counts: CountCache, base = ""): Promise<CursorWalk> {
  const started = performance.now();
  let query = base;
  let result = await listServices(db, parseServiceFilters(new URLSearchParams(query)), undefined, counts);
  const first = nextQuery(result, query);
  if (!first) return { supported: false, reason: `the first page of "${base}" has no next-page cursor` };
  const way = CURSOR_WAY;
  let position = result.items.length;
  let steps = 1;
  let next: string | null = first;
  while (next && position < target) {
    if ((performance.now() - started) / 1000 > maxSeconds) {
      return { supported: false, reason: `walking cursors reached only position ${position} of ${target} in ${maxSeconds} s` };
    }
    query = next;
    result = await listServices(db, parseServiceFilters(new URLSearchParams(query)), undefined, counts);
    if (result.items.length === 0) break;
    position += result.items.length;
    steps++;
    next = nextQuery(result, query);
  }
  if (!next || position < target) return { supported: false, reason: `the cursors ended at position ${position}, before ${target}` };
  const deep = await listServices(db, parseServiceFilters(new URLSearchParams(next)), undefined, counts);
  const pageSize = deep.pageSize || 24;
  let sameFirstRowAsOffset: boolean | null = null;
  if (position % pageSize === 0) {
    const page = position / pageSize + 1;
    let firstByOffset: string | undefined | null = null;
    if (page <= offsetPages(pageSize)) {
      const byOffset = await listServices(db, parseServiceFilters(new URLSearchParams(`${base ? `${base}&` : ""}page=${page}`)), undefined, counts);
      firstByOffset = byOffset.items[0]?.id;
    } else if (!base) {
      // Page numbers stop at the counted pages: the unfiltered list's row there, by offset in SQL.
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.listed, true))
        .orderBy(desc(services.isFeatured), desc(services.createdAt), desc(services.id))
        .offset(position)
        .limit(1);
      firstByOffset = row?.id;
    }
    if (firstByOffset !== null) sameFirstRowAsOffset = deep.items[0]?.id !== undefined && deep.items[0]?.id === firstByOffset;
  }
  return { supported: true, way, steps, seconds: Math.round((performance.now() - started) / 100) / 10, position, query: next, sameFirstRowAsOffset };
}
