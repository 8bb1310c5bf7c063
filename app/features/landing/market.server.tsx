import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { services } from "~/db/schema";
import { catalogCounts, listServices } from "~/features/services/catalogue.server";
import { parseServiceFilters } from "~/features/services/filters";
import { cardsFragment, loaderCards, type LoaderCards } from "~/features/services/shared-list.server";
import type { ServiceCard } from "~/features/services/service-card.server";
import type { Database } from "~/lib/db.server";
import { sharedFragments } from "~/lib/request-context.server";
import { createSharedCache, type SharedCache } from "~/lib/shared-cache.server";
import type { SharedFragment } from "~/lib/shared-fragment.server";

/** How many services the start page features (two rows of three, three rows of two). */
export const FEATURED_COUNT = 6;
/** The start page's figures are reused this long (and cleared by any write on this process). */
export const MARKET_CACHE_MS = 60_000;
/** The key of the featured cards' shared HTML (ADR 013). */
export const FEATURED_FRAGMENT_KEY = "landing:featured";

export interface MarketFigures {
  services: number;
  /** Accounts with at least one service. */
  providers: number;
  /** The mean of the rated services' averages; null while nothing is rated. */
  averageRating: number | null;
  /** Every rating given (the sum of the services' rating counts). */
  ratings: number;
}

export interface Market {
  figures: MarketFigures;
  /** Every category with at least one service, most services first. */
  categories: { category: string; count: number }[];
  /** Featured services first, then the best rated: the catalogue's own "rating" order. */
  featured: ServiceCard[];
}

/**
 * The market as the start page shows it, straight from the database, in three statements run side
 * by side. The figures are one pass over the table grouped by provider (a hash aggregate: no
 * sort, where count(distinct …) sorts every row; about a third of the time at 100,000 services);
 * the per-category counts are one grouped pass that the planner may take from the category index
 * (index-only); the featured services are the first rows of the rating index (the catalogue's own
 * list, so they show as /services?sort=rating does). Read once a minute per process (marketCache).
 */
export async function readMarket(db: Database): Promise<Market> {
  const perProvider = db
    .select({
      services: sql<number>`count(*)`.as("services"),
      ratedSum: sql<string | null>`sum(${services.ratingAvg}) filter (where ${services.ratingCount} > 0)`.as("rated_sum"),
      rated: sql<number>`count(*) filter (where ${services.ratingCount} > 0)`.as("rated"),
      ratings: sql<number>`sum(${services.ratingCount})`.as("ratings"),
    })
    .from(services)
    // Only what the catalogue lists (ADR 023): removed services and suspended providers do not count.
    .where(sql`${services.listed}`)
    .groupBy(services.createdBy)
    .as("per_provider");
  const [figureRows, categoryRows, featured] = await Promise.all([
    db
      .select({
        services: sql<string>`coalesce(sum(${perProvider.services}), 0)::bigint::text`,
        providers: sql<number>`count(*)::int`,
        averageRating: sql<string | null>`(sum(${perProvider.ratedSum}) / nullif(sum(${perProvider.rated}), 0))::numeric(4,2)::text`,
        ratings: sql<string>`coalesce(sum(${perProvider.ratings}), 0)::bigint::text`,
      })
      .from(perProvider),
    db
      .select({ category: services.category, count: sql<number>`count(*)::int` })
      .from(services)
      .where(sql`${services.listed}`)
      .groupBy(services.category)
      .orderBy(sql`count(*) desc`, services.category),
    listServices(db, parseServiceFilters(new URLSearchParams({ sort: "rating" })), FEATURED_COUNT, catalogCounts()),
  ]);
  const row = figureRows[0];
  return {
    figures: {
      services: Number(row?.services ?? 0),
      providers: Number(row?.providers ?? 0),
      averageRating: row?.averageRating == null ? null : Number(row.averageRating),
      ratings: Number(row?.ratings ?? 0),
    },
    categories: categoryRows.map((r) => ({ category: r.category, count: Number(r.count) })),
    featured: featured.items,
  };
}

interface MarketEntry {
  market: Market;
  /** The featured cards' HTML, rendered once when a document first needs it. */
  fragment?: SharedFragment;
}

const globalForMarket = globalThis as unknown as { __marketCache?: SharedCache<MarketEntry> };

/**
 * The start page's market for everyone, read once per minute and process (single-flight: a
 * minute's end under load costs one read, not one per request) and cleared by any write on this
 * process (server/app.ts), like the catalogue's caches. Other processes show a change within the minute.
 */
export function marketCache(): SharedCache<MarketEntry> {
  globalForMarket.__marketCache ??= createSharedCache<MarketEntry>({ ttlMs: () => MARKET_CACHE_MS, maxEntries: 1, now: () => Date.now() });
  return globalForMarket.__marketCache;
}

/** The start page loader's market, and for a document the featured cards' shared HTML handed to the render. */
export async function sharedMarket(db: Database, context?: Readonly<RouterContextProvider>): Promise<LoaderMarket> {
  const entry = await marketCache().get("market", async () => ({ market: await readMarket(db) }));
  const fragments = context ? sharedFragments(context) : null;
  const inDocument = fragments !== null && entry.market.featured.length > 0;
  if (inDocument) {
    // The landing page's cards sit in a section under its h2 (ServiceGrid in routes/home.tsx).
    entry.fragment ??= cardsFragment(entry.market.featured, 3);
    fragments.set(FEATURED_FRAGMENT_KEY, entry.fragment);
  }
  return { ...entry.market, featured: loaderCards(entry.market.featured, inDocument), fragmentKey: FEATURED_FRAGMENT_KEY };
}

/** The market as the start page's loader returns it: the featured cards as HTML in a document. */
export type LoaderMarket = Omit<Market, "featured"> & { featured: LoaderCards<ServiceCard>; fragmentKey: string };
