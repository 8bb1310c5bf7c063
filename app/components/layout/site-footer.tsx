import { Link, useFetcher, useLocation } from "react-router";
import { publicDe as de } from "~/i18n/public.de";

/** Reopens the cookie notice (the privacy page promises the choice can be changed there). */
function CookieSettingsButton() {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/preferences">
      <input type="hidden" name="cookieConsent" value="reset" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="inline-flex min-h-6 items-center text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        {de.footer.cookieSettings}
      </button>
    </fetcher.Form>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  const links = [
    { to: "/imprint", label: de.footer.imprint },
    { to: "/privacy", label: de.footer.privacy },
    { to: "/terms", label: de.footer.terms },
    { to: "/barrierefreiheit", label: de.footer.accessibility },
    { to: "/transparenz", label: de.footer.transparency },
  ];
  return (
    <footer className="mt-auto border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold">{de.app.name}</p>
          <p className="text-muted-foreground">{de.footer.tagline}</p>
        </div>
        <nav aria-label={de.footer.label}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-6 items-center text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton />
            </li>
          </ul>
        </nav>
        <p className="text-muted-foreground">{de.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
