import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest goes to the browser as one file (3 KB gzip, loaded with the entry)
  // instead of a partial manifest per document: React Router otherwise matches the URL's
  // ancestors against every route and writes the matches into each rendered page, and the
  // browser asks /__manifest for the links it finds. Signed-in /services: about 15 % more
  // requests per second, measured interleaved (bench/README.md, findings of 2026-11-25, later).
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour now (ADR 009): middleware and the request context, route modules
  // split so that a route's client code loads on its own, and Vite's environment API.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
