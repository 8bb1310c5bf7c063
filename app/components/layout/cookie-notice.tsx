import { Cookie } from "~/components/ui/icons";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { publicDe as de } from "~/i18n/public.de";

/** Shown at the bottom until the visitor chooses; the choice is kept 365 days in the cookieConsent cookie. */
export function CookieNotice() {
  const fetcher = useFetcher();
  const location = useLocation();
  // Hide as soon as a choice is submitted.
  if (fetcher.state !== "idle" || fetcher.data) return null;

  return (
    <section
      id="cookie-notice"
      aria-labelledby="cookie-notice-title"
      className="fixed inset-x-0 bottom-0 z-50 border-t bg-card/95 shadow-[0_-4px_24px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <fetcher.Form
        method="post"
        action="/preferences"
        className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 md:flex-row md:items-center"
      >
        <div className="flex flex-1 gap-3">
          <Cookie className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="cookie-notice-title" className="font-semibold">
              {de.cookie.title}
            </h2>
            <p className="text-sm text-muted-foreground">
              {de.cookie.text}{" "}
              <Link to="/privacy" className="font-medium text-primary underline underline-offset-4">
                {de.cookie.privacyLink}
              </Link>
              .
            </p>
          </div>
        </div>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <div className="flex gap-2 md:shrink-0">
          <Button type="submit" name="cookieConsent" value="declined" variant="outline" className="flex-1 md:flex-none">
            {de.cookie.decline}
          </Button>
          <Button type="submit" name="cookieConsent" value="accepted" className="flex-1 md:flex-none">
            {de.cookie.accept}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}
