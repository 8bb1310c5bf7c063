import { Heart } from "~/components/ui/icons";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";
import { outcomeOf } from "~/lib/action-outcome";
import { cn } from "~/lib/class-names";
import type { action as serviceAction } from "~/routes/service-detail";

/**
 * Favourite on/off. The label says what a press does ("Zu Favoriten hinzufügen" / "Aus Favoriten
 * entfernen"), so the button carries no aria-pressed: "Aus Favoriten entfernen, gedrückt" would
 * say the state twice, in contradicting words. The form says which state it wants (not "toggle"), so a
 * double click cannot undo itself. Signed-out visitors are told to log in.
 */
export function FavoriteButton({
  action,
  isFavorite,
  signedIn,
  compact = false,
}: {
  action: string;
  isFavorite: boolean;
  signedIn: boolean;
  compact?: boolean;
}) {
  const fetcher = useFetcher<typeof serviceAction>();
  const pending = fetcher.formData?.get("on");
  const on = pending !== undefined && pending !== null ? pending === "1" : isFavorite;
  const label = on ? de.favorites.remove : de.favorites.add;

  useEffect(() => {
    const result = outcomeOf(fetcher.data, "favorite");
    if (result && !result.ok) toast.error(de.favorites.failed, { description: result.message });
  }, [fetcher.data]);

  if (!signedIn) {
    return (
      <Button
        type="button"
        variant="outline"
        size={compact ? "icon" : "default"}
        aria-label={compact ? label : undefined}
        onClick={() => toast.error(de.favorites.authRequired, { description: de.favorites.authRequiredText })}
      >
        <Heart aria-hidden="true" />
        {!compact && label}
      </Button>
    );
  }
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <Button type="submit" variant="outline" size={compact ? "icon" : "default"} aria-label={compact ? label : undefined}>
        <Heart aria-hidden="true" className={cn(on && "fill-red-500 text-red-500")} />
        {!compact && label}
      </Button>
    </fetcher.Form>
  );
}
