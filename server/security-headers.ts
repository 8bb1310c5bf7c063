import { randomBytes } from "node:crypto";
import type { Request, RequestHandler } from "express";

/**
 * Security headers of architecture.md section 5: a CSP with a per-request
 * nonce for the inline scripts React Router renders, no framing, nosniff,
 * a strict referrer policy, and HSTS when the site is served over https.
 */
export function securityHeaders({ development, ownContentPolicy }: { development: boolean; ownContentPolicy: (req: Request) => boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const scriptSrc = development
      ? // Vite's dev server injects its own inline scripts and uses eval for HMR.
        `'self' 'unsafe-inline' 'unsafe-eval'`
      : `'self' 'nonce-${nonce}'`;
    // Stored files (avatars, gallery, chat attachments) carry their own policy, set where they are
    // served (app/lib/storage.server.ts): a page policy on top would, e.g., keep PDFs from opening.
    if (!ownContentPolicy(req)) res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        // Radix and sonner position popovers and toasts with inline styles.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        `connect-src 'self'${development ? " ws: wss:" : ""}`,
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure || req.headers["x-forwarded-proto"] === "https") {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}
