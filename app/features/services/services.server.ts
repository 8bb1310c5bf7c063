import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { profiles, serviceReviews, services } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { parseInput } from "~/lib/validation";
import { PAGE_SIZE, PRICE_SLIDER, type ServiceFilters } from "./filters";
import { createServiceSchema, editServiceSchema } from "./schema";
import { searchQuery } from "./search-query";
import { countView, type ViewOpening } from "~/features/views/view-counter.server";
import { isUuid } from "~/lib/ids";
import { MAX_PAGE } from "~/lib/paging";

export const isServiceId = (id: string | undefined): id is string => isUuid(id);
export { searchQuery, type SearchTerms } from "./search-query";

export interface ServiceAuthor {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  avatarUrl: string | null;
}

export interface ServiceCard {
  id: string;
  title: string;
  excerpt: string;
  price: string;
  category: string;
  views: number;
  isFeatured: boolean;
  ratingAvg: string;
  ratingCount: number;
  createdAt: Date;
  author: ServiceAuthor;
}

const cardColumns = {
  id: services.id,
  title: services.title,
  excerpt: sql<string>`left(${services.description}, 180)`,
  price: services.price,
  category: services.category,
  views: services.views,
  isFeatured: services.isFeatured,
  ratingAvg: services.ratingAvg,
  ratingCount: services.ratingCount,
  createdAt: services.createdAt,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
  authorUsername: profiles.username,
  authorAvatarUrl: profiles.avatarUrl,
  createdBy: services.createdBy,
};

type CardRow = { [K in keyof typeof cardColumns]: unknown } & Record<string, unknown>;

function toCard(row: CardRow): ServiceCard {
  return {
    id: row.id as string,
    title: row.title as string,
    excerpt: row.excerpt as string,
    price: row.price as string,
    category: row.category as string,
    views: Number(row.views),
    isFeatured: Boolean(row.isFeatured),
    ratingAvg: row.ratingAvg as string,
    ratingCount: Number(row.ratingCount),
    createdAt: new Date(row.createdAt as string | Date),
    author: {
      userId: row.createdBy as string,
      firstName: row.authorFirstName as string | null,
      lastName: row.authorLastName as string | null,
      username: row.authorUsername as string | null,
      avatarUrl: row.authorAvatarUrl as string | null,
    },
  };
}

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
 * list (view counters, chat, …: `keepOnWrite` in server/app.ts); other processes show a changed
 * count within the 30 s.
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

/** Counts an opening once per visitor and day (features/views); returns the count, or null for an unknown id. */
export async function incrementServiceViews(db: Database, id: string | undefined, opening: ViewOpening): Promise<number | null> {
  if (!isServiceId(id)) return null;
  return countView(db, "service", id, opening);
}

export interface CreateServiceOptions {
  actorId: string;
  input: Record<string, unknown>;
}

export async function createService(db: Database, { actorId, input }: CreateServiceOptions): Promise<{ id: string }> {
  const values = parseInput(createServiceSchema, input);
  const [row] = await db
    .insert(services)
    .values({ ...values, createdBy: actorId })
    .returning({ id: services.id });
  return { id: row!.id };
}

/** The service if the actor owns it; refuses with NOT_FOUND or FORBIDDEN otherwise. */
async function ownedService(db: Database, actorId: string, id: string | undefined) {
  if (!isServiceId(id)) throw new AppError("NOT_FOUND", "service_not_found");
  const [row] = await db.select({ id: services.id, createdBy: services.createdBy, category: services.category }).from(services).where(eq(services.id, id));
  if (!row) throw new AppError("NOT_FOUND", "service_not_found");
  if (row.createdBy !== actorId) throw new AppError("FORBIDDEN", "not_service_owner");
  return row;
}

/** For the edit page: the service when the actor may edit it. */
export async function getServiceForEdit(db: Database, actorId: string, id: string | undefined) {
  await ownedService(db, actorId, id);
  return (await getService(db, id))!;
}

export interface UpdateServiceOptions {
  actorId: string;
  serviceId: string | undefined;
  input: Record<string, unknown>;
}

export async function updateService(db: Database, { actorId, serviceId, input }: UpdateServiceOptions): Promise<void> {
  const current = await ownedService(db, actorId, serviceId);
  const values = parseInput(editServiceSchema(current.category), input);
  await db
    .update(services)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(services.id, current.id), eq(services.createdBy, actorId)));
}

export async function deleteService(db: Database, { actorId, serviceId }: { actorId: string; serviceId: string | undefined }) {
  const current = await ownedService(db, actorId, serviceId);
  // Reviews, comments and favourites go with it (foreign keys cascade).
  await db.delete(services).where(and(eq(services.id, current.id), eq(services.createdBy, actorId)));
}

export interface DashboardData {
  profileViews: number;
  serviceCount: number;
  totalViews: number;
  /** Average over every review of the user's services, or null without reviews. */
  averageRating: string | null;
  ratingCount: number;
  services: ServiceCard[];
  /** A new member (joined within a day, nothing offered yet) is welcomed, not welcomed back. */
  isNewMember: boolean;
}

const NEW_MEMBER_MS = 24 * 60 * 60 * 1000;

export async function getDashboard(db: Database, userId: string, now = Date.now()): Promise<DashboardData> {
  const [profile] = await db.select({ profileViews: profiles.profileViews, createdAt: profiles.createdAt }).from(profiles).where(eq(profiles.userId, userId));
  const [totals] = await db
    .select({
      serviceCount: count(),
      totalViews: sql<string>`coalesce(sum(${services.views}), 0)`,
      ratingCount: sql<string>`coalesce(sum(${services.ratingCount}), 0)`,
    })
    .from(services)
    .where(eq(services.createdBy, userId));
  const rows = await db
    .select(cardColumns)
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.createdBy))
    .where(eq(services.createdBy, userId))
    .orderBy(desc(services.isFeatured), desc(services.createdAt), desc(services.id));
  const ratingCount = Number(totals?.ratingCount ?? 0);
  // Exact average over all reviews of the user's services (not an average of averages).
  const [exact] = ratingCount
    ? await db
        .select({ avg: sql<string>`round(avg(${serviceReviews.rating})::numeric, 2)` })
        .from(serviceReviews)
        .innerJoin(services, eq(services.id, serviceReviews.serviceId))
        .where(eq(services.createdBy, userId))
    : [];
  return {
    profileViews: profile?.profileViews ?? 0,
    isNewMember: Number(totals?.serviceCount ?? 0) === 0 && !!profile && now - profile.createdAt.getTime() < NEW_MEMBER_MS,
    serviceCount: Number(totals?.serviceCount ?? 0),
    totalViews: Number(totals?.totalViews ?? 0),
    averageRating: ratingCount ? (exact?.avg ?? null) : null,
    ratingCount,
    services: rows.map(toCard),
  };
}

export interface PublicAuthorProfile {
  userId: string;
  firstName: string;
  lastName: string;
  username: string | null;
  avatarUrl: string | null;
  bio: string | null;
  isPremium: boolean;
  createdAt: Date;
}

/** The public fields of a profile (the author dialog), or null. */
export async function getPublicProfile(db: Database, userId: string): Promise<PublicAuthorProfile | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
      bio: profiles.bio,
      isPremium: profiles.isPremium,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}
