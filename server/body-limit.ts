import type { Request, RequestHandler } from "express";

/**
 * Refuses request bodies larger than the route family allows before anything
 * reads them (413). Forms are small; uploads (multipart to one of `uploadPaths`) have their own,
 * larger ceiling and are additionally cut off while streaming where they are parsed. Multipart
 * anywhere else gets the form ceiling: those bodies are read into memory whole. Which routes
 * receive uploads, the routes say themselves (`receivesUploads`, from their declared policy).
 */
export function bodyLimit({
  formBytes,
  multipartBytes,
  receivesUploads,
}: {
  formBytes: number;
  multipartBytes: number;
  receivesUploads: (req: Request) => boolean;
}): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const multipart = String(req.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const upload = multipart && receivesUploads(req);
    const limit = upload ? multipartBytes : formBytes;
    const length = req.headers["content-length"];
    if (length === undefined) {
      // Browsers always send a length for forms; a chunked body of unknown size is refused.
      if (req.headers["transfer-encoding"]) return void res.status(411).type("text/plain; charset=utf-8").send("Length Required");
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > limit) {
      return void res.status(413).type("text/plain; charset=utf-8").send("Payload Too Large");
    }
    next();
  };
}
