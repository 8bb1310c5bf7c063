import { CalendarDays, CheckCircle2, Clock, LayoutGrid, Star } from "~/components/ui/icons";
import { listingFactsDe as t } from "~/i18n/listing-facts.de";
import { formatDate, formatRating } from "~/lib/format";

export interface ProviderTrustData {
  memberSince: Date | string;
  ratingAvg: string | null;
  ratingCount: number;
  serviceCount: number;
  completedOrders: number;
  responseSeconds: number | null;
}

/**
 * "within …" of a median reply time, rounded up so that it stays true for most replies: quarter
 * hours below an hour, whole hours below a day, days beyond.
 */
export function responseSpan(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const quarters = Math.ceil(minutes / 15) * 15;
  if (quarters < 60) return t.trust.minutes(quarters);
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return t.trust.hours(hours);
  return t.trust.days(Math.ceil(hours / 24));
}

/** The provider's track record under their name on a service page. */
export function ProviderTrustList({ trust }: { trust: ProviderTrustData }) {
  const item = "flex items-start gap-2";
  const icon = "mt-0.5 size-4 shrink-0 text-muted-foreground";
  return (
    <ul className="mt-4 grid gap-2 text-sm" aria-label={t.trust.title} data-provider-trust="">
      <li className={item}>
        <CalendarDays className={icon} aria-hidden="true" />
        {t.trust.memberSince(formatDate(trust.memberSince, "monthYear"))}
      </li>
      <li className={item}>
        <Star className={icon} aria-hidden="true" />
        {trust.ratingAvg !== null && trust.ratingCount > 0 ? t.trust.rating(formatRating(trust.ratingAvg), trust.ratingCount) : t.trust.noRatings}
      </li>
      <li className={item}>
        <LayoutGrid className={icon} aria-hidden="true" />
        {t.trust.services(trust.serviceCount)}
      </li>
      <li className={item}>
        <CheckCircle2 className={icon} aria-hidden="true" />
        {t.trust.completedOrders(trust.completedOrders)}
      </li>
      {trust.responseSeconds !== null && (
        <li className={item}>
          <Clock className={icon} aria-hidden="true" />
          {t.trust.respondsWithin(responseSpan(trust.responseSeconds))}
        </li>
      )}
    </ul>
  );
}
