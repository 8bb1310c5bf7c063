/**
 * What kind of request the browser sent, from its fetch metadata headers. Used where a page must
 * answer a plain form post without JavaScript differently from the app's own fetches, and where a
 * GET must not change anything when it is only a prefetch.
 */

/**
 * A form posted by the browser itself (no JavaScript): the answer replaces the page, so a success
 * must redirect (post/redirect/get), or a reload would post again. The app's own submissions are
 * fetches (`Sec-Fetch-Mode: cors`/`same-origin`). A browser without fetch metadata is taken by its
 * `Accept`: a document load asks for HTML first, a fetch for anything.
 */
export function isDocumentSubmission(request: Request): boolean {
  return isNavigation(request);
}

/**
 * The browser itself loading the answer as a page (a link followed, an address typed, a form
 * posted), not a fetch of the app's or a download by a script: the answer is what the person sees.
 */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").startsWith("text/html");
}

/**
 * A speculative load: React Router's `<Link prefetch>` (`<link rel="prefetch">` of the loader data
 * or the page), the browser's speculation rules, some link previews. Chromium sends
 * `Sec-Purpose: prefetch` (or `prefetch;prerender`), Firefox and older browsers `Purpose: prefetch`
 * or `X-Purpose: preview`, Firefox also `X-Moz: prefetch`. Such a load must not mark anything read:
 * nobody has seen the page yet.
 */
export function isPrefetch(request: Request): boolean {
  const purpose = [request.headers.get("Sec-Purpose"), request.headers.get("Purpose"), request.headers.get("X-Purpose"), request.headers.get("X-Moz")]
    .filter((value): value is string => !!value)
    .join(",")
    .toLowerCase();
  return /\b(prefetch|prerender|preview)\b/.test(purpose);
}

