import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // React Router 8's behaviour now (ADR 009): middleware and the request context, route modules
  // split so that a route's client code loads on its own, and Vite's environment API.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
