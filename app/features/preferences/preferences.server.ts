import { z } from "zod";

import { saveTheme } from "~/features/profile/profile.server";
import type { Database } from "~/lib/db.server";
import {
  COOKIE_CONSENT_NAME,
  COOKIE_CONSENT_VALUES,
  PREFERENCE_MAX_AGE_SECONDS,
  THEME_COOKIE_NAME,
  type CookieConsent,
  type ThemeName,
} from "./preferences";

export interface Preferences {
  theme: ThemeName;
  cookieConsent: CookieConsent | null;
}

function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // a malformed cookie counts as not set
    }
  }
  return undefined;
}

/** The visitor's theme (light unless dark was chosen) and cookie choice (null until chosen). */
export function readPreferences(request: Request): Preferences {
  const header = request.headers.get("Cookie");
  const theme = readCookie(header, THEME_COOKIE_NAME) === "dark" ? "dark" : "light";
  const consent = readCookie(header, COOKIE_CONSENT_NAME);
  return {
    theme,
    cookieConsent: (COOKIE_CONSENT_VALUES as readonly string[]).includes(consent ?? "") ? (consent as CookieConsent) : null,
  };
}

export const preferenceUpdateSchema = z.union([
  z.object({ cookieConsent: z.enum(COOKIE_CONSENT_VALUES) }),
  // "Cookie-Einstellungen" in the footer: forget the choice, so that the notice asks again.
  z.object({ cookieConsent: z.literal("reset") }),
  z.object({ theme: z.enum(["light", "dark"]) }),
]);
export type PreferenceUpdate = z.infer<typeof preferenceUpdateSchema>;

/** The Set-Cookie header value that stores one preference for 365 days. */
export function preferenceCookie(update: PreferenceUpdate, secure: boolean): string {
  const [name, value] =
    "cookieConsent" in update ? [COOKIE_CONSENT_NAME, update.cookieConsent] : [THEME_COOKIE_NAME, update.theme];
  if (value === "reset") return `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${name}=${value}; Path=/; Max-Age=${PREFERENCE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * A theme chosen while signed in is also kept with the account, so that it follows the user
 * to other browsers (signing in sets the cookie from it, see auth.server.ts).
 */
export async function rememberThemeForUser(db: Database, userId: string | null, update: PreferenceUpdate): Promise<void> {
  if (!("theme" in update) || !userId) return;
  await saveTheme(db, { actorId: userId, input: { theme: update.theme } });
}
