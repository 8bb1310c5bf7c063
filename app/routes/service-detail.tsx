import { ArrowLeft, ClipboardCheck, Eye, MessageCircle, Pencil } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useSearchParams } from "react-router";
import type { ScreenTexts } from "~/lib/responses.server";
import { ServerErrorPage } from "~/components/layout/error-pages";
import { toast } from "~/components/ui/toast";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { CommentSection } from "~/features/comments/components/comment-section";
import { addComment, listComments } from "~/features/comments/comments.server";
import { FavoriteButton } from "~/features/favorites/components/favorite-button";
import { favoriteIds, setFavorite } from "~/features/favorites/favorites.server";
import { ReviewSection } from "~/features/reviews/components/review-section";
import { getOwnReview, listReviews, saveReview } from "~/features/reviews/reviews.server";
import { deleteReply, replyToReview } from "~/features/reviews/replies.server";
import { RatingLine } from "~/features/services/components/service-card";
import { getService } from "~/features/services/catalogue.server";
import { ListingFacts, PriceUnitText } from "~/features/services/components/listing-facts";
import { ProviderTrustList } from "~/features/services/components/provider-trust-box";
import { HIDDEN_UNDER_BAR, StickyPriceBar, useStickyPriceBarShown } from "~/features/services/components/sticky-price-bar";
import { cachedProviderTrust } from "~/features/services/provider-trust.server";
import { ordersPublicDe } from "~/i18n/orders-public.de";
import { deleteService } from "~/features/services/editing.server";
import { DELETE_CONFIRM_ID, DELETE_CONFIRM_PARAM } from "~/features/services/components/delete-service-button";
import { DeleteServiceDialog } from "~/features/services/components/delete-service-dialog";
import { DeleteServicePanel } from "~/features/services/components/delete-service-panel";
import { FeaturedBadge } from "~/features/services/components/featured-badge";
import { ServiceGallery } from "~/features/services/components/service-gallery";
import { listServiceImages } from "~/features/services/images.server";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import { useCountedView } from "~/lib/use-counted-view";
import { setFlashToast } from "~/lib/flash.server";
import { displayName, formatPrice } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { outcomeOf } from "~/lib/action-outcome";
import { database, optionalUser, requireUser } from "~/lib/request-context.server";
import { signInLink } from "~/lib/safe-redirect";
import { actionResult } from "~/lib/responses.server";
import { RemovedServiceBanner } from "~/features/moderation/components/removed-banner";
import { ReportLink } from "~/features/moderation/components/report-link";
import type { Route } from "./+types/service-detail";

export async function loader(args: Route.LoaderArgs) {
  const db = await database(args.context);
  const [service, user] = await Promise.all([getService(db, args.params.id), optionalUser(args)]);
  // Removed by moderation, or its provider suspended: gone for everyone but its author (ADR 023).
  if (!service || (!service.listed && service.author.userId !== user?.id)) throw data({ notFound: true }, { status: 404 });
  const [reviews, comments, ownReview, favorites, trust, images] = await Promise.all([
    listReviews(db, service.id, user?.id ?? null),
    listComments(db, service.id, user?.id ?? null),
    user ? getOwnReview(db, service.id, user.id) : null,
    favoriteIds(db, user?.id, [service.id]),
    cachedProviderTrust(db, service.author.userId),
    listServiceImages(db, service.id),
  ]);
  return {
    service,
    trust,
    images,
    reviews,
    comments,
    ownReview,
    isFavorite: favorites.has(service.id),
    viewer: user ? { id: user.id, isOwner: user.id === service.author.userId } : null,
  };
}

/** This page's words for refusals of its forms (the spec's texts). */
const TEXTS = {
  review: { sign_in_required: de.reviews.authRequiredText, service_not_found: de.services.detail.notFoundTitle },
  comment: { sign_in_required: de.comments.signInPrompt, service_not_found: de.services.detail.notFoundTitle },
  favorite: { sign_in_required: de.favorites.authRequiredText, service_not_found: de.services.detail.notFoundTitle },
  delete: { not_service_owner: de.services.detail.deleteForbidden },
} satisfies Record<string, ScreenTexts>;

