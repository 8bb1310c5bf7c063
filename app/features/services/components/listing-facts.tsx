import { Clock, Laptop, MapPin } from "~/components/ui/icons";
import { listingFactsDe as t } from "~/i18n/listing-facts.de";
import { ordersPublicDe } from "~/i18n/orders-public.de";
import { cn } from "~/lib/class-names";
import type { PriceUnit } from "~/features/orders/limits";
import type { WorkPlace } from "../listing-facts";

export interface ListingFactsData {
  deliveryDays: number | null;
  workPlace: WorkPlace;
  workCity: string | null;
}

export function deliveryText(days: number | null): string {
  return days === null ? t.delivery.byAgreement : t.delivery.inDays(days);
}

export function placeText({ workPlace, workCity }: Pick<ListingFactsData, "workPlace" | "workCity">): string {
  if (workPlace === "remote" || !workCity) return t.place.remote;
  return workPlace === "onsite" ? t.place.onsite(workCity) : t.place.both(workCity);
}

/** "Festpreis", "pro Stunde", …: always said, so that a price is never read without its unit. */
export function PriceUnitText({ unit, className }: { unit: PriceUnit; className?: string }) {
  return <span className={cn("whitespace-nowrap font-medium text-muted-foreground", className)}>{ordersPublicDe.unit[unit]}</span>;
}

/**
 * Delivery time and place of work, compact: a card's line ("Lieferung in 3 Tagen · Remote") or
 * the detail page's list. A list of two items, so that a screen reader says them apart.
 */
export function ListingFacts({ facts, compact = false, className }: { facts: ListingFactsData; /** A card's smaller line. */ compact?: boolean; className?: string }) {
  const PlaceIcon = facts.workPlace === "remote" ? Laptop : MapPin;
  return (
    <ul className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground", compact ? "text-xs" : "text-sm", className)} data-listing-facts="">
      <li className="inline-flex items-center gap-1">
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        {deliveryText(facts.deliveryDays)}
      </li>
      <li className="inline-flex min-w-0 items-center gap-1">
        <PlaceIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{placeText(facts)}</span>
      </li>
    </ul>
  );
}
