/**
 * A same-origin path to go to after an action, or the fallback. Refuses
 * absolute URLs, protocol-relative ("//evil") and backslash tricks.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if ([...to].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return to;
}
