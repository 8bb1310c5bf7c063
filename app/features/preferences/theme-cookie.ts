import { PREFERENCE_MAX_AGE_SECONDS, THEME_COOKIE_NAME, type ThemeName } from "./preferences";

/** The theme cookie as the server sets it (same name and attributes as preferenceCookie, preferences.server.ts). */
export function themeCookie(theme: ThemeName, secure: boolean): string {
  return `${THEME_COOKIE_NAME}=${theme}; Path=/; Max-Age=${PREFERENCE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Keeps a chosen theme in the browser at once: the cookie the server renders pages with, so that a
 * reload right after the switch, before the save has landed, shows the chosen theme.
 */
export function keepThemeInBrowser(theme: ThemeName) {
  document.cookie = themeCookie(theme, window.location.protocol === "https:");
}
