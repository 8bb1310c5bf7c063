import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { formToasts } from "~/components/ui/toast";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { publicDe as de } from "~/i18n/public.de";
import { outcomeOf } from "~/lib/action-outcome";
import { displayName, formatDate } from "~/lib/format";
import { RemovedNote, ReportLink } from "~/features/moderation/components/report-link";
import type { action as serviceAction } from "~/routes/service-detail";

interface CommentItem {
  id: string;
  comment: string;
  createdAt: string | Date;
  author: { userId: string; firstName: string | null; lastName: string | null; avatarUrl: string | null };
  removed: boolean;
  removalDecisionId?: string | null;
}

const commentToast = formToasts("comment-answer");

export function CommentSection({
  action,
  comments,
  signedIn,
  signInHref,
  viewerId = null,
}: {
  action: string;
  comments: CommentItem[];
  signedIn: boolean;
  signInHref: string;
  viewerId?: string | null;
}) {
  const fetcher = useFetcher<typeof serviceAction>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = outcomeOf(fetcher.data, "comment");

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      formRef.current?.reset();
      commentToast.success(de.comments.added);
    } else commentToast.error(de.comments.error, { description: result.message });
  }, [result]);

  return (
    <section aria-labelledby="comments-heading" className="mt-10">
      <h2 id="comments-heading" className="text-xl font-semibold">
        {de.comments.heading} <span className="text-base font-normal text-muted-foreground">({comments.length})</span>
      </h2>
      {signedIn ? (
        <fetcher.Form ref={formRef} method="post" action={action} className="mt-4 grid gap-3" noValidate>
          <input type="hidden" name="intent" value="comment" />
          <Label htmlFor="comment-text">{de.comments.label}</Label>
          <textarea
            id="comment-text"
            name="comment"
            rows={3}
            maxLength={2000}
            placeholder={de.comments.placeholder}
            aria-invalid={result && !result.ok ? true : undefined}
            aria-describedby={result && !result.ok ? "comment-error" : undefined}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive sm:text-sm"
          />
          {result && !result.ok && (
            <p id="comment-error" className="text-sm font-medium text-destructive" role="alert">
              {result.fieldErrors.comment ?? result.message}
            </p>
          )}
          <div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {de.comments.submit}
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <p className="mt-4 rounded-xl border bg-card p-4 text-sm">
          {de.comments.signInPrompt}{" "}
          <Link to={signInHref} className="font-medium text-primary underline underline-offset-4">
            {de.services.detail.signIn}
          </Link>
        </p>
      )}
      {comments.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{de.comments.empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {comments.map((item) => (
            <li key={item.id} id={`comment-${item.id}`} className="flex gap-3">
              <Avatar src={item.author.avatarUrl} firstName={item.author.firstName} lastName={item.author.lastName} />
              <div className="min-w-0 flex-1 rounded-xl bg-muted/60 px-4 py-3">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className="font-medium">{displayName(item.author.firstName, item.author.lastName)}</span>
                  <time className="text-xs text-muted-foreground" dateTime={new Date(item.createdAt).toISOString()}>
                    {formatDate(item.createdAt, "dateTime")}
                  </time>
                  {item.author.userId !== viewerId && <ReportLink kind="comment" id={item.id} className="ml-auto" />}
                </div>
                {item.removed && <RemovedNote decisionId={item.removalDecisionId} className="mt-1" />}
                <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{item.comment}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
