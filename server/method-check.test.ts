import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testServerBuild } from "../tests/support/server-build";
import { methodCheck } from "./method-check";

let port = 0;
let close = () => {};

// The middleware in front of React Router's handler, as in server/app.ts; one resource route
// stands for the app's routes (a loader and an action).
beforeAll(async () => {
  const app = express();
  app.use(methodCheck());
  app.use(
    createRequestHandler({
      build: testServerBuild({}, { "routes/ping": { path: "ping", module: { loader: () => new Response("pong"), action: () => new Response("posted") } } }),
      mode: "production",
    }),
  );
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());
afterEach(() => vi.restoreAllMocks());

interface Answer {
  status: number;
  allow: string | undefined;
  body: string;
}

/** A raw request with any method (fetch refuses some, such as TRACE). */
function send(method: string, path = "/ping"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("request methods", () => {
  it("answers 405 with Allow to every method the app does not serve, and logs nothing", async () => {
    const logs = (["error", "warn", "log", "info"] as const).map((level) => vi.spyOn(console, level).mockImplementation(() => {}));
    for (const method of ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND", "MKCOL"]) {
      for (const path of ["/", "/ping", "/ping.data", "*"]) {
        const answer = await send(method, path);
        expect(answer, `${method} ${path}`).toEqual({ status: 405, allow: "GET, HEAD, POST", body: "Method Not Allowed" });
      }
    }
    for (const log of logs) expect(log).not.toHaveBeenCalled();
  });

  it("lets GET, HEAD and POST through to the router", async () => {
    expect(await send("GET")).toMatchObject({ status: 200, body: "pong" });
    expect(await send("HEAD")).toMatchObject({ status: 200, body: "" });
    expect(await send("POST")).toMatchObject({ status: 200, body: "posted" });
  });
});
