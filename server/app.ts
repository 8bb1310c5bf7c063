// The application module: bundled by Vite together with the React Router build
// (vite.config.ts makes this the server bundle's entry). The plain-JS host in
// server/index.js imports it, calls `startup()`, serves `app`, and calls
// `shutdown()` on SIGTERM.
import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { bodyLimit } from "./body-limit";
import { methodCheck } from "./method-check";
import { originCheck } from "./origin-check";
import { pageCache } from "./page-cache";
import { requestLog } from "./request-log";
import { routeIds, routePolicies } from "./route-policies";
import { securityHeaders } from "./security-headers";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { COOKIE_CONSENT_NAME, THEME_COOKIE_NAME } from "~/features/preferences/preferences";
import { marketCache } from "~/features/landing/market.server";
import { catalogCounts } from "~/features/services/catalogue.server";
import { sharedLists } from "~/features/services/shared-list.server";
import { withResponseScope } from "~/lib/after-response.server";
import { env } from "~/lib/env.server";
import { observeRequest } from "~/lib/metrics.server";
import { log } from "~/lib/log.server";
import { createRequestContext } from "~/lib/request-context.server";
import { drainApplication, runAdmin, startApplication, stopApplication, stopBeingReady } from "~/lib/lifecycle.server";
import * as serverBuild from "virtual:react-router/server-build";

const policyOf = routePolicies(serverBuild);

export const app = express();
app.disable("x-powered-by");
// Every request gets an id (a sane incoming X-Request-Id is kept): in its logs (through the async
// context), in the answer, and in the one line logged when it is over (server/request-log.ts).
const routeOf = routeIds(serverBuild);
app.use(requestLog({ logger: log, routeOf, quiet: (req) => policyOf(req).quietLog === true }));
// Request durations by route id for /metrics (static files are served before the app).
app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => observeRequest(routeOf(req) ?? "unmatched", req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9));
  next();
});
app.use(securityHeaders({ development: process.env.NODE_ENV === "development", ownContentPolicy: (req) => policyOf(req).ownContentPolicy === true }));
// Only GET, HEAD and POST reach the router; any other method is a quiet 405 with Allow.
app.use(methodCheck());
app.use(originCheck({ baseUrl: () => env().baseUrl, allowsCrossSitePost: (req) => policyOf(req).crossSitePost === true }));
app.use(
  bodyLimit({
    formBytes: 64 * 1024,
    // The largest upload: an order delivery of three files of 10 MB each (plus the form around them).
    multipartBytes: 32 * 1024 * 1024,
    receivesUploads: (req) => policyOf(req).body === "upload",
  }),
);
// The client's address for rate limits, from the socket (or a trusted proxy on loopback).
// It overwrites whatever a client sent under this name.
app.use((req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
  next();
});
// Signed-out visitors of pages that allow it share their rendered HTML for a few seconds (PAGE_CACHE_SECONDS).
app.use(
  pageCache({
    isShared: (req) => policyOf(req).pageCache === "shared",
    ttlMs: () => env().pageCacheSeconds * 1000,
    varyCookies: [THEME_COOKIE_NAME, COOKIE_CONSENT_NAME],
    personalCookies: [/session_token=/, /(?:^|;\s*)flash=/],
    // A write may change what the catalogue counts and lists: recount and re-render on this process at once.
    onWrite: () => {
      catalogCounts().clear();
      sharedLists().clear();
      marketCache().clear();
    },
    // Writes that change no list or count (views up to the TTL stale): the routes say so themselves.
    keepsOnWrite: (req) => policyOf(req).pageCache === "unaffected",
  }),
);
// Work detached from an answer (runAfterResponse) starts once the response has been sent.
app.use((_req, res, next) => withResponseScope((end) => res.once("close", end), next));
app.use(
  createRequestHandler({
    // The build itself, not a function returning it: given a function, React Router rebuilds its
    // route tables on every request (meant for hot reloading; `npm run dev` reloads this module).
    build: serverBuild,
    getLoadContext: (req, res) =>
      createRequestContext({ cspNonce: String(res.locals.cspNonce), requestId: String(res.locals.requestId), document: !req.path.endsWith(".data") }),
  }),
);

export const startup = startApplication;
export const admin = runAdmin;
export const drain = drainApplication;
export const notReady = stopBeingReady;
export const shutdown = stopApplication;
/** The server's logger, for the host's own lines (server/index.js). */
export { log };
