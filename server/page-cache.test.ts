import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";
import { routePolicies } from "./route-policies";
import { fakeBuild } from "./route-policies.test-support";

// Only the catalogue is shared; its view counter keeps the cache (as the routes declare it).
const policyOf = routePolicies(fakeBuild({ services: { pageCache: "shared" }, "services/:id/view": { pageCache: "unaffected" }, view: undefined }));

let base = "";
let renders = 0;
let close = () => {};
let nonceCounter = 0;
let writes = 0;
/** Holds the render of `?q=flight` until released (a slow render under load). */
let releaseFlight = () => {};
const flightGate = new Promise<void>((resolve) => (releaseFlight = resolve));

beforeAll(async () => {
  const app = express();
  // In front, as in the host (server/serve.js).
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCounter}xyz`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(
    pageCache({
      isShared: (req) => policyOf(req).pageCache === "shared",
      ttlMs: () => 60_000,
      varyCookies: ["theme"],
      personalCookies: [/session_token=/],
      keepsOnWrite: (req) => policyOf(req).pageCache === "unaffected",
      onWrite: () => writes++,
    }),
  );
  app.get("/services", async (req, res) => {
    renders++;
    if (req.query.q === "flight") await flightGate;
    if (req.query.cookie) res.setHeader("Set-Cookie", "x=1");
    res.type("html");
    if (req.query.q === "self-compressed") {
      // A page that compresses itself (entry.server does for pages with shared fragments).
      res.setHeader("Content-Encoding", "gzip");
      res.end(gzipSync(`<!DOCTYPE html><html><body><script nonce="${res.locals.cspNonce}">1</script><p>render ${renders}</p></body></html>`));
      return;
    }
    // Written in pieces, like a streamed render.
    res.write(`<!DOCTYPE html><html><body data-theme="${req.headers.cookie ?? ""}">`);
    res.write(`<script nonce="${res.locals.cspNonce}">1</script>`);
    res.end(`<p>render ${renders}</p></body></html>`);
  });
  app.post("/services", (_req, res) => void res.status(204).end());
  app.post("/services/:id/view", (_req, res) => void res.status(204).end());
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

function rawPost(path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method: "POST" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end();
  });
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode), the body as sent. */
function rawGet(path: string, headers: Record<string, string>, method = "GET") {
  const { hostname, port } = new URL(base);
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function get(path: string, cookie?: string) {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { body, nonce, hit: res.headers.get("x-page-cache") === "hit" };
}

describe("anonymous page cache", () => {
  it("renders a URL once, and every answer carries its own request's nonce", async () => {
    const first = await get("/services?q=logo");
    const second = await get("/services?q=logo");
    expect(first.hit).toBe(false);
    expect(second.hit).toBe(true);
    expect(second.body).toContain("render 1");
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    expect(second.body).not.toContain(`nonce="${first.nonce}"`);
  });

  it("keys by URL and the cookies that change the page; never caches personal requests or Set-Cookie answers", async () => {
    const before = renders;
    await get("/services?q=dark", "theme=dark");
    expect((await get("/services?q=dark", "theme=light")).hit).toBe(false);
    expect((await get("/services?q=dark", "theme=dark")).hit).toBe(true);
    expect((await get("/services?q=dark", "theme=dark; marktplatz.session_token=abc")).hit).toBe(false);
    expect((await get("/services?q=dark", "theme=dark; marktplatz.session_token=abc")).hit).toBe(false);
    await get("/services?cookie=1");
    expect((await get("/services?cookie=1")).hit).toBe(false);
    expect(renders - before).toBe(6);
  });

  it("a write clears it", async () => {
    await get("/services?q=write");
    expect((await get("/services?q=write")).hit).toBe(true);
    const before = writes;
    await fetch(base + "/services", { method: "POST" });
    // Once when the write arrives, once when it is done (a page rendered meanwhile may hold the old rows).
    await expect.poll(() => writes).toBe(before + 2);
    expect((await get("/services?q=write")).hit).toBe(false);
  });

  it("a write whose route keeps the cache (a view counter) keeps it and the other caches", async () => {
    await get("/services?q=view");
    const before = writes;
    await fetch(base + "/services/abc/view", { method: "POST" });
    expect(writes).toBe(before);
    expect((await get("/services?q=view")).hit).toBe(true);
  });

  it("a write that only looks like a kept path once dot segments are resolved clears it", async () => {
    await get("/services?q=dots");
    const before = writes;
    // Written, it matches the view counter; the router resolves it to /view, another route. (Sent
    // raw: fetch would resolve the dot segments itself.)
    await rawPost("/services/%2e%2e/view");
    // Once when the write arrives, once when it is done (a page rendered meanwhile may hold the old rows).
    await expect.poll(() => writes).toBe(before + 2);
    expect((await get("/services?q=dots")).hit).toBe(false);
  });

  it("renders an expired page once while requests for it wait (single-flight), each with its own nonce", async () => {
    const before = renders;
    const answers = Promise.all(Array.from({ length: 5 }, () => get("/services?q=flight")));
    // The first request is rendering; the others wait for it instead of rendering too.
    await expect.poll(() => renders).toBe(before + 1);
    releaseFlight();
    const all = await answers;
    expect(renders).toBe(before + 1);
    expect(all.filter((a) => a.hit)).toHaveLength(4);
    for (const answer of all) {
      expect(answer.body).toContain(`render ${before + 1}`);
      expect(answer.body).toContain(`nonce="${answer.nonce}"`);
    }
  });

  it("answers a hit gzip-compressed from pieces compressed once when the client takes gzip, else as it is", async () => {
    await get("/services?q=gzip");
    const nonceOf = (headers: http.IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))![1]!;
    const plain = await rawGet("/services?q=gzip", {});
    expect(plain.headers["x-page-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const page = plain.body.toString();
    expect(page).toContain(`nonce="${nonceOf(plain.headers)}"`);

    for (const accept of ["gzip, deflate, br, zstd", "gzip", "br;q=1, gzip;q=0.5"]) {
      const zipped = await rawGet("/services?q=gzip", { "Accept-Encoding": accept });
      expect(zipped.headers["x-page-cache"]).toBe("hit");
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
      const nonce = nonceOf(zipped.headers);
      // The same page with this answer's own nonce, compressed once (not twice by the middleware).
      expect(gunzipSync(zipped.body).toString()).toBe(page.replaceAll(nonceOf(plain.headers), nonce));
    }

    // gzip refused: not gzip (the compression middleware may still pick another encoding).
    const refused = await rawGet("/services?q=gzip", { "Accept-Encoding": "gzip;q=0, identity" });
    expect(refused.headers["x-page-cache"]).toBe("hit");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toContain(`nonce="${nonceOf(refused.headers)}"`);

    const head = await rawGet("/services?q=gzip", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("keeps a page that compressed itself as text, and answers hits as usual", async () => {
    const first = await rawGet("/services?q=self-compressed", { "Accept-Encoding": "gzip" });
    expect(first.headers["x-page-cache"]).toBeUndefined();
    const rendered = /render (\d+)/.exec(gunzipSync(first.body).toString())![1];
    const plain = await get("/services?q=self-compressed");
    expect(plain.hit).toBe(true);
    expect(plain.body).toContain(`render ${rendered}`);
    expect(plain.body).toContain(`nonce="${plain.nonce}"`);
  });
});
