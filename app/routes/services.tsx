import { PackageSearch } from "~/components/ui/icons";
import { data, Link, useLocation, useNavigation } from "react-router";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { ServiceCardSkeleton } from "~/features/services/components/service-card";
import { ServiceGrid } from "~/features/services/components/service-grid";
import { ServiceFiltersForm } from "~/features/services/components/service-filters";
import { SaveSearch } from "~/features/saved-searches/components/save-search";
import { filtersToSearch, hasActiveFilters, neighbourPages, PAGE_SIZE, parseServiceFilters } from "~/features/services/filters";
import { sharedServiceList } from "~/features/services/shared-list.server";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import { database } from "~/lib/request-context.server";
import { failureOf } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/services";

/** Signed-out visitors share the rendered list of a URL for a few seconds (PAGE_CACHE_SECONDS). */
export const handle = { policy: { pageCache: "shared" } } satisfies PolicyHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseServiceFilters(new URL(request.url).searchParams);
  try {
    const result = await sharedServiceList(await database(context), filters, context);
    return { filters, ...result, loadFailed: false };
  } catch (error) {
    // Spec: a load failure leaves an empty list (with a note; 503 so that no cache keeps it).
    const empty = { items: [], shown: 0, total: 0, totalCapped: false, page: 1, pageCount: 1, hasNext: false, pageSize: PAGE_SIZE, nextCursor: null, prevCursor: null, didYouMean: null, fragmentKey: "" };
    return data({ filters, ...empty, loadFailed: true }, { status: failureOf(error, "list services").status });
  }
}

export function meta() {
  return pageMeta(de.pages.services, de.services.listIntro);
}

export default function Services({ loaderData }: Route.ComponentProps) {
  // `items` is empty in the document's data: the cards came as HTML (shared-list.server), `shown` counts them.
  const { filters, items, shown, total, totalCapped, page, pageCount, hasNext, loadFailed, fragmentKey, didYouMean } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  // Client-side navigation within the list shows skeletons instead of stale cards.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered = hasActiveFilters(filters);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">{de.services.listTitle}</h1>
      <p className="mt-1 text-muted-foreground">{de.services.listIntro}</p>

      <div className="mt-6">
        {/* A new filter state (a link, back/forward, clearing) renders the form afresh from it. */}
        <ServiceFiltersForm key={JSON.stringify(filters)} filters={filters} />
      </div>

      <div className="mt-6 flex flex-wrap items-start justify-between gap-3">
        <p className="text-sm font-medium" role="status" aria-live="polite">
          {loading ? de.services.loading : loadFailed ? null : de.services.found(total, totalCapped)}
          {/* The suggestion below is announced with the count (a search typed on the page). */}
          {didYouMean && !loading && <span className="sr-only">{` ${de.services.didYouMean} ${didYouMean}?`}</span>}
        </p>
        <SaveSearch filters={filters} />
      </div>
      {didYouMean && !loading && (
        // The other filters stay; the corrected text finds something with them (catalogue.server.ts).
        <p className="mt-2 text-base">
          {de.services.didYouMean}{" "}
          <Link className="font-semibold text-primary underline underline-offset-4" to={`/services${filtersToSearch({ ...filters, q: didYouMean, page: 1, after: "", before: "" })}`}>
            {didYouMean}
          </Link>
          ?
        </p>
      )}

      {loading ? (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <ServiceCardSkeleton />
            </li>
          ))}
        </ul>
      ) : loadFailed ? (
        <Alert variant="destructive" className="mt-4">
          <AlertDescription>{de.services.loadFailed}</AlertDescription>
        </Alert>
      ) : shown === 0 && page > 1 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <PackageSearch className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold">{de.services.pastEndTitle}</h2>
          <Button asChild className="mt-6" variant="outline">
            <Link to={`/services${filtersToSearch({ ...filters, page: 1 })}`}>{de.services.firstPage}</Link>
          </Button>
        </div>
      ) : shown === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <PackageSearch className="size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-4 text-lg font-semibold">{filtered ? de.services.noMatchTitle : de.services.emptyTitle}</h2>
          <p className="mt-1 max-w-md text-muted-foreground">{filtered ? de.services.noMatchText : de.services.emptyText}</p>
          <Button asChild className="mt-6" variant={filtered ? "outline" : "default"}>
            {filtered ? <Link to="/services">{de.services.clearFilters}</Link> : <Link to="/create-service">{de.dashboard.createService}</Link>}
          </Button>
        </div>
      ) : (
        <ServiceGrid items={items} fragmentKey={fragmentKey} headingLevel={2} />
      )}

      {!loading && (
        <Pager
          page={page}
          pageCount={totalCapped ? undefined : pageCount}
          hasNext={hasNext}
          previousHref={`/services${neighbourPages(filters, loaderData).previous}`}
          nextHref={`/services${neighbourPages(filters, loaderData).next}`}
        />
      )}
    </div>
  );
}
