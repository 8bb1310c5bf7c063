import { ArrowRight, PackageSearch, Search, Trash2 } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { savedSearchesDe as t } from "~/i18n/saved-searches.de";
import { outcomeOf } from "~/lib/action-outcome";
import { formatDate } from "~/lib/format";
import { useRefocusAfterRemoval } from "~/lib/use-refocus-after-removal";
import type { action } from "~/routes/profile";
import type { SavedSearchView } from "../saved-searches.server";

/** "Gespeicherte Suchen" on the profile: each opens /services with its query, and can be deleted. */
export function SavedSearchesSection({ searches }: { searches: SavedSearchView[] }) {
  // One fetcher for every row: the section stays mounted when a row goes away.
  const remover = useFetcher<typeof action>();
  const result = outcomeOf(remover.data, "deleteSavedSearch");
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(t.profile.removed);
    else toast.error(t.profile.removeError, { description: result.message });
  }, [result]);
  // The pressed button goes with its row: the focus then moves to the next row's, or the heading.
  const { list, heading, removing: refocusAfter } = useRefocusAfterRemoval(remover.state === "idle", searches);

  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} id="saved-searches-heading" tabIndex={-1} className="text-xl font-semibold focus-visible:outline-none">
          {t.profile.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{t.profile.intro}</p>
      </CardHeader>
      <CardContent>
        {searches.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
            <PackageSearch className="size-9 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 max-w-md font-medium">{t.profile.empty}</p>
            <Button asChild variant="outline" className="mt-4">
              <Link to="/services">{t.profile.browse}</Link>
            </Button>
          </div>
        ) : (
          <ul ref={list} className="divide-y rounded-xl border" aria-labelledby="saved-searches-heading">
            {searches.map((search, index) => {
              const removing = remover.state !== "idle" && remover.formData?.get("id") === search.id;
              return (
                <li key={search.id} className={`flex items-center gap-3 p-3 sm:p-4 ${removing ? "opacity-50" : ""}`}>
                  <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary sm:flex">
                    <Search className="size-5" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/services${search.query}`}
                      aria-label={t.profile.open(search.name)}
                      className="group inline-flex max-w-full items-center gap-1 font-semibold break-words hover:underline"
                    >
                      <span className="min-w-0 break-words">{search.name}</span>
                      <ArrowRight className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground" aria-hidden="true" />
                    </Link>
                    <p className="text-xs text-muted-foreground">{t.profile.savedOn(formatDate(search.createdAt))}</p>
                  </div>
                  <remover.Form method="post" action="/profile" onSubmit={() => refocusAfter(index)}>
                    <input type="hidden" name="intent" value="deleteSavedSearch" />
                    <input type="hidden" name="id" value={search.id} />
                    <Button type="submit" variant="outline" size="icon" className="size-9" disabled={removing} aria-label={t.profile.remove(search.name)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </remover.Form>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
