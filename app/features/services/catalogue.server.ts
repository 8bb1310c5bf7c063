import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { profiles, services, serviceTerms } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { MAX_PAGE } from "~/lib/paging";
import { PAGE_SIZE, PRICE_SLIDER, type ServiceFilters, type ServiceSort } from "./filters";
import { cursorTagged, decodeCursor, encodeCursor, type CursorValueKind } from "./list-cursor.server";
import { correctedSearch, nearWords, rememberedCorrection, rememberedNearWords, THIN_RESULT } from "./forgiving-search.server";
import { searchQuery, type SearchTerms } from "./search-query";
import { mergedTermsOf } from "./search-terms.server";
import { cardColumns, toCard, type CardRow, type ServiceCard } from "./service-card.server";
import { isServiceId } from "./service-id";

/**
 * Counting stops here: an exact count of a huge match reads every matching index entry,
 * and nobody pages through 400+ pages; past the cap the list says "Mehr als 10.000".
 */
export const COUNT_CAP = 10_000;

/**
 * The deepest page a page number alone reaches: the last of the counted pages. Past the count a
 * list goes on by "Weiter" (a cursor: an index range scan however deep); a page number there
 * would make PostgreSQL step over every row before it (page 4,001 read 96,000 index entries, about
 * 5 ms of CPU per request, and any URL could ask for it).
 */
export const offsetPages = (pageSize: number) => Math.max(1, Math.ceil(COUNT_CAP / pageSize));

export interface ServiceListResult {
  items: ServiceCard[];
  /** Exact up to COUNT_CAP; `totalCapped` says when there are more. */
  total: number;
  totalCapped: boolean;
  page: number;
  /** Pages of the counted matches; with a capped count there may be more (see `hasNext`). */
  pageCount: number;
  hasNext: boolean;
  pageSize: number;
  /** The last card's cursor, for the next page's link (`?after=`); null without a next page. */
  nextCursor: string | null;
  /** The first card's cursor, for the previous page's link (`?before=`); null on page 1. */
  prevCursor: string | null;
  /** "Meinten Sie …?": a search text that finds something, when this search found nothing. */
  didYouMean: string | null;
}

/** Counts of the catalogue by filter set, kept briefly (see catalogCounts). */
export interface CountCache {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
  clear(): void;
}

export function createCountCache({ ttlMs = 30_000, maxEntries = 2_000 } = {}): CountCache {
  const entries = new Map<string, { value: number; at: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (Date.now() - hit.at >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at: Date.now() });
    },
    clear() {
      entries.clear();
    },
  };
}

const globalForCounts = globalThis as unknown as { __catalogCounts?: CountCache };

/**
 * The process's catalogue counts. Counting the matches (up to COUNT_CAP index entries, or a
 * bitmap scan for a search) is most of what a list costs, while the number only changes when
 * services or ratings do; the count of a filter set (whatever the sort or page) is therefore
 * reused for 30 s. Any write handled by this process clears it, but for writes that change no
 * list (view counters, chat, …: routes with `pageCache: "unaffected"`, ADR 009); other processes
 * show a changed count within the 30 s.
 */
export function catalogCounts(): CountCache {
  globalForCounts.__catalogCounts ??= createCountCache();
  return globalForCounts.__catalogCounts;
}

/**
 * What a list statement's SQL depends on: which filters are set and the sort — not their
 * values, which are bound as parameters. There are at most 2^7 × 5 = 640 shapes.
 */
interface ListShape {
  sort: ServiceSort;
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  minRating: boolean;
  /** "Lieferzeit bis N Tage" and "Nur remote". */
  maxDays: boolean;
  remote: boolean;
  search: boolean;
  /**
   * A forgiving search (ADR 017): `tsquery` is widened with known words near the typed ones, and
   * the exact matches (`exactTsquery`) come first, before the sort's order.
   */
  forgiving: boolean;
}

/**
 * Where a page starts: at a page number (an offset: shallow pages and old links), or right after or
 * before the row a cursor names (an index range scan, whatever the depth). `before` reads the list
 * backwards from the cursor: the page before it.
 */
type Position = { kind: "offset"; page: number } | { kind: "after" | "before"; page: number; cursor: string[] };
type PagingKind = Position["kind"];

/** The values bound to a list statement's placeholders (unused ones are ignored). */
interface ListParams extends Record<string, unknown> {
  category: string | null;
  minPrice: string;
  maxPrice: string;
  minRating: string;
  maxDays: number;
  tsquery: string | null;
  prefix: string | null;
  /** The typed words' own query (a forgiving search only: its matches come first). */
  exactTsquery: string | null;
  /** The rows a page statement returns: one more than a page tells whether another follows. */
  limit: number;
  offset: number;
  /** Counting stops one past the cap. */
  countLimit: number;
  // and the cursor's values, `cursor0` … (one per term of sortTerms), for `after` and `before`.
}

/**
 * Drizzle's `prepare` type asks for a name, which node-postgres turns into a server-side named
 * statement whose plan PostgreSQL may later fix for all values (a generic plan can pick the wrong
 * index for a wide price range). Without a name the statement stays unnamed: built once on the
 * client, planned by PostgreSQL for each call's values.
 */
const UNNAMED = undefined as unknown as string;

type Direction = "asc" | "desc";

/**
 * One column of a list's order. `name` is its column in the page's id query ("page_ids"); `source`
 * the expression it is read from in `services`.
 */
interface OrderTerm {
  name: string;
  source: SQL;
  direction: Direction;
  kind: CursorValueKind;
}

/**
 * Each sort is the column order of one index (schema/services.ts): featured first, the sort key,
 * the id last so that the order is total (a cursor names exactly one row). When searching,
 * relevance breaks ties of the sort key before the id.
 */
