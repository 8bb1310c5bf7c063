import { Bell } from "~/components/ui/icons";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ServiceFilters } from "~/features/services/filters";
import { savedSearchesDe as t } from "~/i18n/saved-searches.de";
import { signInLink } from "~/lib/safe-redirect";
import type { loader as rootLoader } from "~/root";
import { SAVED_SEARCH_NAME_MAX, savedQueryOf, summariseFilters } from "../query";

/**
 * "Suche speichern" under the catalogue's count, when a filter is set. Signed in: a disclosure
 * (details/summary, so it needs no JavaScript) with the name, prefilled with a summary of the
 * filters; the form posts to the profile, which saves and comes back here with a toast. Signed
 * out: the same words lead to the sign-in, which comes back to this very list.
 */
export function SaveSearch({ filters }: { filters: ServiceFilters }) {
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const location = useLocation();
  const query = savedQueryOf(filters);
  if (!query) return null;
  const here = `${location.pathname}${location.search}`;
  if (!signedIn) {
    return (
      <Link to={signInLink(here)} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={t.saveSignedOut}>
        <Bell aria-hidden="true" />
        {t.save}
      </Link>
    );
  }
  return (
    // Keyed by the visit: after saving (a redirect back here) or another filter set it starts
    // closed, with the default name of its filters.
    <details key={`${query}:${location.key}`} className="group relative w-full sm:w-auto">
      <summary className={`${buttonVariants({ variant: "outline", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Bell aria-hidden="true" />
        {t.save}
      </summary>
      {/* On wider screens a popover over the cards; on phones it pushes them down. */}
      <Form method="post" action="/profile" className="mt-3 grid gap-2 rounded-xl border bg-card p-4 shadow-lg sm:absolute sm:top-full sm:right-0 sm:z-20 sm:mt-2 sm:w-96">
        <input type="hidden" name="intent" value="saveSearch" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="returnTo" value={here} />
        <label htmlFor="saved-search-name" className="text-sm font-medium">
          {t.nameLabel}
        </label>
        <Input id="saved-search-name" name="name" defaultValue={summariseFilters(filters)} maxLength={SAVED_SEARCH_NAME_MAX} aria-describedby="saved-search-hint" />
        <p id="saved-search-hint" className="text-xs text-muted-foreground">
          {t.nameHint}
        </p>
        <Button type="submit" size="sm" className="justify-self-start">
          {t.submit}
        </Button>
      </Form>
    </details>
  );
}
