import { Star } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Stars } from "~/components/ui/stars";
import { de } from "~/i18n/de";
import { displayName, formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";

interface ReviewItem {
  id: string;
  rating: number;
  reviewText: string | null;
  createdAt: string | Date;
  author: { firstName: string | null; lastName: string | null; avatarUrl: string | null };
}

type ReviewResult = { review?: { ok: boolean; error?: string; fieldErrors?: Record<string, string> } };

/** One star button per value; in the "rate" form each is a submit button (a click saves at once). */
function StarButtons({
  value,
  onPick,
  submit,
}: {
  value: number;
  onPick?: (n: number) => void;
  submit: boolean;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div className="flex gap-1" onMouseLeave={() => setHover(0)}>
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
          onClick={() => onPick?.(n)}
          className="rounded-sm p-0.5 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Star aria-hidden="true" className={cn("size-7 transition-colors", n <= shown ? "fill-amber-400 text-amber-400" : "text-muted-foreground/60")} />
        </button>
      ))}
    </div>
  );
}

export function ReviewSection({
  action,
  reviews,
  ownReview,
  canReview,
  signedIn,
}: {
  action: string;
  reviews: ReviewItem[];
  ownReview: { rating: number; reviewText: string | null } | null;
  /** Signed in and not the owner. */
  canReview: boolean;
  signedIn: boolean;
}) {
  const rate = useFetcher<ReviewResult>();
  const review = useFetcher<ReviewResult>();
  const pendingRating = Number(rate.formData?.get("rating") ?? 0);
  const [picked, setPicked] = useState(ownReview?.rating ?? 0);
  const current = pendingRating || ownReview?.rating || 0;

  useEffect(() => {
    for (const result of [rate.data?.review, review.data?.review]) {
      if (!result) continue;
      if (result.ok) toast.success(de.reviews.saved);
      else toast.error(de.reviews.error, { description: result.error });
    }
  }, [rate.data, review.data]);

  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {de.reviews.heading} <span className="text-base font-normal text-muted-foreground">({reviews.length})</span>
      </h2>

      {canReview && (
        <div className="mt-4 grid gap-4 rounded-xl border bg-card p-5">
          <div>
            <p className="font-medium">{de.reviews.yourRating}</p>
            <p className="text-sm text-muted-foreground">{de.reviews.rateHint}</p>
          </div>
          <rate.Form method="post" action={action}>
            <input type="hidden" name="intent" value="rate" />
            <StarButtons value={current} submit onPick={setPicked} />
          </rate.Form>
          <review.Form method="post" action={action} className="grid gap-3" key={ownReview?.reviewText ?? ""}>
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="rating" value={picked || current || ""} />
            <Label htmlFor="review-text">{de.reviews.reviewText}</Label>
            <textarea
              id="review-text"
              name="reviewText"
              rows={3}
              maxLength={2000}
              defaultValue={ownReview?.reviewText ?? ""}
              placeholder={de.reviews.reviewPlaceholder}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
            />
            {review.data?.review?.fieldErrors?.rating && (
              <p className="text-sm font-medium text-destructive" role="alert">
                {review.data.review.fieldErrors.rating}
              </p>
            )}
            <div>
              <Button type="submit" disabled={review.state !== "idle"}>
                {ownReview ? de.reviews.update : de.reviews.submit}
              </Button>
            </div>
          </review.Form>
        </div>
      )}

      {!signedIn && (
        <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5">
          <p className="text-sm">{de.reviews.yourRating}:</p>
          <StarButtons value={0} submit={false} onPick={() => toast.error(de.reviews.authRequired, { description: de.reviews.authRequiredText })} />
        </div>
      )}

      {reviews.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{de.reviews.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {reviews.map((item) => (
            <li key={item.id} className="flex gap-3 rounded-xl border bg-card p-4">
              <Avatar src={item.author.avatarUrl} firstName={item.author.firstName} lastName={item.author.lastName} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">{displayName(item.author.firstName, item.author.lastName)}</span>
                  <Stars value={item.rating} label={de.reviews.starsValue(item.rating)} />
                  <time className="text-xs text-muted-foreground" dateTime={new Date(item.createdAt).toISOString()}>
                    {formatDate(item.createdAt)}
                  </time>
                </div>
                {item.reviewText && <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{item.reviewText}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
