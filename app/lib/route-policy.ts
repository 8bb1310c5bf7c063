/**
 * What a route tells the HTTP host about itself, so that the host keeps no list of paths
 * (ADR 009). A route module declares it as `export const handle = { policy: {...} } satisfies
 * PolicyHandle`; the host (server/route-policies.ts) finds the route a request goes to and reads it.
 * The deepest matched route that declares a policy wins.
 */
export interface RoutePolicy {
  /**
   * Request bodies: "form" (default) is the small form ceiling, also for multipart, since such
   * bodies are read whole; "upload" allows multipart bodies up to the upload ceiling, which the
   * route cuts off file by file while streaming.
   */
  body?: "form" | "upload";
  /**
   * The shared page cache of signed-out pages: "shared" lets signed-out visitors of this page
   * share its rendered HTML for a few seconds; "unaffected" says that writes to this route change
   * nothing such a page shows (beyond what the cache's few seconds leave stale anyway), so they
   * keep the cache. Any other write clears it.
   */
  pageCache?: "shared" | "unaffected";
  /** The route serves stored files with a Content-Security-Policy of its own (no page policy on top). */
  ownContentPolicy?: boolean;
  /**
   * Probes (health checks, metrics scrapes) answered without error write no request line: they come
   * every few seconds and would bury the log. A failure (5xx) is still logged.
   */
  quietLog?: boolean;
  /**
   * A POST from another site is let through the origin check. Only for a route whose POST is
   * authorised by a signed token in the request, never by the session cookie, so a cross-site
   * POST can do no more than the token's holder could anyway: the one-click unsubscribe, which
   * mail providers (and webmail pages) send from their own origin (RFC 8058).
   */
  crossSitePost?: boolean;
}

export interface PolicyHandle {
  policy: RoutePolicy;
}
