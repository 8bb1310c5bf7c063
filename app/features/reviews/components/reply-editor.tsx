import { MessageSquareReply } from "~/components/ui/icons";
import { useEffect, useRef, useState, type Ref } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { reviewsOrdersDe as t } from "~/i18n/reviews-orders.de";
import { outcomeOf } from "~/lib/action-outcome";
import type { action as serviceAction } from "~/routes/service-detail";
import { REPLY_MAX } from "../limits";
import type { ReplyItem } from "./review-reply";

/**
 * The owner's form to answer a review or edit the answer, folded into a <details> (native keyboard
 * and screen-reader support). Both buttons submit the one form with their own intent, so it works
 * without JavaScript too; a saved answer closes it and gives the focus back to its summary.
 */
export function ReplyEditor({ action, reviewId, reviewer, reply }: { action: string; reviewId: string; reviewer: string; reply: ReplyItem | null }) {
  const fetcher = useFetcher<typeof serviceAction>();
  const [open, setOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const saved = outcomeOf(fetcher.data, "reply");
  const removed = outcomeOf(fetcher.data, "delete-reply");
  const answer = saved ?? removed;
  const fieldError = saved && !saved.ok ? saved.fieldErrors.reply : undefined;

  // A new answer closes the form on success (state adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer?.ok) setOpen(false);
  }
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      toast.success(saved ? (saved.ok && saved.created ? t.reply.saved : t.reply.updated) : t.reply.removed);
      // The form folds away: the focus goes back to what opens it, not to the page's start.
      summaryRef.current?.focus();
    } else if (!fieldError) {
      // A field error is shown at the field; anything else (refused, failed) as a toast.
      toast.error(saved ? t.reply.error : t.reply.removeError, { description: answer.message });
    }
  }, [answer, saved, fieldError]);

  const ids = { field: `reply-${reviewId}`, hint: `reply-${reviewId}-hint`, error: `reply-${reviewId}-error` };
  const busy = fetcher.state !== "idle";
  return (
    <details
      className="mt-3"
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) textareaRef.current?.focus();
      }}
    >
      <summary
        ref={summaryRef}
        className="inline-flex cursor-pointer items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <MessageSquareReply aria-hidden="true" className="size-4" />
        {reply ? t.reply.openEdit : t.reply.open}
        {/* Every review has this control: a screen reader's list of them says which review each is for. */}
        <span className="sr-only">{t.reply.forReview(reviewer)}</span>
      </summary>
      {/* Keyed by the saved text: after a save the field starts from what is now published. */}
      <fetcher.Form key={reply?.text ?? ""} method="post" action={action} className="mt-3 grid gap-2">
        <input type="hidden" name="reviewId" value={reviewId} />
        <ReplyField ids={ids} ref={textareaRef} initial={reply?.text ?? ""} invalid={Boolean(fieldError)} />
        {fieldError && (
          <p id={ids.error} role="alert" className="text-sm font-medium text-destructive">
            {fieldError}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" name="intent" value="reply" disabled={busy}>
            {reply ? t.reply.update : t.reply.submit}
          </Button>
          {reply && (
            <Button type="submit" size="sm" variant="outline" name="intent" value="delete-reply" formNoValidate disabled={busy}>
              {t.reply.remove}
            </Button>
          )}
        </div>
      </fetcher.Form>
    </details>
  );
}

function ReplyField({
  ids,
  initial,
  invalid,
  ref,
}: {
  ids: { field: string; hint: string; error: string };
  initial: string;
  invalid: boolean;
  ref: Ref<HTMLTextAreaElement>;
}) {
  const [length, setLength] = useState(initial.length);
  return (
    <>
      <Label htmlFor={ids.field}>{t.reply.label}</Label>
      <textarea
        ref={ref}
        id={ids.field}
        name="reply"
        rows={3}
        required
        maxLength={REPLY_MAX}
        defaultValue={initial}
        onChange={(event) => setLength(event.currentTarget.value.length)}
        placeholder={t.reply.placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${ids.hint} ${ids.error}` : ids.hint}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
      />
      <p id={ids.hint} className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span>{t.reply.hint}</span>
        <span aria-hidden="true" className="ml-auto">
          {t.reply.count(length)}
        </span>
      </p>
    </>
  );
}
