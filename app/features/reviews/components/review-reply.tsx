import { BadgeCheck } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { reviewsOrdersDe as t } from "~/i18n/reviews-orders.de";
import { formatDate } from "~/lib/format";

export interface ReplyItem {
  text: string;
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** "Verifizierter Auftrag": the reviewer has a completed order of this service. Text, not only an icon. */
export function VerifiedBadge() {
  return (
    <Badge variant="outline" className="border-success/40 bg-success/10">
      <BadgeCheck aria-hidden="true" className="size-3.5 text-success" />
      {t.verified}
    </Badge>
  );
}

/** The provider's reply, under the review it answers. */
export function ReviewReply({ reply }: { reply: ReplyItem }) {
  const edited = new Date(reply.updatedAt).getTime() - new Date(reply.createdAt).getTime() > 1000;
  return (
    <div className="mt-3 rounded-lg border-l-4 border-primary/40 bg-muted/60 px-3 py-2">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{t.reply.heading}</span>
        <time dateTime={new Date(reply.updatedAt).toISOString()}>
          {formatDate(reply.updatedAt)}
          {edited && ` · ${t.reply.edited}`}
        </time>
      </p>
      <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{reply.text}</p>
    </div>
  );
}
