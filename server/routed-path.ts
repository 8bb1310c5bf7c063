import type { Request } from "express";

/**
 * The path the router will see: React Router resolves `..` and `%2e%2e` segments (it parses the
 * URL), Express's `req.path` keeps them. Rules that pick routes by path use this one, so that
 * `/api/notifications/%2e%2e/%2e%2e/create-service` is not taken for a notifications request.
 */
export function routedPath(req: Request): string {
  try {
    return new URL(req.originalUrl, "http://localhost").pathname;
  } catch {
    return "";
  }
}
