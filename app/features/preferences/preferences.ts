/** Visitor preferences kept in cookies, so the server renders them without a flash. */
export const COOKIE_CONSENT_NAME = "cookieConsent";
export const THEME_COOKIE_NAME = "theme";
export const COOKIE_CONSENT_VALUES = ["accepted", "declined"] as const;
export type CookieConsent = (typeof COOKIE_CONSENT_VALUES)[number];
export type ThemeName = "light" | "dark";
/** 365 days, as the spec says for the cookie consent. */
export const PREFERENCE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
