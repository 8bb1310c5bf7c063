import type { Request, RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for every state change (architecture.md section 5): a
 * non-GET request must come from this site. Browsers send Origin on POST;
 * Sec-Fetch-Site tells cross-site requests apart where Origin is missing.
 */
export function originCheck({ baseUrl, allowsCrossSitePost = () => false }: { baseUrl: () => string; allowsCrossSitePost?: (req: Request) => boolean }): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A route authorised by a token in the request, not by cookies (route policy crossSitePost).
    if (req.method === "POST" && allowsCrossSitePost(req)) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const allowed = new Set([baseUrl(), `${req.protocol}://${req.headers.host}`]);
    const crossOrigin = origin ? origin === "null" || !allowed.has(origin) : fetchSite === "cross-site";
    if (crossOrigin) {
      res.status(403).type("text/plain; charset=utf-8").send("Forbidden: cross-site request");
      return;
    }
    next();
  };
}