const SORT_KEYS: Record<ServiceSort, { keys: { column: AnyPgColumn; direction: Direction; kind: CursorValueKind }[]; id: Direction }> = {
  newest: { keys: [{ column: services.createdAt, direction: "desc", kind: "micros" }], id: "desc" },
  rating: {
    keys: [
      { column: services.ratingAvg, direction: "desc", kind: "decimal" },
      { column: services.ratingCount, direction: "desc", kind: "integer" },
    ],
    id: "desc",
  },
  "price-low": { keys: [{ column: services.price, direction: "asc", kind: "decimal" }], id: "asc" },
  "price-high": { keys: [{ column: services.price, direction: "desc", kind: "decimal" }], id: "desc" },
  views: { keys: [{ column: services.views, direction: "desc", kind: "integer" }], id: "desc" },
};

function sortTerms(sort: ServiceSort, rank: SQL | null, exact: SQL | null = null): OrderTerm[] {
  const { keys, id } = SORT_KEYS[sort];
  return [
    ...(exact ? [{ name: "exact", source: exact, direction: "desc" as const, kind: "boolean" as const }] : []),
    { name: "featured", source: sql`${services.isFeatured}`, direction: "desc", kind: "boolean" },
    ...keys.map(({ column, direction, kind }, i) => ({ name: `k${i}`, source: sql`${column}`, direction, kind })),
    ...(rank ? [{ name: "rank", source: rank, direction: "desc" as const, kind: "rank" as const }] : []),
    { name: "id", source: sql`${services.id}`, direction: id, kind: "uuid" },
  ];
}

/** The cursor's value for term `i`, cast to the column's type. */
function cursorValue(i: number, kind: CursorValueKind): SQL {
  const value = sql.placeholder(`cursor${i}`);
  switch (kind) {
    case "boolean":
      return sql`${value}::boolean`;
    case "micros":
      // Whole microseconds: exact, where a JS date (milliseconds) would not name the row.
      return sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
    case "decimal":
      return sql`${value}::numeric`;
    case "integer":
      return sql`${value}::integer`;
    case "rank":
      // Read as a real: the double printed for it (cursorText) rounds back to exactly that real.
      return sql`${value}::real`;
    case "uuid":
      return sql`${value}::uuid`;
  }
}

/** A term's value as the text a cursor carries (see cursorValue for the way back). */
function cursorText(column: SQL, kind: CursorValueKind): SQL {
  switch (kind) {
    case "micros":
      return sql`(extract(epoch from ${column}) * 1000000)::bigint::text`;
    case "rank":
      // Printed as the double it equals: even with fewer digits (extra_float_digits = 0) it rounds
      // back to the same real, which a real's own shortest form would not.
      return sql`${column}::float8::text`;
    default:
      return sql`${column}::text`;
  }
}

/**
 * `column desc` in the list's order, or reversed for reading backwards from a cursor. The NULLS
 * order matches the indexes (built with .desc(): DESC NULLS LAST; ascending: ASC NULLS LAST, read
 * backwards DESC NULLS FIRST): PostgreSQL only walks an index whose NULLS order matches, even for
 * NOT NULL columns.
 */
function ordered(expression: SQL, direction: Direction, reverse: boolean): SQL {
  const descending = (direction === "desc") !== reverse;
  return sql`${expression} ${sql.raw(descending ? "desc" : "asc")} nulls ${sql.raw(reverse ? "first" : "last")}`;
}

/** The operator for "comes after, in this term's order" (or before, reading backwards). */
const follows = (direction: Direction, reverse: boolean) => sql.raw((direction === "desc") !== reverse ? "<" : ">");

/**
 * Rows that come after the cursor in the order of `terms` (all of one direction) as one row
 * comparison, `(a, b) < ($1, $2)`: an index condition that starts the scan at the cursor.
 */
function rowFollows(terms: { expression: SQL; value: SQL; direction: Direction }[], reverse: boolean): SQL {
  if (new Set(terms.map((t) => t.direction)).size !== 1) throw new Error("a row comparison needs one direction");
  return sql`(${sql.join(
    terms.map((t) => t.expression),
    sql`, `,
  )}) ${follows(terms[0]!.direction, reverse)} (${sql.join(
    terms.map((t) => t.value),
    sql`, `,
  )})`;
}

/** The same for terms of mixed directions, written out: `a < $1 or (a = $1 and (b > $2 or …))`. */
function chainFollows(terms: { expression: SQL; value: SQL; direction: Direction }[], reverse: boolean): SQL {
  const [first, ...rest] = terms;
  const strictly = sql`${first!.expression} ${follows(first!.direction, reverse)} ${first!.value}`;
  return rest.length ? sql`(${strictly} or (${first!.expression} = ${first!.value} and ${chainFollows(rest, reverse)}))` : strictly;
}

const pageIds = (name: string) => sql`${sql.identifier("page_ids")}.${sql.identifier(name)}`;

/** The placeholders `term0` … of a search's terms, as a list of texts. */
const termPlaceholders = (termCount: number) =>
  sql.join(
    Array.from({ length: termCount }, (_, i) => sql`${sql.placeholder(`term${i}`)}::text`),
    sql`, `,
  );

/** The entries' copy of a sort key's column (service_terms carries them under the same names). */
function entryColumnOf(column: AnyPgColumn): "createdAt" | "price" | "ratingAvg" | "ratingCount" {
  if (column === services.createdAt) return "createdAt";
  if (column === services.price) return "price";
  if (column === services.ratingAvg) return "ratingAvg";
  if (column === services.ratingCount) return "ratingCount";
  throw new Error(`service_terms carries no copy of ${column.name}`);
}

/**
 * Whether a shape's best plan is the same whatever its values: no range and no search, only the
 * sort and equalities (a category, "nur remote"). Its pages are then named statements with their
 * limits written out, whose plan PostgreSQL keeps (a generic plan, chosen after five custom ones
 * because it costs the same): no planning per call, which was over half of such a call's time in
 * PostgreSQL (ADR 008). Ranges and searches stay unnamed, planned for their values.
 */
function planIsFixed(shape: ListShape): boolean {
  return !shape.minPrice && !shape.maxPrice && !shape.minRating && !shape.maxDays && !shape.search;
}

