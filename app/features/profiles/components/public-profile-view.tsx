import { BadgeCheck, CalendarDays, Eye, ImageOff, MessageCircle, PackageOpen, ShieldCheck } from "~/components/ui/icons";
import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BlockButton } from "~/features/blocks/components/block-button";
import { UnblockForm } from "~/features/blocks/components/unblock-form";
import { FavoriteButton } from "~/features/favorites/components/favorite-button";
import { blocksDe } from "~/i18n/blocks.de";
import { RatingLine } from "~/features/services/components/service-card";
import { FeaturedBadge } from "~/features/services/components/featured-badge";
import { PriceUnitText } from "~/features/services/components/service-card";
import type { PriceUnit } from "~/features/orders/limits";
import { publicDe as de } from "~/i18n/public.de";
import { useCountedView } from "~/lib/use-counted-view";
import { RemovedNote, ReportLink } from "~/features/moderation/components/report-link";
import { displayName, formatDate, formatPrice } from "~/lib/format";

interface ProfileData {
  userId: string;
  firstName: string;
  lastName: string;
  username: string | null;
  avatarUrl: string | null;
  bio: string | null;
  gallery: string[];
  isPremium: boolean;
  role: "user" | "support";
  profileViews: number;
  createdAt: string | Date;
  /** Removed by moderation or suspended (only its owner gets it then). */
  hidden?: boolean;
}

interface ProfileService {
  id: string;
  title: string;
  price: string;
  priceUnit: PriceUnit;
  category: string;
  views: number;
  isFeatured: boolean;
  ratingAvg: string;
  ratingCount: number;
}

/** /u/{username} (and /public-profile/{id} without a username). Counts one view per visit. */
export function PublicProfileView({
  profile,
  services,
  favorites,
  viewer,
}: {
  profile: ProfileData;
  services: ProfileService[];
  favorites: string[];
  viewer: { id: string; blockedByMe: boolean } | null;
}) {
  // Counts this visit (the spec's profile_views update) and shows the count including it.
  const profileViews = useCountedView(`/api/profiles/${encodeURIComponent(profile.userId)}/view`, "profileViews", profile.profileViews);
  const name = displayName(profile.firstName, profile.lastName);
  const isSelf = viewer?.id === profile.userId;
  const here = profile.username ? `/u/${profile.username}` : `/public-profile/${profile.userId}`;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-6 rounded-2xl border bg-card p-6 sm:flex-row sm:items-center">
        <Avatar src={profile.avatarUrl} firstName={profile.firstName} lastName={profile.lastName} className="size-24 text-3xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
            {profile.isPremium && (
              <Badge className="bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                {de.publicProfile.premium}
              </Badge>
            )}
            {profile.role === "support" && (
              <Badge variant="secondary">
                <ShieldCheck className="size-3.5" aria-hidden="true" />
                {de.publicProfile.support}
              </Badge>
            )}
          </div>
          {profile.username && <p className="text-muted-foreground">@{profile.username}</p>}
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <Eye className="size-4" aria-hidden="true" />
              {de.publicProfile.profileViews(profileViews)}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              {de.publicProfile.joined(formatDate(profile.createdAt, "monthYear"))}
            </span>
          </div>
          {profile.bio && <p className="mt-3 max-w-2xl whitespace-pre-line">{profile.bio}</p>}
          {profile.hidden && isSelf && <RemovedNote className="mt-2" />}
          {!isSelf && <ReportLink kind="profile" id={profile.userId} text="text-sm" className="mt-2" />}
        </div>
        {viewer && !isSelf && (
          <div className="flex flex-col gap-2 sm:items-end">
            {viewer.blockedByMe ? (
              <>
                <p className="text-sm text-muted-foreground">{blocksDe.publicProfile.notice}</p>
                <UnblockForm userId={profile.userId} name={name} returnTo={here} />
              </>
            ) : (
              <>
                {/* Starts (or reopens) the direct conversation and goes to /live-chat/{id}. */}
                <Form method="post" action="/live-chat">
                  <input type="hidden" name="userId" value={profile.userId} />
                  {profile.username && <input type="hidden" name="returnTo" value={`/u/${profile.username}`} />}
                  <Button type="submit" className="w-full">
                    <MessageCircle aria-hidden="true" />
                    {de.publicProfile.sendMessage}
                  </Button>
                </Form>
                <BlockButton userId={profile.userId} name={name} returnTo={here} variant="ghost" />
              </>
            )}
          </div>
        )}
      </header>

      <section aria-labelledby="profile-services" className="mt-10">
        <h2 id="profile-services" className="text-2xl font-semibold">
          {de.publicProfile.services}
        </h2>
        {services.length === 0 ? (
          <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
            <PackageOpen className="size-9 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{de.publicProfile.noServices}</p>
          </div>
        ) : (
          <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.id}>
                <article className="relative flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant="secondary">{service.category}</Badge>
                      {service.isFeatured && <FeaturedBadge />}
                    </div>
                    {!isSelf && (
                      <FavoriteButton action={`/services/${service.id}`} isFavorite={favorites.includes(service.id)} signedIn={Boolean(viewer)} compact />
                    )}
                  </div>
                  <h3 className="mt-3 text-lg font-semibold leading-snug">
                    <Link to={`/services/${service.id}`} className="hover:underline">
                      {service.title}
                    </Link>
                  </h3>
                  <div className="mt-2">
                    <RatingLine avg={service.ratingAvg} count={service.ratingCount} />
                  </div>
                  <div className="mt-auto flex items-end justify-between pt-4">
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <Eye className="size-3.5" aria-hidden="true" />
                      {de.services.views(service.views)}
                    </span>
                    <span className="text-right">
                      <span className="block text-lg font-bold">{formatPrice(service.price)}</span>
                      <PriceUnitText unit={service.priceUnit} className="block text-xs" />
                    </span>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="profile-gallery" className="mt-10">
        <h2 id="profile-gallery" className="text-2xl font-semibold">
          {de.publicProfile.gallery}
        </h2>
        {profile.gallery.length === 0 ? (
          <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
            <ImageOff className="size-9 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 font-medium">{de.publicProfile.noGallery}</p>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {profile.gallery.map((url, i) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg border">
                  <img src={url} alt={de.publicProfile.galleryImage(i + 1)} className="aspect-square w-full object-cover" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
