import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

interface PagerProps {
  page: number;
  /** The number of pages, when known (a capped count does not know it). */
  pageCount?: number;
  /** Whether a next page exists; defaults to page < pageCount. */
  hasNext?: boolean;
  /** The link of a page by its number; `previousHref` / `nextHref` override it (e.g. cursor links). */
  href?: (page: number) => string;
  previousHref?: string;
  nextHref?: string;
  className?: string;
}

/** Previous / "Seite x von y" / next, as plain links: every page has its own URL and renders on the server. */
export function Pager({ page, pageCount, hasNext = pageCount !== undefined && page < pageCount, href, previousHref, nextHref, className }: PagerProps) {
  if (page <= 1 && !hasNext) return null;
  const previous = previousHref ?? href?.(page - 1) ?? "";
  const next = nextHref ?? href?.(page + 1) ?? "";
  return (
    <nav aria-label={de.pager.label} className={className ?? "mt-8 flex items-center justify-between gap-4"}>
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={previous} rel="prev">
            {de.pager.previous}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{pageCount === undefined ? de.pager.page(page) : de.pager.pageOf(page, pageCount)}</span>
      {hasNext ? (
        <Button asChild variant="outline">
          <Link to={next} rel="next">
            {de.pager.next}
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