function buildListStatements(db: Database, shape: ListShape, shapeKey: string) {
  // The filters, on the services or on the search terms' entries (which carry the same columns).
  const filters = (t: typeof services | typeof serviceTerms) => {
    const on: SQL[] = [];
    if (shape.category) on.push(eq(t.category, sql.placeholder("category")));
    if (shape.minPrice) on.push(gte(t.price, sql.placeholder("minPrice")));
    if (shape.maxPrice) on.push(lte(t.price, sql.placeholder("maxPrice")));
    if (shape.minRating) on.push(gte(t.ratingAvg, sql.placeholder("minRating")));
    // "Nach Vereinbarung" (null) is never within N days. On services both columns trail the count indexes.
    if (shape.maxDays) on.push(sql`${t.deliveryDays} <= ${sql.placeholder("maxDays")}::smallint`);
    if (shape.remote) on.push(sql`${t.workPlace} in ('remote', 'both')`);
    return on;
  };
  // Removed or suspended services are not listed (ADR 023); every catalogue index holds listed rows only.
  const where: SQL[] = [sql`${services.listed}`, ...filters(services)];
  const tsquery = sql.placeholder("tsquery");
  const prefix = sql.placeholder("prefix");
  // Without a prefix only the first query runs (no notice about an empty query on every search).
  const query = shape.search
    ? sql`(case when ${prefix}::text is null then to_tsquery('german', ${tsquery}) else to_tsquery('german', ${tsquery}) || to_tsquery('german_prefix', ${prefix}) end)`
    : null;
  if (query) where.push(sql`${services.search} @@ ${query}`);
  // A forgiving search lists the matches of the typed words themselves first (exact and stemmed
  // before near spellings and compound parts), each part in the sort's order.
  const exactTsquery = sql.placeholder("exactTsquery");
  const exact = shape.forgiving
    ? sql`(${services.search} @@ (case when ${prefix}::text is null then to_tsquery('german', ${exactTsquery}) else to_tsquery('german', ${exactTsquery}) || to_tsquery('german_prefix', ${prefix}) end))`
    : null;
  const matching = (...more: SQL[]) => and(...where, ...more) ?? sql`true`;
  const limit = sql.placeholder("limit");
  const countLimit = sql.placeholder("countLimit");

  const terms = sortTerms(shape.sort, query && sql`ts_rank(${services.search}, ${query})`, exact);
  const columns = sql.join(
    terms.map((t) => sql`${t.source} as ${sql.identifier(t.name)}`),
    sql`, `,
  );
  const orderOf = (reverse: boolean, at: (t: OrderTerm) => SQL = (t) => t.source, of = terms) =>
    sql.join(
      of.map((t) => ordered(at(t), t.direction, reverse)),
      sql`, `,
    );
  const byName = (t: OrderTerm) => sql`${sql.identifier(t.name)}`;
  const at = (at: (t: OrderTerm) => SQL) => terms.map((t, i) => ({ expression: at(t), value: cursorValue(i, t.kind), direction: t.direction }));
  // The terms from featured on (a forgiving search's exact term is ahead of them).
  const [featured, ...afterFeatured] = at((t) => t.source).slice(exact ? 1 : 0);
  const sortKeys = afterFeatured.slice(0, SORT_KEYS[shape.sort].keys.length);
  const [id] = afterFeatured.slice(-1);
  const rank = query ? afterFeatured[sortKeys.length]! : null;

  // Counting reads index entries only: each combination of filters has an index that bounds it
  // with its first column and holds the others (schema/services.ts); a search counts its bitmap.
  const counted = sql`(select 1 from ${services} where ${matching()} limit ${countLimit}) as matching`;
  const countSql = sql<number>`(select count(*)::int from ${counted})`;
  // The same with the cap written out (a named statement's plan must not depend on a value).
  const countSqlFixed = sql<number>`(select count(*)::int from (select 1 from ${services} where ${matching()} limit ${sql.raw(String(COUNT_CAP + 1))}) as matching)`;

  /**
   * The page's ids by walking the sort's index (filters and search checked on the way). Past a
   * cursor the walk starts at it: within the cursor's featured group the row comparison is an
   * index condition; the other group (is_featured is the first column, in the other direction
   * than a price-low key) is a second branch of its own, both merged in order. When searching,
   * rows with the cursor's very sort key are a third branch, ordered by relevance (not in any index).
   */
  function walkIds(kind: PagingKind, rowLimit: SQL = sql`${limit}`): SQL {
    if (exact && kind !== "offset") {
      // No index has the exact term: the matches past the cursor, sorted (a widened search is
      // one whose exact matches were thin; it walks only past COUNT_CAP matches).
      const reverse = kind === "before";
      return sql`select ${columns} from ${services} where ${matching(chainFollows(at((t) => t.source), reverse))} order by ${orderOf(reverse)} limit ${rowLimit}`;
    }
    if (kind === "offset") return sql`select ${columns} from ${services} where ${matching()} order by ${orderOf(false)} limit ${rowLimit} offset ${sql.placeholder("offset")}`;
    const reverse = kind === "before";
    const branches = [
      ...(rank
        ? [
            and(sql`${featured!.expression} = ${featured!.value}`, ...sortKeys.map((k) => sql`${k.expression} = ${k.value}`), chainFollows([rank, id!], reverse))!,
            and(sql`${featured!.expression} = ${featured!.value}`, rowFollows(sortKeys, reverse))!,
          ]
        : [and(sql`${featured!.expression} = ${featured!.value}`, rowFollows([...sortKeys, id!], reverse))!]),
      sql`${featured!.expression} ${follows(featured!.direction, reverse)} ${featured!.value}`,
    ];
    return sql`select * from (${sql.join(
      branches.map((branch) => sql`(select ${columns} from ${services} where ${matching(branch)} order by ${orderOf(reverse)} limit ${rowLimit})`),
      sql` union all `,
    )}) as around order by ${orderOf(reverse, byName)} limit ${rowLimit}`;
  }

  /**
   * When searching: the matching rows' sort keys straight from the text index (a bitmap scan) or,
   * `fromEntries`, from the entries of the search's terms (entryMatches), materialised — without
   * MATERIALIZED the planner may fold the query into one walk of the sort index that checks the
   * search on every row it passes (a deep page read 46,000 rows to show 24)
   * — then counted and sorted in memory. At most COUNT_CAP + 1 rows: beyond that the list walks
   * the index instead (there are then so many matches that a walk soon finds a page's worth).
   *
   * Relevance only breaks ties of the sort key, and ranking a row costs about as much as reading
   * it, so only the rows whose place depends on it are ranked. `head` has the rows by sort key
   * (top-N, up to the page's end); the page starts in the sort key of the cursor (or of the row at
   * the page's offset) and ends in that of head's last row: these two groups are taken whole, the
   * rows between them as they are, and only those are ranked and ordered.
   */
  function matchIds(kind: PagingKind, fromEntries = false): SQL {
    const reverse = kind === "before";
    const keyTerms = terms.filter((t) => t.name !== "rank");
    // featured and the sort key: the first terms, numbered as in the cursor.
    const groupTerms = keyTerms.slice(0, (exact ? 2 : 1) + SORT_KEYS[shape.sort].keys.length);
    const bound = (which: "start" | "end") =>
      groupTerms.map((t) => ({ expression: byName(t), value: sql`${sql.identifier(`${which}_${t.name}`)}`, direction: t.direction }));
    const equal = (group: ReturnType<typeof bound>) => and(...group.map((k) => sql`${k.expression} = ${k.value}`))!;
    const offset = kind === "offset" ? sql.placeholder("offset") : sql`0`;
    const byKey = orderOf(reverse, byName, keyTerms);
    const columnsAs = (prefix: string, values: SQL[]) => sql.join(
      groupTerms.map((t, i) => sql`${values[i]} as ${sql.identifier(`${prefix}_${t.name}`)}`),
      sql`, `,
    );
    // The page's first group: the cursor's, or that of the row at the page's offset; its last: that of head's last row.
    const starts =
      kind === "offset"
        ? columnsAs("start", groupTerms.map((t) => sql`first_row.${byName(t)}`))
        : columnsAs("start", at(byName).slice(0, groupTerms.length).map((k) => k.value));
    return sql`with matches as materialized (${!fromEntries ? sql`select ${sql.join(
      keyTerms.map((t) => sql`${t.source} as ${sql.identifier(t.name)}`),
      sql`, `,
    )} from ${services} where ${matching()} limit ${countLimit}` : entryMatches(keyTerms)}),
      head as (select * from matches where ${kind === "offset" ? sql`true` : chainFollows(at(byName).slice(0, groupTerms.length), reverse)} order by ${byKey} limit ${offset}::bigint + ${limit}::bigint),
      bounds as (select ${starts}, ${columnsAs("end", groupTerms.map((t) => sql`last_row.${byName(t)}`))}
        from ${kind === "offset" ? sql`(select * from head order by ${byKey} offset ${offset} limit 1) as first_row` : sql`(select) as cursor_row`}
        left join (select * from head order by ${orderOf(!reverse, byName, keyTerms)} limit 1) as last_row on true),
      candidates as (
        (select matches.* from matches, bounds where ${equal(bound("start"))} or ${equal(bound("end"))})
        union all (select head.* from head, bounds where ${chainFollows(bound("start"), reverse)} and not ${equal(bound("end"))}))
      select *, (select count(*)::int from matches) as total
      from (select candidates.*, ${rank!.expression} as rank from candidates join ${services} on ${services.id} = candidates.id) as ranked
      where ${kind === "offset" ? sql`true` : chainFollows(at(byName), reverse)}
      order by ${orderOf(reverse, byName)} limit ${limit}
      offset ${kind === "offset" ? sql`${offset}::bigint - (select count(*) from head, bounds where ${chainFollows(bound("start"), !reverse)})` : sql`0`}`;
  }

  /**
   * The matches of a search that is "any of these words" from the entries of its terms, with the
   * filters on the columns the entries carry: an index-only scan of the terms' entries instead of
   * the text index and a table read per match (ADR 029). A service with several of the terms is
   * one match (its entries agree on every column). The terms are one array (`terms`): the statement
   * is the same whatever their number. A widened search's terms include the typed words' own
   * (`exactTerms`): a match is exact when one of its entries is one of those. Not for the views
   * sort: views are not copied (a counted view would rewrite the entries).
   */
  function entryMatches(keyTerms: OrderTerm[]): SQL {
    const entry: Record<string, SQL> = {
      featured: sql`${serviceTerms.isFeatured}`,
      id: sql`${serviceTerms.serviceId}`,
      ...Object.fromEntries(SORT_KEYS[shape.sort].keys.map(({ column }, i) => [`k${i}`, sql`${serviceTerms[entryColumnOf(column)]}`])),
    };
    const grouped = keyTerms.filter((t) => t.name !== "exact");
    const keys = grouped.map((t) => entry[t.name]!);
    const isExact = sql`bool_or(${serviceTerms.term} = any(${sql.placeholder("exactTerms")}::text[])) as ${sql.identifier("exact")}`;
    return sql`select ${sql.join(
      [...(exact ? [isExact] : []), ...grouped.map((t, i) => sql`${keys[i]} as ${sql.identifier(t.name)}`)],
      sql`, `,
    )} from ${serviceTerms} where ${and(sql`${serviceTerms.term} = any(${sql.placeholder("terms")}::text[])`, ...filters(serviceTerms))}
      group by ${sql.join(keys, sql`, `)} limit ${countLimit}`;
  }

  /**
   * A search by newest that is "any of these words", from the entries of its terms (service_terms,
   * ADR 029): each term's entries lie in the list's order, so one ordered index scan per term,
   * merged and with duplicates dropped (a service with two of the terms), yields the matches in
   * order and stops at the page; no match is read from the table and none is sorted.
   *
   * The entries know featured and the time, not the relevance that breaks their ties: as in
   * matchIds, the page's first and last groups of equal (featured, time) are taken whole (from the
   * same index, a probe per term) and only these rows ranked; the count is known (the caller's).
   */
  function mergedIds(kind: PagingKind, termCount: number): SQL {
    if (shape.sort !== "newest" || !rank || exact) throw new Error("a merge of terms lists a plain search by newest");
    const reverse = kind === "before";
    const keyTerms = terms.filter((t) => t.name !== "rank");
    const groupTerms = keyTerms.slice(0, 2);
    const termValues = termPlaceholders(termCount);
    const direction = sql.raw(reverse ? "asc" : "desc");
    const entryOrder = sql`is_featured ${direction}, created_at ${direction}, service_id ${direction}`;
    const offset = kind === "offset" ? sql.placeholder("offset") : sql`0`;
    // Each term's run ends where the page does, at the latest.
    const headLimit = sql`${offset}::bigint + ${limit}::bigint`;
    // Past a cursor: the entries after its group (its own group is one of the edges).
    const past = kind === "offset" ? sql`` : sql` and (is_featured, created_at) ${follows("desc", reverse)} (${cursorValue(0, "boolean")}, ${cursorValue(1, "micros")})`;
    const branches = Array.from(
      { length: termCount },
      (_, i) => sql`(select is_featured, created_at, service_id from ${serviceTerms} where term = ${sql.placeholder(`term${i}`)}::text${past} order by ${entryOrder} limit ${headLimit})`,
    );
    const bound = (which: "start" | "end") =>
      groupTerms.map((t) => ({ expression: byName(t), value: sql`${sql.identifier(`${which}_${t.name}`)}`, direction: t.direction }));
    const equal = (group: ReturnType<typeof bound>) => and(...group.map((k) => sql`${k.expression} = ${k.value}`))!;
    const starts =
      kind === "offset"
        ? sql`first_row.featured as start_featured, first_row.k0 as start_k0, first_row.id as start_id`
        : sql`${cursorValue(0, "boolean")} as start_featured, ${cursorValue(1, "micros")} as start_k0`;
    const groupEntries = (which: "start" | "end") =>
      sql`select entry.is_featured as featured, entry.created_at as k0, entry.service_id as id from bounds, ${serviceTerms} as entry
        where entry.term in (${termValues}) and entry.is_featured = ${sql.identifier(`${which}_featured`)} and entry.created_at = ${sql.identifier(`${which}_k0`)}`;
    // `tail`: the merged entries from the page's position on (the merge passes the rows before it
    // without keeping them); its first row starts the page's first group, its last row the last.
    return sql`with tail as (select is_featured as featured, created_at as k0, service_id as id
        from (${sql.join(branches, sql` union all `)}) as entries
        group by is_featured, created_at, service_id order by ${entryOrder} limit ${limit} offset ${offset}),
      bounds as (select ${starts}, last_row.featured as end_featured, last_row.k0 as end_k0
        from ${kind === "offset" ? sql`(select * from tail order by ${orderOf(false, byName, keyTerms)} limit 1) as first_row` : sql`(select) as cursor_row`}
        left join (select * from tail order by ${orderOf(!reverse, byName, keyTerms)} limit 1) as last_row on true),
      edges as (${groupEntries("start")} union ${groupEntries("end")}),
      candidates as (select * from edges
        union all (select tail.* from tail, bounds where ${chainFollows(bound("start"), reverse)} and not ${equal(bound("end"))}))
      select * from (select candidates.*, ${rank.expression} as rank from candidates join ${services} on ${services.id} = candidates.id) as ranked
      where ${kind === "offset" ? sql`true` : chainFollows(at(byName), reverse)}
      order by ${orderOf(reverse, byName)} limit ${limit}
      offset ${
        // By number: the page starts after the rows of its first group that the merge passed (in
        // the merge's order, ids descending), wherever relevance puts them.
        kind === "offset" ? sql`(select count(*) from edges, bounds where featured = start_featured and k0 = start_k0 and id > start_id)` : sql`0`
      }`;
  }

  function mergedCount(termCount: number): SQL {
    const branches = Array.from(
      { length: termCount },
      (_, i) =>
        sql`(select is_featured, created_at, service_id from ${serviceTerms} where term = ${sql.placeholder(`term${i}`)}::text order by is_featured desc, created_at desc, service_id desc)`,
    );
    return sql`(select 1 from (${sql.join(branches, sql` union all `)}) as entries group by is_featured, created_at, service_id limit ${countLimit}) as matching`;
  }

  // The page's ids first, then the cards of just those rows: a deep page does not join the author
  // of every row it skips.
  const page = (ids: SQL, kind: PagingKind, total: SQL<number | null>, name = UNNAMED) =>
    db
      .select({
        ...cardColumns,
        cursor: sql<string[]>`json_build_array(${sql.join(
          terms.map((t) => cursorText(pageIds(t.name), t.kind)),
          sql`, `,
        )})`,
        total,
      })
      .from(services)
      .innerJoin(sql`(${ids}) as page_ids`, sql`${pageIds("id")} = ${services.id}`)
      .leftJoin(profiles, eq(profiles.userId, services.createdBy))
      .orderBy(orderOf(kind === "before", (t) => pageIds(t.name)))
      .prepare(name);
  type PageStatement = ReturnType<typeof page>;

  const built = new Map<string, PageStatement>();
  const termCounts = new Map<number, ReturnType<typeof countOf>>();
  const countOf = (from: SQL, name = UNNAMED) => db.select({ n: sql<number>`count(*)::int` }).from(from).prepare(name);
  const once = (key: string, build: () => PageStatement) => {
    let statement = built.get(key);
    if (!statement) built.set(key, (statement = build()));
    return statement;
  };
  return {
    cursorKinds: terms.map((t) => t.kind),
    count: countOf(counted),
    /**
     * The count of a search merged from `termCount` terms (mergedIds): the merged entries, each
     * service once, up to the cap — a stream that stops there, not a set of every entry.
     */
    termsCount: (termCount: number) => {
      let statement = termCounts.get(termCount);
      if (!statement) termCounts.set(termCount, (statement = countOf(mergedCount(termCount), `catalogue_merged_count_${termCount}`)));
      return statement;
    },
    /** The page walking the sort index; `withCount` adds the count of the filter set to each row. */
    walk: (kind: PagingKind, withCount: boolean) =>
      once(`walk:${kind}:${withCount}`, () => page(walkIds(kind), kind, withCount ? countSql : sql<null>`null::int`)),
    /**
     * For a shape whose plan is fixed (planIsFixed), a page as a named statement, with `rows` (a
     * page and one more) and the count's cap written into its text: the first page (no offset at
     * all, so that its plan is kept), a later page by number (its offset a parameter: PostgreSQL
     * keeps a generic plan for deep offsets and still saves parsing for shallow ones), or a page
     * by cursor. Null for other shapes.
     */
    fixed: (kind: PagingKind, withCount: boolean, rows: number, firstPage: boolean) => {
      if (!planIsFixed(shape)) return null;
      const counted = withCount ? "counted" : "page";
      const variant = kind !== "offset" ? kind : firstPage ? "first" : "numbered";
      return once(`fixed:${variant}:${counted}:${rows}`, () => {
        const rowLimit = sql.raw(String(Math.trunc(rows)));
        const ids =
          variant === "first"
            ? sql`select ${columns} from ${services} where ${matching()} order by ${orderOf(false)} limit ${rowLimit}`
            : walkIds(kind, rowLimit);
        return page(ids, kind, withCount ? countSqlFixed : sql<null>`null::int`, `catalogue_${variant}_${shapeKey}_${counted}_${Math.trunc(rows)}`);
      });
    },
    /** The page from the materialised search matches, each row with their count (search only). */
    matches: (kind: PagingKind) => once(`matches:${kind}`, () => page(matchIds(kind), kind, sql<number>`${pageIds("total")}`)),
    /**
     * The same with the matches from the entries of the search's terms (entryMatches). Named: its
     * plan (an index-only scan of the terms' entries) does not depend on the values, and planning
     * it was a quarter of its time (~0.5 of ~2.4 ms on the bench data).
     */
    entryMatches: (kind: PagingKind) =>
      once(`entries:${kind}`, () => page(matchIds(kind, true), kind, sql<number>`${pageIds("total")}`, `catalogue_entries_${kind}_${shapeKey}`)),
    /** The page merged from the entries of `termCount` terms (a plain search by newest, its count known). */
    merged: (kind: PagingKind, termCount: number) =>
      // Named: the plan (a merge of index scans) is the same whatever the terms, and planning it
      // took longer than running it for a first page (0.44 against 0.33 ms on the bench data).
      once(`merged:${kind}:${termCount}`, () =>
        page(mergedIds(kind, termCount), kind, sql<number>`${sql.placeholder("known")}::int`, `catalogue_merged_${kind}_${termCount}`),
      ),
  };
}

