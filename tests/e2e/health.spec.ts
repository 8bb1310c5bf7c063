import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../support/app-processes";

// The probes of the real production server (its own process: this file sends it SIGTERM).
const root = path.resolve(import.meta.dirname, "..", "..");
// Vitest exposes Vite's env (BASE_URL="/", MODE, ...) in process.env; a real start has none of it.
const { BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, ...cleanEnv } = process.env;

let child: ChildProcess;
let base: string;
let dataDir: string;
let log = "";
let exited: Promise<number | null>;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-health-"));
  child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    env: { ...cleanEnv, NODE_ENV: "production", PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  // Started: it answers (or it exited, which fails at once with its output).
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited early (${child.exitCode}):\n${log}`);
      const response = await fetch(`${base}/healthz`);
      if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
    },
    { timeout: 90_000, interval: 100 },
  );
});

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill("SIGKILL");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("health probes of the production server", () => {
  it("/healthz is 200, not cached, sets no cookie", async () => {
    const response = await fetch(`${base}/healthz`, { headers: { cookie: "session_token=not-a-session" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz is 200 with every check ok, not cached, sets no cookie", async () => {
    const response = await fetch(`${base}/readyz`, { headers: { cookie: "session_token=not-a-session" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ status: "ok", failed: [], checks: { database: "ok", storage: "ok", realtime: "ok" } });
  });

  it("answers HEAD with the status and no body", async () => {
    for (const probe of ["/healthz", "/readyz"]) {
      const response = await fetch(`${base}${probe}`, { method: "HEAD" });
      expect(response.status, probe).toBe(200);
      expect(await response.text(), probe).toBe("");
    }
  });

  it("writes nothing to the log for successful probes", async () => {
    const before = log;
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
    }
    // The answer to a last request has been written: anything logged for the probes came before it.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(log).toBe(before);
  });

  it("after SIGTERM /readyz is no longer 200 (503 while draining, or the connection is refused), and the process ends cleanly", async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    child.kill("SIGTERM");
    const readyz = () =>
      fetch(`${base}/readyz`).then(
        (response) => String(response.status),
        () => "refused",
      );
    // Until the signal is handled it may still say 200; from then on 503 or no connection at all.
    await expect.poll(readyz, { timeout: 15_000, interval: 20 }).toMatch(/^(503|refused)$/);
    expect(await exited).toBe(0);
    expect(await readyz()).toBe("refused");
  });
});
