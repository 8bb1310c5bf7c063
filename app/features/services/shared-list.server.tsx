import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sharedFragments } from "~/lib/request-context.server";
import { createSharedCache, type SharedCache } from "~/lib/shared-cache.server";
import { SharedFragment } from "~/lib/shared-fragment.server";
import { catalogCounts, listServices, type ServiceListResult } from "./catalogue.server";
import { ServiceCardList } from "./components/service-grid";
import type { CardHeadingLevel } from "./components/service-card";
import type { ServiceCard } from "./service-card.server";
import { filtersToSearch, type ServiceFilters } from "./filters";

interface SharedList {
  result: ServiceListResult;
  /** The cards' HTML, rendered when a document first needs it (data requests render in the browser). */
  fragment?: SharedFragment;
}

const globalForLists = globalThis as unknown as { __sharedLists?: SharedCache<SharedList> };

/**
 * The catalogue's pages as everyone sees them, kept for PAGE_CACHE_SECONDS (the same staleness
 * signed-out visitors get from the page cache) and cleared by any write on this process
 * (server/app.ts). Signed-in visitors, whose pages are never cached whole, share these too.
 */
export function sharedLists(): SharedCache<SharedList> {
  globalForLists.__sharedLists ??= createSharedCache<SharedList>({ ttlMs: () => env().pageCacheSeconds * 1000, maxEntries: 500 });
  return globalForLists.__sharedLists;
}

/** The key of a catalogue page: its normalised URL query (the same list for the same key). */
export function listKey(filters: ServiceFilters): string {
  return `services${filtersToSearch(filters)}`;
}

/**
 * Cards as shared HTML (ADR 013): rendered once, outside any request, for every document that
 * shows them. `headingLevel` is the one the page's ServiceGrid gives the same cards.
 */
export function cardsFragment(items: ServiceCard[], headingLevel: CardHeadingLevel): SharedFragment {
  return new SharedFragment(
    renderToStaticMarkup(
      <MemoryRouter>
        <ServiceCardList items={items} headingLevel={headingLevel} />
      </MemoryRouter>,
    ),
  );
}

/**
 * Cards as a loader returns them: `shown` is how many the page shows. A document carries their
 * HTML (the shared fragment), so its data leaves the cards out: they would be encoded into every
 * document for the browser to parse and never read, since the grid keeps the HTML it hydrates
 * with (~/lib/shared-fragment). A data request (client navigation) gets them all.
 */
export type LoaderCards<T> = { items: T[]; shown: number };

/** `items` for the loader's data, given whether this request's document has their fragment. */
export function loaderCards<T>(items: T[], inDocument: boolean): LoaderCards<T> {
  return { items: inDocument ? [] : items, shown: items.length };
}

/**
 * The /services loader's list: listServices once per filter set and page for all concurrent
 * requests, and for a document the cards' shared HTML handed to the render (ServiceGrid).
 */
export async function sharedServiceList(
  db: Database,
  filters: ServiceFilters,
  context: Readonly<RouterContextProvider>,
): Promise<ServiceListResult & LoaderCards<ServiceCard> & { fragmentKey: string }> {
  const fragmentKey = listKey(filters);
  const entry = await sharedLists().get(fragmentKey, async () => ({ result: await listServices(db, filters, undefined, catalogCounts()) }));
  const fragments = sharedFragments(context);
  if (fragments) {
    // /services: the cards' titles are right under the page's h1 (ServiceGrid in routes/services.tsx).
    entry.fragment ??= cardsFragment(entry.result.items, 2);
    fragments.set(fragmentKey, entry.fragment);
  }
  return { ...entry.result, ...loaderCards(entry.result.items, fragments !== null), fragmentKey };
}
