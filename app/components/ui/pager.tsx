import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { de } from "~/i18n/de";

/** Previous / "Seite x von y" / next, as plain links: every page has its own URL and renders on the server. */
export function Pager({ page, pageCount, href, className }: { page: number; pageCount: number; href: (page: number) => string; className?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={de.pager.label} className={className ?? "mt-8 flex items-center justify-between gap-4"}>
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={href(page - 1)} rel="prev">
            {de.pager.previous}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{de.pager.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Button asChild variant="outline">
          <Link to={href(page + 1)} rel="next">
            {de.pager.next}
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
