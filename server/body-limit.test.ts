import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";
import { routePolicies } from "./route-policies";
import { fakeBuild } from "./route-policies.test-support";

const policyOf = routePolicies(fakeBuild({ upload: { body: "upload" }, other: undefined }));

let port = 0;
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit({ formBytes: 1024, multipartBytes: 64 * 1024, receivesUploads: (req) => policyOf(req).body === "upload" }));
  app.post(/.*/, (req, res) => {
    req.resume();
    req.on("end", () => res.status(204).end());
  });
  await new Promise<void>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      port = (server.address() as AddressInfo).port;
      close = () => server.close();
      resolve();
    });
  });
});
afterAll(() => close());

/** A POST with a declared length, sent raw (the path exactly as written). */
function post(path: string, contentType: string, bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: { "Content-Type": contentType, "Content-Length": bytes } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on("error", () => resolve(413)); // the server may close before the whole body is sent
    request.end(Buffer.alloc(bytes, 120));
  });
}

describe("body limits", () => {
  const multipart = "multipart/form-data; boundary=x";
  it("forms get the small ceiling, uploads the large one only where files are received", async () => {
    expect(await post("/auth", "application/x-www-form-urlencoded", 512)).toBe(204);
    expect(await post("/auth", "application/x-www-form-urlencoded", 4096)).toBe(413);
    expect(await post("/upload", multipart, 32 * 1024)).toBe(204);
    expect(await post("/upload", multipart, 128 * 1024)).toBe(413);
    // Multipart elsewhere is read into memory whole: the form ceiling.
    expect(await post("/auth", multipart, 32 * 1024)).toBe(413);
    // Dot segments do not borrow the upload ceiling for another route.
    expect(await post("/upload/%2e%2e/auth", multipart, 32 * 1024)).toBe(413);
  });
});
