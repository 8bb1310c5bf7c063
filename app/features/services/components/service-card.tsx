import { Eye } from "~/components/ui/icons";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Stars } from "~/components/ui/stars";
import { FeaturedBadge } from "./featured-badge";
import { ListingFacts, PriceUnitText } from "./listing-facts";
import { ServiceCover, type CoverLoad } from "./service-cover";
import { publicDe as de } from "~/i18n/public.de";
import { displayName, formatPrice, formatRating } from "~/lib/format";
import type { ServiceCard as ServiceCardData } from "../service-card.server";

/**
 * The unit beside a price, for pages that list services in rows of their own (a public profile,
 * the dashboard), which import this module already: so listing-facts keeps the importers it has and
 * stays in the cards' file (Rollup splits a module whose importers differ into a chunk of its own,
 * one more request on every catalogue page).
 */
export { PriceUnitText } from "./listing-facts";

type SerializedCard = Omit<ServiceCardData, "createdAt"> & { createdAt: string | Date };

/**
 * The level of a card's title: the next below the heading the cards sit under (2 on /services,
 * right under the page's h1; 3 in a section of the landing page).
 */
export type CardHeadingLevel = 2 | 3;

export function RatingLine({ avg, count }: { avg: string; count: number }) {
  if (count === 0) return <span className="text-sm text-muted-foreground">{de.services.noRatings}</span>;
  const label = de.services.ratingSummary(formatRating(avg), count);
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Stars value={Number(avg)} label={label} />
      <span aria-hidden="true" className="text-muted-foreground">
        {formatRating(avg)} ({count})
      </span>
    </span>
  );
}

/**
 * A catalogue card: the whole card links to the detail; the author link (`data-author-id`)
 * opens a profile dialog through the list around it (ServiceGrid), which also handles it in the
 * shared HTML that is not hydrated. So the card itself has no state or handlers and renders the
 * same on the server, in the shared fragment and in the browser.
 */
export function ServiceCard({ service, headingLevel, load = "lazy" }: { service: SerializedCard; headingLevel: CardHeadingLevel; load?: CoverLoad }) {
  const author = displayName(service.author.firstName, service.author.lastName);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <div className="-mx-5 -mt-5 mb-4 overflow-hidden rounded-t-xl">
        <ServiceCover cover={service.cover} category={service.category} load={load} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{service.category}</Badge>
        {service.isFeatured && <FeaturedBadge />}
      </div>
      <Heading className="mt-3 text-lg font-semibold leading-snug">
        <Link to={`/services/${service.id}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
          {service.title}
        </Link>
      </Heading>
      {service.excerpt && <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{service.excerpt}</p>}
      <div className="mt-3">
        <RatingLine avg={service.ratingAvg} count={service.ratingCount} />
      </div>
      <ListingFacts facts={service} compact className="mt-2" />
      <div className="mt-auto flex items-end justify-between gap-3 pt-4">
        {/* A link to the author's public profile, which the list turns into the profile dialog
            (spec: clicking the author opens it); before the page's scripts run, without them, or
            opened in a new tab, it is the profile page. A plain <a>: the shared HTML has no router. */}
        <a
          href={`/public-profile/${service.author.userId}`}
          data-author-id={service.author.userId}
          className="relative z-10 flex min-w-0 items-center gap-2 rounded-md text-left text-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Avatar src={service.author.avatarUrl} firstName={service.author.firstName} lastName={service.author.lastName} className="size-7 text-xs" />
          <span className="truncate">
            <span className="sr-only">{de.services.authorProfilePrefix} </span>
            {author}
          </span>
        </a>
        <div className="shrink-0 text-right">
          <p className="text-lg font-bold">
            {formatPrice(service.price)}
          </p>
          <PriceUnitText unit={service.priceUnit} className="block text-xs" />
          <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Eye className="size-3.5" aria-hidden="true" />
            {de.services.views(service.views)}
          </p>
        </div>
      </div>
    </article>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col rounded-xl border bg-card p-5" aria-hidden="true">
      <div className="-mx-5 -mt-5 mb-4 aspect-[16/10] rounded-t-xl bg-muted" />
      <div className="h-5 w-24 rounded-full bg-muted" />
      <div className="mt-4 h-5 w-4/5 rounded bg-muted" />
      <div className="mt-2 h-4 w-full rounded bg-muted" />
      <div className="mt-1 h-4 w-2/3 rounded bg-muted" />
      <div className="mt-auto flex justify-between pt-6">
        <div className="h-6 w-28 rounded bg-muted" />
        <div className="h-6 w-20 rounded bg-muted" />
      </div>
    </div>
  );
}