type ListStatements = ReturnType<typeof buildListStatements>;
type PageRow = Awaited<ReturnType<ReturnType<ListStatements["walk"]>["execute"]>>[number];

/**
 * The list statements, built once per database and shape (and paging kind, on first use). Building
 * a statement with Drizzle costs about as much client CPU as PostgreSQL spends running the page
 * query (bench/README.md), and the catalogue is the most requested page.
 */
const listStatements = new WeakMap<Database, Map<string, ListStatements>>();

function statementsFor(db: Database, shape: ListShape): ListStatements {
  let byShape = listStatements.get(db);
  if (!byShape) listStatements.set(db, (byShape = new Map()));
  const key = `${shape.sort}:${+shape.category}${+shape.minPrice}${+shape.maxPrice}${+shape.minRating}${+shape.maxDays}${+shape.remote}${+shape.search}${+shape.forgiving}`;
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = buildListStatements(db, shape, key.replace(/[^a-z0-9]/gi, "_"))));
  return statements;
}

/** PostgreSQL's estimate of the catalogue's size (pg_class.reltuples), re-read once a minute. */
const catalogueSizes = new WeakMap<Database, { rows: number; at: number }>();

async function estimatedCatalogueSize(db: Database): Promise<number> {
  const known = catalogueSizes.get(db);
  if (known && Date.now() - known.at < 60_000) return known.rows;
  const [row] = await db
    .select({ rows: sql<number>`reltuples::float8` })
    .from(sql`pg_class`)
    .where(sql`oid = to_regclass('services')`);
  // -1 until the table was first analysed (PGlite never runs autovacuum): unknown.
  const rows = Math.max(0, Number(row?.rows ?? 0));
  catalogueSizes.set(db, { rows, at: Date.now() });
  return rows;
}

