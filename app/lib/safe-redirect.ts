const SAME_ORIGIN = "http://same-origin.invalid";

/**
 * A same-origin path to go to after an action, or the fallback. Refuses absolute URLs,
 * protocol-relative ("//evil") and backslash tricks, and control characters; what it returns is
 * the path as a browser would resolve it, percent-encoded ("/€" → "/%E2%82%AC"), so that a
 * redirect to it never fails (a raw non-ASCII Location header would throw after a sign-in).
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if ([...to].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(to, SAME_ORIGIN);
    if (url.origin !== SAME_ORIGIN) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** The sign-in page, coming back to `path` (this page) afterwards. The one place such a link is built. */
export function signInLink(path: string): string {
  return `/auth?redirectTo=${encodeURIComponent(path)}`;
}
