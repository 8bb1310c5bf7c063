import type { RequestHandler } from "express";

/** The methods the application answers: pages and resources (GET, HEAD) and form actions (POST). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

const allowed = new Set<string>(ALLOWED_METHODS);
const allowHeader = ALLOWED_METHODS.join(", ");

/**
 * Answers any other method (OPTIONS, TRACE, PUT, PROPFIND, …) with 405 and an `Allow` header before
 * React Router sees it, without logging anything. Without it, React Router logs a stack trace for
 * each OPTIONS request (an anonymous client could fill the log) and TRACE fails with a 500 (the
 * fetch `Request` refuses the method). Nothing in the app serves PUT, PATCH or DELETE either: left
 * through, they would run a route's action like a POST.
 */
export function methodCheck(): RequestHandler {
  return (req, res, next) => {
    if (allowed.has(req.method)) return next();
    res.setHeader("Allow", allowHeader);
    res.status(405).type("text/plain; charset=utf-8").send("Method Not Allowed");
  };
}
