import { Link } from "react-router";
import type { ReportItemKind } from "~/db/schema/moderation";
import { moderationPublicDe as t } from "~/i18n/moderation-public.de";
import { cn } from "~/lib/class-names";

/** The report form's address for an item (a plain page: works with and without JavaScript). */
export function reportHref(kind: ReportItemKind, id: string): string {
  return `/melden?art=${kind}&id=${encodeURIComponent(id)}`;
}

/** "Melden" on an item (DSA art. 16): a link to /melden, named for screen readers by what it reports. */
export function ReportLink({
  kind,
  id,
  text = "text-xs",
  className,
}: {
  kind: ReportItemKind;
  id: string;
  /** Its text size: small beside an item, as large as the text around it on a page's own line. */
  text?: "text-xs" | "text-sm" | "text-[0.7rem]";
  className?: string;
}) {
  return (
    <Link
      to={reportHref(kind, id)}
      aria-label={t.linkLabel(t.kinds[kind])}
      className={cn("inline-flex min-h-6 min-w-6 items-center font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline", text, className)}
    >
      {t.link}
    </Link>
  );
}

/** The page of the decision about a removed item, or the list of all decisions when it is not known. */
export function removalDecisionPath(decisionId: string | null | undefined): string {
  return decisionId ? `/entscheidungen/${decisionId}` : "/entscheidungen";
}

/** What the author of a removed review or comment sees on it: removed, and where the reasons are. */
export function RemovedNote({ decisionId, className }: { decisionId?: string | null; className?: string }) {
  return (
    <p className={cn("text-xs font-medium text-destructive", className)}>
      {t.removedBanner.short}{" "}
      <Link to={removalDecisionPath(decisionId)} className="inline-flex min-h-6 items-center underline underline-offset-4">
        {t.removedBanner.link}
      </Link>
    </p>
  );
}