/**
 * Whether a list can be merged from the entries of its search's terms (service_terms, ADR 029):
 * a plain search (not widened with exact matches first) by newest with no other filter, whose
 * order is that of the entries; other filters and sorts would need their columns in the entries.
 */
function mergesTerms(shape: ListShape): boolean {
  return (
    shape.search && !shape.forgiving && shape.sort === "newest" &&
    !shape.category && !shape.minPrice && !shape.maxPrice && !shape.minRating && !shape.maxDays && !shape.remote
  );
}

/**
 * Whether a search's matches come from the entries of its terms (entryMatches), when the merge of
 * mergesTerms does not apply: sorted by what the entries carry. Not by views: the entries do not
 * carry them, and reading each filtered match's views from the table by its id was slower than
 * the text index's bitmap, which reads the table in its order (bench data: 66 against 8 ms for
 * "Logo" from 50 € by views, 4.5 against 2.7 ms with a category as well).
 */
function readsEntries(shape: ListShape): boolean {
  return shape.search && shape.sort !== "views" && !mergesTerms(shape);
}

/**
 * Whether a search with a known number of matches finds its page sooner by walking the sort index
 * than by materialising every match. A walk passes about (rows before the page + the page) ×
 * catalogue size / matches rows, each a random table read plus the text match, about twice what
 * a materialised match costs (bitmap order); materialising reads every match once. With the count
 * unknown the search materialises: that counts it too.
 */