/**
 * The page's forms: rate or review, comment and favourite answer their fetcher (signed out: the
 * refusal the form shows); delete needs a signed-in owner and leaves for the list.
 */
export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const form = await readForm(request);
  const db = await database(args.context);
  const actorId = (await optionalUser(args))?.id ?? null;
  const serviceId = params.id;
  switch (form.intent) {
    case "rate":
    case "review": {
      const mode = form.intent;
      return actionResult(() => saveReview(db, { actorId, serviceId, input: form, mode }), { intent: "review", texts: TEXTS.review });
    }
    case "reply":
      return actionResult(() => replyToReview(db, { actorId, serviceId, reviewId: form.reviewId, input: form }), { intent: "reply" });
    case "delete-reply":
      return actionResult(() => deleteReply(db, { actorId, serviceId, reviewId: form.reviewId }), { intent: "delete-reply" });
    case "comment":
      return actionResult(() => addComment(db, { actorId, serviceId, input: form }), { intent: "comment", texts: TEXTS.comment });
    case "favorite": {
      // The wanted state, "1" or "0"; anything else is a malformed request, not a removal.
      if (form.on !== "1" && form.on !== "0") throw data(null, { status: 400 });
      const on = form.on === "1";
      return actionResult(async () => (await setFavorite(db, { actorId, serviceId, on }), { on }), { intent: "favorite", texts: TEXTS.favorite });
    }
    case "delete": {
      const user = await requireUser(args);
      return actionResult(
        async () => {
          await deleteService(db, { actorId: user.id, serviceId });
          const flash = await setFlashToast({ type: "success", title: de.services.detail.deleted });
          throw redirect("/services", { headers: { "Set-Cookie": flash } });
        },
        { intent: "delete", texts: TEXTS.delete },
      );
    }
    default:
      throw data(null, { status: 400 });
  }
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(de.services.detail.notFoundTitle, undefined, { robots: "noindex" });
  const { service } = loaderData;
  const description = service.description ? service.description.slice(0, 160) : `${service.category} · ${formatPrice(service.price)}`;
  return pageMeta(service.title, description, { ogType: "product" });
}

