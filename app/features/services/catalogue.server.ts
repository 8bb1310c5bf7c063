import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { profiles, services } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { MAX_PAGE } from "~/lib/paging";
import { PAGE_SIZE, PRICE_SLIDER, type ServiceFilters } from "./filters";
import { searchQuery } from "./search-query";
import { cardColumns, toCard, type CardRow, type ServiceCard } from "./service-card.server";
import { isServiceId } from "./service-id";

/**
 * Counting stops here: an exact count of a huge match reads every matching index entry,
 * and nobody pages through 400+ pages; past the cap the list says "Mehr als 10.000".
 */
export const COUNT_CAP = 10_000;

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
 * values, which are bound as parameters. There are at most 2^5 × 5 = 160 shapes.
 */
interface ListShape {
  sort: ServiceFilters["sort"];
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  minRating: boolean;
  search: boolean;
}

/** The values bound to a list statement's placeholders (unused ones are ignored). */
interface ListParams {
  category: string | null;
  minPrice: string;
  maxPrice: string;
  minRating: string;
  tsquery: string | null;
  prefix: string | null;
  limit: number;
  offset: number;
}

/**
 * Drizzle's `prepare` type asks for a name, which node-postgres turns into a server-side named
 * statement whose plan PostgreSQL may later fix for all values (a generic plan can pick the wrong
 * index for a wide price range). Without a name the statement stays unnamed: built once on the
 * client, planned by PostgreSQL for each call's values.
 */
const UNNAMED = undefined as unknown as string;

function buildListStatements(db: Database, shape: ListShape) {
  const where: SQL[] = [];
  if (shape.category) where.push(eq(services.category, sql.placeholder("category")));
  if (shape.minPrice) where.push(gte(services.price, sql.placeholder("minPrice")));
  if (shape.maxPrice) where.push(lte(services.price, sql.placeholder("maxPrice")));
  if (shape.minRating) where.push(gte(services.ratingAvg, sql.placeholder("minRating")));
  const tsquery = sql.placeholder("tsquery");
  const prefix = sql.placeholder("prefix");
  // Without a prefix only the first query runs (no notice about an empty query on every search).
  const query = shape.search
    ? sql`(case when ${prefix}::text is null then to_tsquery('german', ${tsquery}) else to_tsquery('german', ${tsquery}) || to_tsquery('german_prefix', ${prefix}) end)`
    : null;
  if (query) where.push(sql`${services.search} @@ ${query}`);
  const condition = where.length ? and(...where) : undefined;

  // Each sort is the column order of one index (schema/services.ts): featured first, the sort key,
  // the id as the last key so the order is total. Indexes built with .desc() are DESC NULLS LAST,
  // and PostgreSQL only walks an index whose NULLS order matches, even for NOT NULL columns.
  const down = (column: SQL | typeof services.id) => sql`${column} desc nulls last`;
  const up = (column: typeof services.price | typeof services.id) => asc(column);
  const sortKeys: Record<ServiceFilters["sort"], SQL[]> = {
    newest: [down(sql`${services.createdAt}`)],
    rating: [down(sql`${services.ratingAvg}`), down(sql`${services.ratingCount}`)],
    "price-low": [up(services.price)],
    "price-high": [down(sql`${services.price}`)],
    views: [down(sql`${services.views}`)],
  };
  // Relevance breaks ties when searching (the search narrows the rows first).
  const orderBy = [
    down(sql`${services.isFeatured}`),
    ...sortKeys[shape.sort],
    ...(query ? [desc(sql`ts_rank(${services.search}, ${query})`)] : []),
    shape.sort === "price-low" ? up(services.id) : down(services.id),
  ];

  const matching = db
    .select({ one: sql`1` })
    .from(services)
    .where(condition)
    .limit(sql.placeholder("limit"))
    .as("matching");
  const pageIds = db
    .select({ id: services.id })
    .from(services)
    .where(condition)
    .orderBy(...orderBy)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
  return {
    count: db.select({ n: count() }).from(matching).prepare(UNNAMED),
    // The page's ids first (an index scan that skips `offset` entries without touching anything
    // else), then the cards of just those rows: a deep page does not join the author of every
    // row it skips.
    page: db
      .select(cardColumns)
      .from(services)
      .innerJoin(pageIds, eq(pageIds.id, services.id))
      .leftJoin(profiles, eq(profiles.userId, services.createdBy))
      .orderBy(...orderBy)
      .prepare(UNNAMED),
  };
}

