import { Star } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { formToasts, toast } from "~/components/ui/toast";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Stars } from "~/components/ui/stars";
import { publicDe as de } from "~/i18n/public.de";
import { reviewsOrdersDe } from "~/i18n/reviews-orders.de";
import { outcomeOf } from "~/lib/action-outcome";
import { displayName, formatDate } from "~/lib/format";
import type { action as serviceAction } from "~/routes/service-detail";
import { cn } from "~/lib/class-names";
import { ReplyEditor } from "./reply-editor";
import { ReviewReply, VerifiedBadge, type ReplyItem } from "./review-reply";
import { removalDecisionPath, RemovedNote, ReportLink } from "~/features/moderation/components/report-link";
import { moderationPublicDe } from "~/i18n/moderation-public.de";
import { REVIEW_FORM_ID } from "../anchors";


interface ReviewItem {
  id: string;
  rating: number;
  reviewText: string | null;
  createdAt: string | Date;
  author: { userId: string; firstName: string | null; lastName: string | null; avatarUrl: string | null };
  verified: boolean;
  reply: ReplyItem | null;
  removed: boolean;
  removalDecisionId?: string | null;
}

type ReviewAnswer = Extract<NonNullable<ReturnType<typeof useFetcher<typeof serviceAction>>["data"]>, { intent: "review" }> | undefined;

/** One star button per value; in the "rate" form each is a submit button (a click saves at once). */
function StarButtons({
  value,
  submit,
  labelledBy,
  onPick,
}: {
  value: number;
  submit: boolean;
  labelledBy: string;
  /** For the signed-out prompt: what a click does instead of submitting. */
  onPick?: () => void;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex gap-1" onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type={submit ? "submit" : "button"}
          name={submit ? "rating" : undefined}
          value={submit ? String(n) : undefined}
          aria-label={de.reviews.starLabel(n)}
          aria-pressed={value === n}
          onMouseEnter={() => setHover(n)}
          onFocus={() => setHover(n)}
          onBlur={() => setHover(0)}
          onClick={
            onPick &&
            (() => {
              // Only a prompt, nothing saved: the stars must not stay lit as if they were.
              setHover(0);
              onPick();
            })
          }
          className="rounded-sm p-0.5 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Star aria-hidden="true" className={cn("size-7 transition-colors", n <= shown ? "fill-amber-400 text-amber-400" : "text-muted-foreground/60")} />
        </button>
      ))}
    </div>
  );
}

// The stars' and the text form's answers are one toast: the latest answer is the one that counts.
const reviewToast = formToasts("review-answer");

function useResultToast(result: ReviewAnswer) {
  useEffect(() => {
    if (!result) return;
    if (result.ok) reviewToast.success(de.reviews.saved);
    else reviewToast.error(de.reviews.error, { description: result.message });
  }, [result]);
}

