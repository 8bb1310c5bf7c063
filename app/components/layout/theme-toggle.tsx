import { Moon, Sun } from "~/components/ui/icons";
import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { ThemeName } from "~/features/preferences/preferences";
import { keepThemeInBrowser } from "~/features/preferences/theme-cookie";
import { publicDe as de } from "~/i18n/public.de";

/**
 * Switches between the light (default) and dark theme. The choice is a
 * cookie the server reads, so the next page renders in it without a flash;
 * it is set in the browser at once, so a reload before the save lands keeps it.
 */
export function ThemeToggle({ theme }: { theme: ThemeName }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current = pending === "dark" || pending === "light" ? pending : theme;
  const next = current === "dark" ? "light" : "dark";

  // Apply at once; the server confirms with the cookie.
  useEffect(() => {
    document.documentElement.classList.toggle("dark", current === "dark");
  }, [current]);

  return (
    <fetcher.Form method="post" action="/preferences" onSubmit={() => keepThemeInBrowser(next)}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button type="submit" variant="ghost" size="icon" aria-label={next === "dark" ? de.theme.toDark : de.theme.toLight}>
        {current === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
      </Button>
    </fetcher.Form>
  );
}
