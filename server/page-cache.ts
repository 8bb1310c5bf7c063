import { gunzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { deflatePiece, gzipJoined } from "~/lib/gzip.server";

interface Entry {
  at: number;
  /**
   * The page's bytes between the places of the CSP nonce it was rendered with; a hit sends them
   * with each request's own nonce in those places. Kept as bytes, not a string: a hit writes them
   * as they are, where a string had to be searched, measured and encoded as UTF-8 again per request
   * (most of a hit's time at ~130 KB), and joining them into one buffer was a tenth of a hit's CPU.
   */
  parts: Buffer[];
  /** The parts deflated (~/lib/gzip.server), made by the first hit that accepts gzip. */
  deflated?: Buffer[];
  contentType: string;
  cacheControl: string | undefined;
}

export interface PageCacheOptions {
  /** Whether a page's anonymous HTML may be shared (the route's declared policy). */
  isShared: (req: Request) => boolean;
  /** How long a rendered page is reused; 0 turns the cache off. */
  ttlMs: () => number;
  /** Cookies that change the HTML of an anonymous page (theme, cookie notice): part of the key. */
  varyCookies: readonly string[];
  /** Any of these cookies makes a request personal (session, pending toast): never cached. */
  personalCookies: readonly RegExp[];
  maxEntries?: number;
  /** Called for every write request (non-GET) that clears the cache, e.g. to clear other caches of this process. */
  onWrite?: () => void;
  /**
   * Write requests that change nothing a cached page shows beyond what its TTL may leave stale
   * anyway, e.g. view counters or chat messages (the route's declared policy): they keep the
   * cache. Every opening of a service detail counts a view, so clearing on those would empty the
   * cache on every visit.
   */
  keepsOnWrite?: (req: Request) => boolean;
}

function cookieValue(header: string, name: string): string {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  return match?.[1] ?? "";
}

/**
 * A micro-cache for the server-rendered HTML of busy anonymous pages (the catalogue): the same
 * URL requested by signed-out visitors within a few seconds is rendered once. Only complete 200
 * HTML answers without Set-Cookie are kept. The per-request CSP nonce is swapped on every hit,
 * so each answer still carries the nonce its own Content-Security-Policy header names.
 *
 * Staleness is bounded by the TTL; any other write handled by this process (a non-GET request
 * not kept by `keepsOnWrite`) clears the cache at once, so an author sees their change immediately on
 * this process.
 */
export function pageCache(options: PageCacheOptions): RequestHandler & { clear(): void } {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 500;

  const keyOf = (req: Request): string | null => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (!options.isShared(req)) return null;
    const cookies = req.headers.cookie ?? "";
    if (options.personalCookies.some((pattern) => pattern.test(cookies))) return null;
    return [req.originalUrl, ...options.varyCookies.map((name) => cookieValue(cookies, name))].join("\u0000");
  };

  /** Renders under way by key: requests for the same page wait for it instead of rendering too. */
  const rendering = new Map<string, Promise<void>>();
  // Bumped by every clear: a render that started before a write must not be kept after it.
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
    rendering.clear();
  };

  const fresh = (key: string, ttl: number): Entry | undefined => {
    const hit = entries.get(key);
    return hit && Date.now() - hit.at < ttl ? hit : undefined;
  };

  const serve = (req: Request, res: Response, hit: Entry, nonce: string) => {
    res.status(200);
    res.setHeader("Content-Type", hit.contentType);
    if (hit.cacheControl) res.setHeader("Cache-Control", hit.cacheControl);
    res.setHeader("X-Page-Cache", "hit");
    res.vary("Accept-Encoding");
    const nonceBytes = Buffer.from(nonce);
    // Browsers get the page compressed from pieces compressed once (the compression middleware
    // leaves an answer with a Content-Encoding alone); without "gzip" in Accept-Encoding, as is.
    const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
    let pieces: Buffer[];
    if (gzip) {
      hit.deflated ??= hit.parts.map(deflatePiece);
      pieces = gzipJoined(hit.parts, hit.deflated, nonceBytes);
      res.setHeader("Content-Encoding", "gzip");
    } else {
      pieces = hit.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part]));
    }
    res.setHeader("Content-Length", pieces.reduce((sum, piece) => sum + piece.length, 0));
    if (req.method === "HEAD") return void res.end();
    // Written as they are (no copy into one buffer), corked: one system call for headers and body.
    res.cork();
    for (const piece of pieces) res.write(piece);
    res.end();
  };

  /** Renders the page through the app and keeps a cacheable result; others wait for it meanwhile. */
  const render = (key: string, res: Response, nonce: string, next: () => void) => {
    let done = () => {};
    const finished = new Promise<void>((resolve) => (done = resolve));
    rendering.set(key, finished);
    const started = generation;
    res.once("close", () => {
      if (rendering.get(key) === finished) rendering.delete(key);
      done();
    });
    capture(res, (bytes) => {
      // The waiting requests go on as soon as the body is complete (not when a slow client has read it).
      queueMicrotask(() => {
        if (rendering.get(key) === finished) rendering.delete(key);
        done();
      });
      if (started !== generation || res.statusCode !== 200 || res.getHeader("Set-Cookie") !== undefined) return;
      // A page with shared fragments compresses itself for a browser (entry.server), so its bytes
      // arrive here as gzip; the compression middleware (in front, server/serve.js) compresses
      // after this, so its answers arrive as they are. Its Content-Encoding header cannot tell
      // them apart, gzip's first two bytes can (HTML never starts with them). Kept as text.
      const body = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8");
      const contentType = String(res.getHeader("Content-Type") ?? "");
      // Only a whole document is shared (a render that failed half-way never is).
      if (!contentType.startsWith("text/html") || body.length > 2_000_000 || !body.trimEnd().endsWith("</html>")) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const cacheControl = res.getHeader("Cache-Control");
      const parts = body.split(nonce).map((part) => Buffer.from(part));
      entries.set(key, { at: Date.now(), parts, contentType, cacheControl: cacheControl === undefined ? undefined : String(cacheControl) });
    });
    next();
  };

  const handler: RequestHandler = (req, res, next) => {
    const ttl = options.ttlMs();
    if (req.method !== "GET" && req.method !== "HEAD") {
      if (options.keepsOnWrite?.(req)) return next();
      clear();
      options.onWrite?.();
      // Again once the write is done: a page rendered while it ran may hold the rows before it.
      res.once("finish", () => {
        clear();
        options.onWrite?.();
      });
      return next();
    }
    const key = ttl > 0 ? keyOf(req) : null;
    if (!key) return next();
    const nonce = String(res.locals.cspNonce ?? "");
    if (!nonce) return next();
    const hit = fresh(key, ttl);
    if (hit) return serve(req, res, hit, nonce);
    // Single-flight: an expired page under load is rendered once, by the first request.
    const pending = rendering.get(key);
    if (!pending) return render(key, res, nonce, next);
    void pending.then(() => {
      if (res.writableEnded || res.destroyed) return;
      const rendered = fresh(key, ttl);
      // The render was not kept (an error page, a cookie): this request renders its own.
      if (rendered) serve(req, res, rendered, nonce);
      else next();
    });
  };
  return Object.assign(handler, { clear });
}

/** Collects what a response writes (as it goes out unchanged) and hands the whole body over at the end. */
function capture(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else chunks.push(Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const result = end(chunk, ...rest);
    try {
      done(Buffer.concat(chunks));
    } catch {
      // caching is best effort
    }
    return result;
  }) as Response["end"];
}
