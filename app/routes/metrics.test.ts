import { beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { observeRequest } from "~/lib/metrics.server";
import { loader } from "./metrics";

const scrape = (clientIp: string) => loader({ request: new Request("http://localhost/metrics", { headers: { [CLIENT_IP_HEADER]: clientIp } }), params: {}, context: {} } as never);

beforeAll(() => {
  // The route reads the validated environment (Vitest sets BASE_URL to "/").
  vi.stubEnv("BASE_URL", "http://localhost:3000");
  vi.stubEnv("AUTH_SECRET", "metrics-test-secret-metrics-test-secret");
  vi.stubEnv("METRICS_TOKEN", "");
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("answers this machine in Prometheus' text format, never cached", async () => {
    observeRequest("routes/home", "GET", 200, 0.02);
    const response = await scrape("127.0.0.1");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toContain('marktplatz_http_request_duration_seconds_count{route="routes/home",method="GET",status="200"}');
  });

  it("is not there for anyone else", async () => {
    const response = await scrape("203.0.113.7");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("marktplatz_");
  });
});
