import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/log.server";
import { currentRequestId } from "~/lib/request-id.server";
import { requestLog } from "./request-log";
import { fakeBuild } from "./route-policies.test-support";
import { routeIds, routePolicies } from "./route-policies";

// The request log as server/app.ts mounts it, in front of a few handlers, writing to an array.
let lines: Record<string, unknown>[] = [];
let base = "";
let close = () => {};
const logger = createLogger({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }, "info");

beforeAll(async () => {
  const app = express();
  const build = fakeBuild({ "services/:id": undefined, boom: undefined, healthz: { quietLog: true }, readyz: { quietLog: true } });
  const policyOf = routePolicies(build);
  app.use(requestLog({ logger, routeOf: routeIds(build), quiet: (req) => policyOf(req).quietLog === true }));
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.get("/readyz", (_req, res) => void res.status(503).send("draining"));
  app.get("/services/:id", (_req, res) => {
    logger.info("handler ran");
    res.setHeader("Set-Cookie", "session_token=fresh.value; Path=/; HttpOnly");
    res.send(`id ${currentRequestId()}`);
  });
  app.get("/boom", (_req, res) => void res.status(500).send("kaputt"));
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

/** The request's line: written when the response is over, which may be just after the client has it. */
async function lineOf(reqId: string): Promise<Record<string, unknown>> {
  await expect.poll(() => lines.filter((line) => line.reqId === reqId && "responseTime" in line)).toHaveLength(1);
  return lines.find((line) => line.reqId === reqId && "responseTime" in line)!;
}

describe("the request log (pino-http)", () => {
  it("writes one line per request with its id, route, status and duration; the id is in the answer and the async context", async () => {
    lines = [];
    const response = await fetch(`${base}/services/abc?page=2`, { headers: { cookie: "session_token=secret.cookie; theme=dark" } });
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).toBe(`id ${id}`);
    const line = await lineOf(id);
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      route: "services/:id",
      msg: "GET /services/abc?page=2 200",
      req: { method: "GET", url: "/services/abc?page=2", headers: { cookie: "[redacted]" } },
      res: { statusCode: 200, headers: { "set-cookie": "[redacted]" } },
    });
    expect(line.responseTime).toEqual(expect.any(Number));
    // The handler's own line names the same request; nothing else was logged for it.
    expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(["handler ran", "GET /services/abc?page=2 200"]);
    expect(JSON.stringify(lines)).not.toMatch(/secret\.cookie|fresh\.value/);
  });

  it("keeps a sane incoming X-Request-Id and replaces anything else", async () => {
    const kept = await fetch(`${base}/services/1`, { headers: { "x-request-id": "lb-7f3a.2:abc_DEF" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.2:abc_DEF");
    expect(await lineOf("lb-7f3a.2:abc_DEF")).toMatchObject({ res: { statusCode: 200 } });
    for (const insane of ["a b", "anna@example.org", "x".repeat(129), "id\u00e4", "token=abc"]) {
      const replaced = await fetch(`${base}/services/1`, { headers: { "x-request-id": insane } });
      expect(replaced.headers.get("x-request-id"), insane).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("logs a 5xx at level error, without a made-up stack", async () => {
    const response = await fetch(`${base}/boom`);
    expect(response.status).toBe(500);
    const line = await lineOf(response.headers.get("x-request-id")!);
    expect(line).toMatchObject({ level: 50, route: "boom", msg: "GET /boom 500", res: { statusCode: 500 } });
    expect(line).not.toHaveProperty("err");
  });

  it("scrubs tokens and addresses from the logged URL", async () => {
    const response = await fetch(`${base}/services/x?token=abc123secret&email=anna%40example.org`);
    const line = await lineOf(response.headers.get("x-request-id")!);
    expect(line.msg).toBe("GET /services/x?token=[redacted]&email=[email] 200");
    expect(JSON.stringify(line)).not.toMatch(/abc123secret|anna/);
  });

  it("writes no line for a probe that succeeds, but logs one that fails", async () => {
    lines = [];
    const probe = await fetch(`${base}/healthz`);
    const probeId = probe.headers.get("x-request-id")!;
    expect(probe.status).toBe(200);
    const failing = await fetch(`${base}/readyz`);
    expect(failing.status).toBe(503);
    // The failing probe's line is written after the first probe's response was over.
    expect(await lineOf(failing.headers.get("x-request-id")!)).toMatchObject({ level: 50, route: "readyz" });
    expect(lines.filter((line) => line.reqId === probeId)).toEqual([]);
  });
});