function walkIsCheaper(matches: number, rowsToRead: number, catalogueSize: number): boolean {
  return catalogueSize > 0 && matches * matches >= 2 * rowsToRead * catalogueSize;
}

/**
 * The catalogue: filtering, featured-first sorting, counting and paging, all in SQL on indexes.
 *
 * A search whose exact matches are thin (fewer than a page, THIN_RESULT) is widened with the known
 * words near the typed ones (compound parts, near spellings; forgiving-search.server.ts, ADR 017):
 * exact matches first, then the others. A search that finds nothing says what it may have meant.
 */
export async function listServices(
  db: Database,
  filters: ServiceFilters,
  pageSize = PAGE_SIZE,
  counts?: CountCache,
  {
    correct = true,
    exactFirst = true,
  }: {
    /** Look for a corrected text ("Meinten Sie …?") when the typed words find nothing. */
    correct?: boolean;
    /**
     * A widened search lists the typed words' own matches first. A reader that walks the list in
     * its sort order and stops at the first row it has seen before (the saved-search alert, by
     * newest) needs the plain order instead: every match sorted alike.
     */
    exactFirst?: boolean;
  } = {},
): Promise<ServiceListResult> {
  const search = searchQuery(filters.q);
  if (!search) return listMatching(db, filters, pageSize, counts, null, null);
  const exactKey = countKeyOf(filters, search);
  const known = counts?.get(exactKey);
  // A cursor of the widened list (its tag) asks for the widened list again, as long as it is thin.
  const widenedCursor = (filters.after || filters.before) && known === undefined && cursorTagged(filters.after || filters.before, `${filters.sort}+q~`);
  let result: ServiceListResult | null = null;
  let exactTotal = known;
  if (!widenedCursor && (known === undefined || known >= THIN_RESULT)) {
    result = await listMatching(db, filters, pageSize, counts, search, null);
    if (result.totalCapped || result.total >= THIN_RESULT) return result;
    exactTotal = result.total;
  }
  // With the process's caches (the loader), the vocabulary's answers are kept briefly too.
  const near = await (counts ? rememberedNearWords(db, filters.q) : nearWords(db, filters.q));
  const widened = near.size ? searchQuery(filters.q, near) : null;
  // With no exact match at all, "exact first" orders nothing: the widened list is then an ordinary
  // search list, which may walk the sort index when its count is known (a typo such as "Logoo").
  if (widened) result = await listMatching(db, filters, pageSize, counts, widened, exactTotal === 0 || !exactFirst ? null : search);
  result ??= await listMatching(db, filters, pageSize, counts, search, null);
  // "Meinten Sie …?" when the typed words themselves match nothing (whatever their near words
  // found), on the first page: a corrected text that finds something with the other filters.
  if (exactTotal === 0 && correct && result.page === 1) {
    const phrase = await (counts ? rememberedCorrection(db, filters.q) : correctedSearch(db, filters.q));
    if (phrase && (await findsAny(db, filters, phrase))) {
      result.didYouMean = phrase;
    }
  }
  return result;
}

