import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheck } from "./origin-check";

let port = 0;
let close = () => {};

// The origin check in front of two routes, as in server/app.ts: one that declares crossSitePost
// (stands for /unsubscribe) and one that does not.
beforeAll(async () => {
  const app = express();
  app.use(originCheck({ baseUrl: () => "https://markt.example", allowsCrossSitePost: (req) => req.path === "/token-route" }));
  app.all("/token-route", (_req, res) => void res.send("done"));
  app.all("/other", (_req, res) => void res.send("done"));
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

/** A raw POST as a mail program sends the one-click (fetch would not send every header we set). */
function post(path: string, headers: Record<string, string>): Promise<{ status: number }> {
  const body = "List-Unsubscribe=One-Click";
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("the origin check (CSRF defence)", () => {
  it("refuses a POST from another site, except to a route that declares crossSitePost", async () => {
    expect((await post("/other", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/other", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post("/other", { Origin: "null" })).status).toBe(403);
    // A webmail page's one-click POST comes with its own origin; a mail provider's server sends none.
    expect((await post("/token-route", { Origin: "https://webmail.example" })).status).toBe(200);
    expect((await post("/token-route", { "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
    expect((await post("/token-route", {})).status).toBe(200);
    // Same site passes everywhere.
    expect((await post("/other", { Origin: "https://markt.example" })).status).toBe(200);
  });
});
