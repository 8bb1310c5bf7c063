import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterResponseWorkSettled, runAfterResponse, withResponseScope } from "./after-response.server";
import { captureLog } from "../../tests/support/log-capture";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("work after the response", () => {
  it("starts only when the response scope ends", async () => {
    const started: string[] = [];
    let end!: () => void;
    withResponseScope(
      (onEnd) => (end = onEnd),
      () => {
        void (async () => {
          await Promise.resolve();
          runAfterResponse("test", async () => void started.push("work"));
        })();
      },
    );
    // However long the answer takes, the work waits for its end.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([]);
    end();
    await afterResponseWorkSettled();
    expect(started).toEqual(["work"]);
  });

  it("outside a request, starts after the caller's turn", async () => {
    const started: string[] = [];
    runAfterResponse("test", async () => void started.push("work"));
    started.push("caller");
    await afterResponseWorkSettled();
    expect(started).toEqual(["caller", "work"]);
  });

  it("logs a failure and never hands it to the caller", async () => {
    const logged = captureLog();
    expect(() => runAfterResponse("Reset could not be started", () => Promise.reject(new Error("database gone")))).not.toThrow();
    await afterResponseWorkSettled();
    expect(logged.errors()).toEqual([expect.objectContaining({ msg: "Reset could not be started", err: expect.objectContaining({ message: "database gone" }) })]);
  });

  it("with Express (as in server/app.ts), the client has its answer before the work starts", async () => {
    const app = express();
    app.use((_req, res, next) => withResponseScope((end) => res.once("close", end), next));
    let sentWhenStarted: boolean | undefined;
    app.post("/reset", async (_req, res) => {
      runAfterResponse("test", async () => {
        sentWhenStarted = res.writableFinished;
      });
      // The rest of the answer takes a few turns of the event loop.
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/reset`, { method: "POST" });
      expect(await response.text()).toBe("ok");
      await afterResponseWorkSettled();
      expect(sentWhenStarted).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