/** Whether a search text finds anything (exactly) with the other filters: one index probe. */
async function findsAny(db: Database, filters: ServiceFilters, q: string): Promise<boolean> {
  const probe = { ...filters, q, sort: "newest" as const, page: 1, after: "", before: "" };
  const exact = searchQuery(q);
  if (!exact) return false;
  const { shape, values } = listInput(probe, 1, exact, null);
  const [row] = await statementsFor(db, shape).count.execute({ ...values, countLimit: 1 });
  return (row?.n ?? 0) > 0;
}

/** What the count of a filter set is kept under: the filters and the search's queries. */
const countKeyOf = (filters: ServiceFilters, search: SearchTerms | null) =>
  JSON.stringify([filters.category, filters.minPrice, filters.maxPrice, filters.minRating, filters.maxDays, filters.remote, search]);

/** One list's statement shape and the values of its placeholders. */
function listInput(filters: ServiceFilters, pageSize: number, search: SearchTerms | null, exactSearch: SearchTerms | null) {
  const shape: ListShape = {
    sort: filters.sort,
    category: Boolean(filters.category),
    minPrice: filters.minPrice > PRICE_SLIDER.min,
    // The slider's top end means "and more": no upper limit at 1000.
    maxPrice: filters.maxPrice < PRICE_SLIDER.max,
    minRating: filters.minRating > 0,
    maxDays: filters.maxDays > 0,
    remote: filters.remote,
    search: search !== null,
    forgiving: exactSearch !== null,
  };
  const values = {
    category: filters.category || null,
    minPrice: filters.minPrice.toFixed(2),
    maxPrice: filters.maxPrice.toFixed(2),
    minRating: filters.minRating.toFixed(2),
    maxDays: filters.maxDays,
    tsquery: search?.query ?? null,
    prefix: search?.prefix ?? null,
    exactTsquery: exactSearch?.query ?? null,
    limit: pageSize + 1,
    countLimit: COUNT_CAP + 1,
  };
  return { shape, values };
}

