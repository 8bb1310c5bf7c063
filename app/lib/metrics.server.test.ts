import { describe, expect, it } from "vitest";
import { mayReadMetrics, observeRequest, registry, setGaugeSources } from "./metrics.server";

describe("metrics", () => {
  it("count requests by route, method and status, and read the gauges when scraped", async () => {
    observeRequest("routes/services", "GET", 200, 0.012);
    observeRequest("routes/services", "GET", 200, 0.3);
    setGaugeSources({ openStreams: () => 7, pool: () => ({ total: 5, idle: 3, waiting: 1 }), jobs: async () => ({ depth: 4, completed: 9, failures: 2 }) });
    const text = await registry.metrics();
    expect(text).toMatch(/marktplatz_http_request_duration_seconds_count\{route="routes\/services",method="GET",status="200"\} 2/);
    expect(text).toContain("marktplatz_event_streams_open 7");
    expect(text).toContain('marktplatz_db_pool_connections{state="waiting"} 1');
    expect(text).toContain("marktplatz_jobs_queue_depth 4");
    expect(text).toContain('marktplatz_jobs_runs{outcome="failed"} 2');
    expect(text).toContain("marktplatz_process_cpu_user_seconds_total");
    setGaugeSources(null);
    expect(await registry.metrics()).toContain("marktplatz_event_streams_open 0");
  });

  it("answer only the token's bearer, or this machine when no token is set", () => {
    expect(mayReadMetrics({ token: undefined, authorization: null, clientIp: "127.0.0.1" })).toBe(true);
    expect(mayReadMetrics({ token: undefined, authorization: null, clientIp: "::1" })).toBe(true);
    expect(mayReadMetrics({ token: undefined, authorization: null, clientIp: "203.0.113.9" })).toBe(false);
    expect(mayReadMetrics({ token: "s3cret-token", authorization: "Bearer s3cret-token", clientIp: "203.0.113.9" })).toBe(true);
    expect(mayReadMetrics({ token: "s3cret-token", authorization: "Bearer s3cret-tokeN", clientIp: "127.0.0.1" })).toBe(false);
    expect(mayReadMetrics({ token: "s3cret-token", authorization: null, clientIp: "127.0.0.1" })).toBe(false);
    expect(mayReadMetrics({ token: "s3cret-token", authorization: "Bearer s3cret", clientIp: "127.0.0.1" })).toBe(false);
  });
});
