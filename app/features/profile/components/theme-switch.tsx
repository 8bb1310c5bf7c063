import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Label } from "~/components/ui/label";
import type { ThemeName } from "~/features/preferences/preferences";
import { keepThemeInBrowser } from "~/features/preferences/theme-cookie";
import { de } from "~/i18n/de";
import { cn } from "~/lib/class-names";
import type { action } from "~/routes/profile";

/**
 * Light (default) or dark; kept in the browser's cookie at once and saved with the account.
 * Without JavaScript (or before it runs) the switch is a plain form's submit button: the server
 * sets the cookie, saves the choice and sends the browser back to /profile (rendered in the new theme).
 */
export function ThemeSwitch({ theme }: { theme: ThemeName }) {
  const fetcher = useFetcher<typeof action>();
  // What the browser keeps (the cookie): the page's theme, or the one just chosen.
  const [current, setCurrent] = useState(theme);
  const [rendered, setRendered] = useState(theme);
  if (theme !== rendered) {
    // The page's theme changed (the save landed, or another tab switched): follow it.
    setRendered(theme);
    setCurrent(theme);
  }
  const dark = current === "dark";

  useEffect(() => {
    document.documentElement.classList.toggle("dark", dark);
  }, [dark]);

  return (
    <section aria-labelledby="theme-heading" className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div>
        <h3 id="theme-heading" className="font-medium">
          {de.profile.theme.heading}
        </h3>
        <p id="theme-hint" className="text-sm text-muted-foreground">
          {de.profile.theme.hint}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Label htmlFor="theme-switch" className="whitespace-nowrap">
          {de.profile.theme.dark}
        </Label>
        <form
          method="post"
          action="/profile"
          className="flex"
          onSubmit={(event) => {
            event.preventDefault();
            const next = dark ? "light" : "dark";
            keepThemeInBrowser(next);
            setCurrent(next);
            void fetcher.submit({ intent: "theme", theme: next }, { method: "post", action: "/profile" });
          }}
        >
          <input type="hidden" name="intent" value="theme" />
          <input type="hidden" name="theme" value={dark ? "light" : "dark"} />
          <button
            id="theme-switch"
            type="submit"
            role="switch"
            aria-checked={dark}
            aria-describedby="theme-hint"
            className={cn(
              "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              dark ? "bg-primary" : "bg-input",
            )}
          >
            <span className={cn("inline-block size-5 rounded-full bg-background shadow transition-transform", dark ? "translate-x-5" : "translate-x-0")} />
          </button>
        </form>
      </div>
    </section>
  );
}
