import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { env } from "~/lib/env.server";
import { mayReadMetrics, registry } from "~/lib/metrics.server";
import type { Route } from "./+types/metrics";
import type { PolicyHandle } from "~/lib/route-policy";

/** A scrape every few seconds: no request line unless it fails. */
export const handle = { policy: { quietLog: true } } satisfies PolicyHandle;

/**
 * GET /metrics: this process's Prometheus metrics, for METRICS_TOKEN's bearer (or, without a token,
 * this machine only). Anyone else gets a plain 404, as if there were nothing here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const allowed = mayReadMetrics({
    token: env().metricsToken,
    authorization: request.headers.get("Authorization"),
    clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "",
  });
  if (!allowed) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(await registry.metrics(), { headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" } });
}