export default function ServiceDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { service, images, viewer, reviews, comments, ownReview, isFavorite, trust } = loaderData;
  const author = displayName(service.author.firstName, service.author.lastName);
  const action = `/services/${service.id}`;
  const signInHref = signInLink(action);
  // Counts the opening once per visit of the page (the spec's increment_service_views) and shows it.
  const views = useCountedView(`/services/${service.id}/view`, "views", service.views);
  const deleteResult = outcomeOf(actionData, "delete");
  const [searchParams] = useSearchParams();
  // On a phone the primary action is in the price bar at the bottom (when it shows), not twice.
  const primaryClass = useStickyPriceBarShown() ? HIDDEN_UNDER_BAR : undefined;
  useEffect(() => {
    if (deleteResult && !deleteResult.ok) toast.error(de.services.detail.deleteError, { description: deleteResult.message });
  }, [deleteResult]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/services" className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {de.services.detail.backToList}
      </Link>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article>
          {images.length > 0 && (
            <div className="mb-6">
              <ServiceGallery images={images} title={service.title} />
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{service.category}</Badge>
            {service.isFeatured && <FeaturedBadge />}
          </div>
          {!service.listed && <RemovedServiceBanner removed={service.removed} />}
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{service.title}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            <RatingLine avg={service.ratingAvg} count={service.ratingCount} />
            <span className="inline-flex items-center gap-1">
              <Eye className="size-4" aria-hidden="true" />
              {de.services.views(views)}
            </span>
          </div>
          <ListingFacts facts={service} className="mt-3" />

          <section aria-labelledby="description-heading" className="mt-8">
            <h2 id="description-heading" className="text-xl font-semibold">
              {de.services.detail.description}
            </h2>
            <p className="mt-3 whitespace-pre-line leading-relaxed text-foreground/90">
              {service.description || de.services.detail.noDescription}
            </p>
          </section>

          {!viewer?.isOwner && (
            <p className="mt-6">
              <ReportLink kind="service" id={service.id} text="text-sm" />
            </p>
          )}

          <ReviewSection
            action={action}
            reviews={reviews}
            ownReview={ownReview}
            canReview={Boolean(viewer && !viewer.isOwner)}
            canReply={Boolean(viewer?.isOwner)}
            signedIn={Boolean(viewer)}
            viewerId={viewer?.id ?? null}
          />
          <CommentSection action={action} comments={comments} signedIn={Boolean(viewer)} signInHref={signInHref} viewerId={viewer?.id ?? null} />
        </article>

        <aside className="grid content-start gap-4">
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <div>
                <p className="text-sm text-muted-foreground">{de.services.detail.price}</p>
                <p className="text-3xl font-bold">
                  {formatPrice(service.price)}
                  <PriceUnitText unit={service.priceUnit} className="ml-1.5 text-base" />
                </p>
              </div>
              {viewer?.isOwner ? (
                <div id={DELETE_CONFIRM_ID} className="grid gap-2">
                  <Button asChild variant="outline" className={primaryClass}>
                    <Link to={`/services/${service.id}/edit`}>
                      <Pencil aria-hidden="true" />
                      {de.services.detail.edit}
                    </Link>
                  </Button>
                  {/* Without JavaScript the delete button opens this page at ?loeschen=1: the question is asked here. */}
                  {searchParams.get(DELETE_CONFIRM_PARAM) === "1" ? (
                    <DeleteServicePanel serviceId={service.id} error={deleteResult && !deleteResult.ok ? deleteResult.message : undefined} />
                  ) : (
                    <DeleteServiceDialog serviceId={service.id} fields={{ intent: "delete" }} />
                  )}
                </div>
              ) : viewer ? (
                <div className="grid gap-2">
                  <Button asChild className={primaryClass}>
                    <Link to={`/services/${service.id}/beauftragen`}>
                      <ClipboardCheck aria-hidden="true" />
                      {ordersPublicDe.bookButton}
                    </Link>
                  </Button>
                  {/* Reuses the buyer's conversation about this service or starts one, then opens /chats/{id}. */}
                  <Form method="post" action="/chats" className="grid">
                    <input type="hidden" name="serviceId" value={service.id} />
                    <Button type="submit" variant="outline">
                      <MessageCircle aria-hidden="true" />
                      {de.services.detail.chat}
                    </Button>
                  </Form>
                  <FavoriteButton action={action} isFavorite={isFavorite} signedIn />
                </div>
              ) : (
                <div className="grid gap-3 rounded-lg bg-muted/60 p-4">
                  <p className="text-sm">{de.services.detail.signInPrompt}</p>
                  <Button asChild className={primaryClass}>
                    <Link to={signInHref}>{de.services.detail.signIn}</Link>
                  </Button>
                  <FavoriteButton action={action} isFavorite={false} signedIn={false} />
                </div>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-6">
              <p className="text-sm text-muted-foreground">{de.services.detail.provider}</p>
              <Link to={`/public-profile/${service.author.userId}`} className="mt-2 flex items-center gap-3 rounded-md hover:underline">
                <Avatar src={service.author.avatarUrl} firstName={service.author.firstName} lastName={service.author.lastName} className="size-11" />
                <span className="font-semibold">{author}</span>
              </Link>
              {trust && <ProviderTrustList trust={trust} />}
            </CardContent>
          </Card>
        </aside>
      </div>
      <StickyPriceBar price={service.price} unit={service.priceUnit}>
        {viewer?.isOwner ? (
          <Button asChild variant="outline">
            <Link to={`/services/${service.id}/edit`}>
              <Pencil aria-hidden="true" />
              {de.services.detail.edit}
            </Link>
          </Button>
        ) : viewer ? (
          <Button asChild>
            <Link to={`/services/${service.id}/beauftragen`}>
              <ClipboardCheck aria-hidden="true" />
              {ordersPublicDe.bookButton}
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={signInHref}>{de.services.detail.signIn}</Link>
          </Button>
        )}
      </StickyPriceBar>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ServerErrorPage />;
  // Unknown or malformed id: a not-found view with a 404 status.
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{de.services.detail.notFoundTitle}</h1>
      <p className="mt-2 text-muted-foreground">{de.services.detail.notFoundText}</p>
      <Button asChild className="mt-6">
        <Link to="/services">{de.services.detail.backToList}</Link>
      </Button>
    </div>
  );
}