/** One list: the exact search (or none), or a widened one with `exactSearch` the typed words' own. */
async function listMatching(
  db: Database,
  filters: ServiceFilters,
  pageSize: number,
  counts: CountCache | undefined,
  search: SearchTerms | null,
  exactSearch: SearchTerms | null,
): Promise<ServiceListResult> {
  const { shape, values } = listInput(filters, pageSize, search, exactSearch);
  const statements = statementsFor(db, shape);
  // A cursor belongs to one order: the sort, and whether relevance is part of it.
  const cursorTag = `${filters.sort}${search ? (exactSearch ? "+q~" : "+q") : ""}`;

  // A cursor that is not one of this list's (another sort's, edited, cut) shows the first page.
  let position: Position = { kind: "offset", page: Math.min(filters.page, offsetPages(pageSize)) };
  const token = filters.after || filters.before;
  if (token) {
    const cursor = filters.page > 1 ? decodeCursor(token, cursorTag, statements.cursorKinds) : null;
    position = cursor ? { kind: filters.after ? "after" : "before", page: filters.page, cursor } : { kind: "offset", page: 1 };
  }

  const run = (statement: ReturnType<ListStatements["walk"]>, at: Position, more: Record<string, unknown> = {}) => {
    const params: ListParams = { ...values, ...more, offset: at.kind === "offset" ? (at.page - 1) * pageSize : 0 };
    if (at.kind !== "offset") at.cursor.forEach((value, i) => (params[`cursor${i}`] = value));
    return statement.execute(params);
  };
  const countAll = async () => (await statements.count.execute(values))[0]?.n ?? 0;

  /** A search's terms and a widened search's exact ones, as entryMatches binds them; null if either is not a disjunction. */
  async function entryTerms(search: SearchTerms, exactSearch: SearchTerms | null) {
    const terms = await mergedTermsOf(db, search);
    const exactTerms = exactSearch ? await mergedTermsOf(db, exactSearch) : [];
    return terms && exactTerms ? { terms, exactTerms } : null;
  }

  /** The page's rows (one more than a page) and the count of the filter set (`known`: from the cache). */
  async function pageAt(at: Position, known: number | undefined): Promise<{ rows: PageRow[]; counted: number }> {
    if (known === 0) return { rows: [], counted: 0 };
    // A plain search by newest with few terms: counted and paged from the entries of its terms.
    const merged = mergesTerms(shape) && search && (known === undefined || known <= COUNT_CAP) ? await mergedTermsOf(db, search) : null;
    if (merged) {
      const terms = Object.fromEntries(merged.map((term, i) => [`term${i}`, term]));
      const counted = known ?? (await statements.termsCount(merged.length).execute({ ...terms, countLimit: COUNT_CAP + 1 }))[0]?.n ?? 0;
      if (counted === 0) return { rows: [], counted };
      if (counted <= COUNT_CAP) return { rows: await run(statements.merged(at.kind, merged.length), at, { ...terms, known: counted }), counted };
      // So many matches that walking the sort index soon finds a page's worth.
      return { rows: await run(statements.walk(at.kind, false), at), counted };
    }
    // A search with filters or another sort: its matches from the entries of its terms (and of
    // the typed words' own, for a widened search) when each is "any of these words".
    const entries = readsEntries(shape) && search && (known === undefined || known <= COUNT_CAP) ? await entryTerms(search, exactSearch) : null;
    const matches = (at: Position) => (entries ? run(statements.entryMatches(at.kind), at, entries) : run(statements.matches(at.kind), at));
    if (shape.search && known === undefined) {
      // Counting the matches reads them all anyway: the page comes from the same rows.
      const rows = await matches(at);
      const counted = rows[0]?.total ?? (await countAll());
      // Past the cap the materialised matches were cut short: they are not the whole list.
      return { rows: counted > COUNT_CAP ? await run(statements.walk(at.kind, false), at) : rows, counted };
    }
    if (shape.search && known !== undefined && known <= COUNT_CAP) {
      const rowsToRead = (at.kind === "offset" ? (at.page - 1) * pageSize : 0) + pageSize + 1;
      // A widened search never walks below the cap: no index has its exact-first order.
      if (shape.forgiving || entries || !walkIsCheaper(known, rowsToRead, await estimatedCatalogueSize(db))) return { rows: await matches(at), counted: known };
    }
    // Named where the plan is fixed (a sort, a category): PostgreSQL need not plan every call.
    const fixed = statements.fixed(at.kind, known === undefined, pageSize + 1, at.kind === "offset" && at.page === 1);
    const rows = await run(fixed ?? statements.walk(at.kind, known === undefined), at);
    return { rows, counted: known ?? rows[0]?.total ?? (await countAll()) };
  }

  // The count depends on the filters only, not on the sort or the page.
  const countKey = countKeyOf(filters, search);
  const cached = counts?.get(countKey);
  const first = await pageAt(position, cached);
  const counted = first.counted;
  let rows = first.rows;
  if (cached === undefined) counts?.set(countKey, counted);
  const totalCapped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (!totalCapped && ((position.kind === "offset" && position.page > pageCount) || (position.kind === "after" && rows.length === 0 && counted > 0))) {
    // A page number past the counted pages shows the last page, and so does a cursor that nothing
    // follows any more (past the cap, the page exists while rows do).
    position = { kind: "offset", page: pageCount };
    ({ rows } = await pageAt(position, counted));
  } else if (position.kind === "before" && rows.length <= pageSize) {
    // Nothing before these rows (rows were removed or moved since the link was made): the first page.
    position = { kind: "offset", page: 1 };
    ({ rows } = await pageAt(position, counted));
  }

  const items = rows.slice(0, pageSize);
  if (position.kind === "before") items.reverse();
  // A cursor's page number comes from the link; one past the counted pages is not shown.
  const page = position.kind !== "offset" && !totalCapped ? Math.min(position.page, pageCount) : position.page;
  // A next page exists when rows remain (reading backwards: the cursor's row) — within the counted
  // pages (a count cached before rows were added must not offer a page the clamp above would turn
  // back into this one) and page numbers.
  const more = position.kind === "before" || rows.length > pageSize;
  const hasNext = more && items.length > 0 && (totalCapped || page < pageCount) && page < MAX_PAGE;
  const cursorOf = (row: PageRow) => encodeCursor(cursorTag, row.cursor.map(String));
  return {
    items: items.map(toCard),
    total,
    totalCapped,
    page,
    pageCount,
    hasNext,
    pageSize,
    nextCursor: hasNext ? cursorOf(items[items.length - 1]!) : null,
    prevCursor: page > 1 && items.length > 0 ? cursorOf(items[0]!) : null,
    didYouMean: null,
  };
}

export interface ServiceDetail extends Omit<ServiceCard, "excerpt"> {
  description: string;
  updatedAt: Date;
  /** False when removed by moderation or its provider is suspended: only its author may see it (ADR 023). */
  listed: boolean;
  removed: boolean;
}

export async function getService(db: Database, id: string | undefined): Promise<ServiceDetail | null> {
  if (!isServiceId(id)) return null;
  const [row] = await db
    .select({ ...cardColumns, description: services.description, updatedAt: services.updatedAt, listed: services.listed, removedAt: services.removedAt })
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.createdBy))
    .where(eq(services.id, id));
  if (!row) return null;
  const { excerpt: _excerpt, ...card } = toCard(row as CardRow);
  return { ...card, description: row.description, updatedAt: new Date(row.updatedAt), listed: row.listed, removed: row.removedAt !== null };
}
