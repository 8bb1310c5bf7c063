import { Eye, Heart, HeartOff } from "~/components/ui/icons";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ordersPublicDe } from "~/i18n/orders-public.de";
import { de } from "~/i18n/de";
import { outcomeOf } from "~/lib/action-outcome";
import { displayName, formatPrice } from "~/lib/format";
import { useRefocusAfterRemoval } from "~/lib/use-refocus-after-removal";
import type { action } from "~/routes/profile";
import type { FavoriteView } from "./types";

export function FavoritesSection({ favorites }: { favorites: FavoriteView[] }) {
  // One fetcher for every card: the section stays mounted when a card goes away.
  const remover = useFetcher<typeof action>();
  const result = outcomeOf(remover.data, "removeFavorite");
  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(de.favorites.removed);
    else toast.error(de.favorites.removeError, { description: result.message });
  }, [result]);

  // The pressed button goes with its card: the focus then moves to the next card's, or the heading.
  const { list, heading, removing: refocusAfter } = useRefocusAfterRemoval(remover.state === "idle", favorites);

  return (
    <Card>
      <CardHeader>
        <h2 ref={heading} id="favorites-heading" tabIndex={-1} className="text-xl font-semibold focus-visible:outline-none">
          {de.profile.favorites.heading}
        </h2>
      </CardHeader>
      <CardContent>
        {favorites.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
            <HeartOff className="size-9 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{de.profile.favorites.empty}</p>
            <Button asChild variant="outline" className="mt-4">
              <Link to="/services">{de.profile.favorites.browse}</Link>
            </Button>
          </div>
        ) : (
          <ul ref={list} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {favorites.map((favorite, index) => {
              const removing = remover.state !== "idle" && remover.formData?.get("serviceId") === favorite.serviceId;
              return (
                <li key={favorite.serviceId} className={removing ? "opacity-50" : undefined}>
                  <article className="flex h-full flex-col rounded-xl border bg-background p-4">
                    <div className="flex items-start justify-between gap-3">
                      <Badge variant="secondary">{favorite.category}</Badge>
                      <remover.Form method="post" action="/profile" onSubmit={() => refocusAfter(index)}>
                        <input type="hidden" name="intent" value="removeFavorite" />
                        <input type="hidden" name="serviceId" value={favorite.serviceId} />
                        <Button type="submit" variant="outline" size="icon" className="size-9" disabled={removing} aria-label={de.profile.favorites.remove(favorite.title)}>
                          <Heart aria-hidden="true" className="fill-red-500 text-red-500" />
                        </Button>
                      </remover.Form>
                    </div>
                    <h3 className="mt-3 font-semibold leading-snug">
                      <Link to={`/services/${favorite.serviceId}`} className="hover:underline">
                        {favorite.title}
                      </Link>
                    </h3>
                    <p className="mt-1 text-sm text-muted-foreground">{de.profile.favorites.by(displayName(favorite.author.firstName, favorite.author.lastName))}</p>
                    {favorite.excerpt && (
                      <p className="mt-2 break-words text-sm">
                        {favorite.excerpt}
                        {favorite.truncated && "…"}
                      </p>
                    )}
                    <div className="mt-auto flex items-end justify-between pt-4">
                      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                        <Eye className="size-3.5" aria-hidden="true" />
                        {de.services.views(favorite.views)}
                      </span>
                      <span className="text-right">
                        <span className="block text-lg font-bold">{formatPrice(favorite.price)}</span>
                        {/* As the cards' PriceUnitText; not imported from there, which would split the cards' code into more files. */}
                        <span className="block whitespace-nowrap text-xs font-medium text-muted-foreground">{ordersPublicDe.unit[favorite.priceUnit]}</span>
                      </span>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
