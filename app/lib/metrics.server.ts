import client from "prom-client";
import { timingSafeEqual } from "node:crypto";

/**
 * Prometheus metrics of this process (GET /metrics). Each process has its own registry; the
 * scraper adds the instance label. What is measured: request durations by route and status,
 * open event streams, realtime delivery lag, database pool use, and Node's own figures.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: "marktplatz_" });

export const httpRequestDuration = new client.Histogram({
  name: "marktplatz_http_request_duration_seconds",
  help: "Time from the request's arrival to the end of its response, by route id, method and status.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const realtimeDeliveryLag = new client.Histogram({
  name: "marktplatz_realtime_delivery_lag_seconds",
  help: "Time from publishing an event to handing it to this process's streams.",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Sources of the gauges that are read when scraped (set once at start by the lifecycle). */
export interface GaugeSources {
  openStreams(): number;
  pool(): { total: number; idle: number; waiting: number } | null;
  /** Jobs waiting or to be retried, and this process's finished and failed runs (ADR 011). */
  jobs(): Promise<{ depth: number; completed: number; failures: number }>;
}

let sources: GaugeSources | null = null;

export function setGaugeSources(next: GaugeSources | null) {
  sources = next;
}

new client.Gauge({
  name: "marktplatz_event_streams_open",
  help: "Open Server-Sent Events streams on this process.",
  registers: [registry],
  collect() {
    this.set(sources?.openStreams() ?? 0);
  },
});

new client.Gauge({
  name: "marktplatz_db_pool_connections",
  help: "PostgreSQL pool connections of this process by state (absent on the embedded database).",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = sources?.pool();
    if (!pool) return;
    this.set({ state: "total" }, pool.total);
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "waiting" }, pool.waiting);
  },
});

new client.Gauge({
  name: "marktplatz_jobs_queue_depth",
  help: "Background jobs waiting to run or to be retried (all processes: the queue is shared).",
  registers: [registry],
  async collect() {
    const jobs = await sources?.jobs().catch(() => null);
    if (jobs) this.set(jobs.depth);
  },
});

new client.Gauge({
  name: "marktplatz_jobs_runs",
  help: "Background job runs on this process since the start, by outcome (failed includes retried attempts).",
  labelNames: ["outcome"] as const,
  registers: [registry],
  async collect() {
    const jobs = await sources?.jobs().catch(() => null);
    if (!jobs) return;
    this.set({ outcome: "completed" }, jobs.completed);
    this.set({ outcome: "failed" }, jobs.failures);
  },
});

/** Records one answered request (called when the response has finished). */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  httpRequestDuration.observe({ route, method, status: String(status) }, seconds);
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read the metrics: with METRICS_TOKEN set, a request with it as bearer token (compared
 * in constant time); without it, only this machine (the client address the host took from the
 * socket, or from a trusted proxy on loopback, which then names the real client).
 */
export function mayReadMetrics({ token, authorization, clientIp }: { token: string | undefined; authorization: string | null; clientIp: string }): boolean {
  if (!token) return LOOPBACK.test(clientIp);
  const match = /^Bearer (.+)$/.exec(authorization ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