export function ReviewSection({
  action,
  reviews,
  ownReview,
  canReview,
  canReply,
  signedIn,
  viewerId = null,
}: {
  action: string;
  reviews: ReviewItem[];
  /** The viewer's own review; `removed`: moderation removed it, so it is shown, not offered for editing. */
  ownReview: { rating: number; reviewText: string | null; removed?: boolean } | null;
  /** Signed in and not the owner. */
  canReview: boolean;
  /** The owner of the service: answers reviews. */
  canReply: boolean;
  signedIn: boolean;
  /** Own reviews have no "Melden"; a removed one shows its author why. */
  viewerId?: string | null;
}) {
  const rate = useFetcher<typeof serviceAction>();
  const review = useFetcher<typeof serviceAction>();
  const rateAnswer = outcomeOf(rate.data, "review");
  const reviewAnswer = outcomeOf(review.data, "review");
  const pendingRating = Number(rate.formData?.get("rating") ?? 0);
  // The saved rating (or the one being saved): a failed star click falls back to the saved one,
  // and the text form sends what the stars show.
  const current = pendingRating || ownReview?.rating || 0;
  // "Choose a rating" holds until there is one: a star clicked since clears it.
  const ratingError = reviewAnswer && !reviewAnswer.ok && current === 0 ? reviewAnswer.fieldErrors.rating : undefined;
  // A text over the limit (the field's maxlength stops typing, not pasting by script or an old browser).
  const textError = reviewAnswer && !reviewAnswer.ok ? reviewAnswer.fieldErrors.reviewText : undefined;

  // One toast per answer: each fetcher's result is announced once, when it arrives.
  useResultToast(rateAnswer);
  useResultToast(reviewAnswer);

  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {de.reviews.heading} <span className="text-base font-normal text-muted-foreground">({reviews.length})</span>
      </h2>
      {/* How reviews are checked (EU Omnibus directive): exactly what the badge is computed from. */}
      <p className="mt-1 text-sm text-muted-foreground">{reviewsOrdersDe.howChecked}</p>

      {canReview && ownReview?.removed && (
        // Removed by moderation: it stays as decided (the server refuses a change); why, and the
        // objection, are on the decision's page.
        <div id={REVIEW_FORM_ID} className="mt-4 grid scroll-mt-20 gap-1 rounded-xl border border-destructive/40 bg-card p-5">
          <p className="font-medium">{reviewsOrdersDe.removedOwn.title}</p>
          <p className="text-sm text-muted-foreground">{reviewsOrdersDe.removedOwn.text}</p>
          <p className="text-sm">
            <Link
              to={removalDecisionPath(reviews.find((r) => r.removed && r.author.userId === viewerId)?.removalDecisionId)}
              className="inline-flex min-h-6 items-center font-medium text-primary underline underline-offset-4"
            >
              {moderationPublicDe.removedBanner.link}
            </Link>
          </p>
        </div>
      )}

      {canReview && !ownReview?.removed && (
        <div id={REVIEW_FORM_ID} className="mt-4 grid scroll-mt-20 gap-4 rounded-xl border bg-card p-5">
          <div>
            <p id="your-rating-label" className="font-medium">
              {de.reviews.yourRating}
            </p>
            <p className="text-sm text-muted-foreground">{de.reviews.rateHint}</p>
          </div>
          <rate.Form method="post" action={action}>
            <input type="hidden" name="intent" value="rate" />
            <StarButtons value={current} submit labelledBy="your-rating-label" />
          </rate.Form>
          <review.Form
            method="post"
            action={action}
            className="grid gap-3"
            // Sent once: the button stays enabled (a disabled button would drop the keyboard focus).
            onSubmit={(event) => {
              if (review.state !== "idle") event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="rating" value={current || ""} />
            <Label htmlFor="review-text">{de.reviews.reviewText}</Label>
            {/* Shown anew with the saved text; only the field, so the focus stays on the button that saved it. */}
            <textarea
              key={ownReview?.reviewText ?? ""}
              id="review-text"
              name="reviewText"
              rows={3}
              maxLength={2000}
              defaultValue={ownReview?.reviewText ?? ""}
              placeholder={de.reviews.reviewPlaceholder}
              aria-invalid={textError ? true : undefined}
              aria-describedby={[ratingError ? "review-rating-error" : null, textError ? "review-text-error" : null].filter(Boolean).join(" ") || undefined}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
            />
            {textError && (
              <p id="review-text-error" className="text-sm font-medium text-destructive" role="alert">
                {textError}
              </p>
            )}
            {ratingError && (
              <p id="review-rating-error" className="text-sm font-medium text-destructive" role="alert">
                {ratingError}
              </p>
            )}
            <div>
              <Button type="submit" aria-disabled={review.state !== "idle" || undefined}>
                {ownReview ? de.reviews.update : de.reviews.submit}
              </Button>
            </div>
          </review.Form>
        </div>
      )}

      {!signedIn && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5">
          <p id="rate-signed-out-label" className="text-sm">
            {de.reviews.yourRating}:
          </p>
          <StarButtons
            value={0}
            submit={false}
            labelledBy="rate-signed-out-label"
            onPick={() => toast.error(de.reviews.authRequired, { description: de.reviews.authRequiredText })}
          />
        </div>
      )}

      {reviews.length === 0 ? (
        // The owner cannot rate their own service: no invitation to be the first.
        <p className="mt-4 text-sm text-muted-foreground">{canReply ? de.reviews.emptyOwner : de.reviews.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {reviews.map((item) => (
            <li key={item.id} id={`review-${item.id}`} className="flex gap-3 rounded-xl border bg-card p-4">
              <Avatar src={item.author.avatarUrl} firstName={item.author.firstName} lastName={item.author.lastName} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">{displayName(item.author.firstName, item.author.lastName)}</span>
                  <Stars value={item.rating} label={de.reviews.starsValue(item.rating)} />
                  <time className="text-xs text-muted-foreground" dateTime={new Date(item.createdAt).toISOString()}>
                    {formatDate(item.createdAt)}
                  </time>
                  {item.verified && <VerifiedBadge />}
                  {item.author.userId !== viewerId && <ReportLink kind="review" id={item.id} className="ml-auto" />}
                </div>
                {item.removed && <RemovedNote decisionId={item.removalDecisionId} className="mt-1" />}
                {item.reviewText && <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{item.reviewText}</p>}
                {item.reply && <ReviewReply reply={item.reply} />}
                {canReply && (
                  <ReplyEditor action={action} reviewId={item.id} reviewer={displayName(item.author.firstName, item.author.lastName)} reply={item.reply} />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