type ListStatements = ReturnType<typeof buildListStatements>;

/**
 * The list statements, built once per database and shape. Building a statement with Drizzle
 * costs about as much client CPU as PostgreSQL spends running the page query (bench/README.md),
 * and the catalogue is the most requested page.
 */
const listStatements = new WeakMap<Database, Map<string, ListStatements>>();

function statementsFor(db: Database, shape: ListShape): ListStatements {
  let byShape = listStatements.get(db);
  if (!byShape) listStatements.set(db, (byShape = new Map()));
  const key = `${shape.sort}:${+shape.category}${+shape.minPrice}${+shape.maxPrice}${+shape.minRating}${+shape.search}`;
  let statements = byShape.get(key);
  if (!statements) byShape.set(key, (statements = buildListStatements(db, shape)));
  return statements;
}

/** The catalogue: filtering, featured-first sorting, counting and paging, all in SQL on indexes. */
export async function listServices(
  db: Database,
  filters: ServiceFilters,
  pageSize = PAGE_SIZE,
  counts?: CountCache,
): Promise<ServiceListResult> {
  const search = searchQuery(filters.q);
  const shape: ListShape = {
    sort: filters.sort,
    category: Boolean(filters.category),
    minPrice: filters.minPrice > PRICE_SLIDER.min,
    // The slider's top end means "and more": no upper limit at 1000.
    maxPrice: filters.maxPrice < PRICE_SLIDER.max,
    minRating: filters.minRating > 0,
    search: search !== null,
  };
  const params: Omit<ListParams, "limit" | "offset"> = {
    category: filters.category || null,
    minPrice: filters.minPrice.toFixed(2),
    maxPrice: filters.maxPrice.toFixed(2),
    minRating: filters.minRating.toFixed(2),
    tsquery: search?.query ?? null,
    prefix: search?.prefix ?? null,
  };
  const statements = statementsFor(db, shape);

  // The count depends on the filters only, not on the sort or the page.
  const countKey = JSON.stringify([filters.category, filters.minPrice, filters.maxPrice, filters.minRating, search]);
  let counted = counts?.get(countKey);
  if (counted === undefined) {
    const [totalRow] = await statements.count.execute({ ...params, limit: COUNT_CAP + 1, offset: 0 } satisfies ListParams);
    counted = Number(totalRow?.n ?? 0);
    counts?.set(countKey, counted);
  }
  const totalCapped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Past the counted pages of a capped count the list goes on: the page exists while rows do.
  const page = totalCapped ? filters.page : Math.min(filters.page, pageCount);
  // One row more than a page tells whether there is a next one.
  const rows = await statements.page.execute({ ...params, limit: pageSize + 1, offset: (page - 1) * pageSize } satisfies ListParams);
  // A next page exists when rows remain — within the counted pages (a count cached before rows were
  // added must not offer a page the clamp above would turn back into this one) and page numbers.
  const hasNext = rows.length > pageSize && (totalCapped || page < pageCount) && page < MAX_PAGE;
  return { items: rows.slice(0, pageSize).map(toCard), total, totalCapped, page, pageCount, hasNext, pageSize };
}

export interface ServiceDetail extends Omit<ServiceCard, "excerpt"> {
  description: string;
  updatedAt: Date;
}

export async function getService(db: Database, id: string | undefined): Promise<ServiceDetail | null> {
  if (!isServiceId(id)) return null;
  const [row] = await db
    .select({ ...cardColumns, description: services.description, updatedAt: services.updatedAt })
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.createdBy))
    .where(eq(services.id, id));
  if (!row) return null;
  const { excerpt: _excerpt, ...card } = toCard(row as CardRow);
  return { ...card, description: row.description, updatedAt: new Date(row.updatedAt) };
}
