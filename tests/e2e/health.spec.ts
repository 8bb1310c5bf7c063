import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, postgresAvailable, testPostgresDatabase } from "../support/app-processes";
import { startTestS3, type TestS3 } from "../support/s3rver";

// The probes of the real production server, in its own process (each suite sends it SIGTERM):
// once as `npm start` runs it (embedded database, local files), once with every production
// setting given (PostgreSQL, S3, SMTP, an https BASE_URL, a metrics token, a shutdown delay).
const root = path.resolve(import.meta.dirname, "..", "..");
// Vitest exposes Vite's env (BASE_URL="/", MODE, ...) in process.env; a real start has none of it.
const { BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, ...cleanEnv } = process.env;
const METRICS_TOKEN = "health-spec-metrics-token-0123456789";
const hasPostgres = await postgresAvailable();

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    env: { ...cleanEnv, NODE_ENV: "production", PORT: String(port), BASE_URL: base, DATABASE_URL: "", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Started: it answers (or it exited, which fails at once with its output).
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`The server exited early (${child.exitCode}):\n${log}`);
      const response = await fetch(`${base}/healthz`);
      if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
    },
    { timeout: 90_000, interval: 100 },
  );
  return { base, child, exited, log: () => log };
}

async function killServer(server: Server | undefined) {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
}

const status = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    (response) => String(response.status),
    () => "refused",
  );

describe("health probes of the production server as `npm start` runs it", () => {
  let server: Server;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-health-"));
    server = await startServer({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await killServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("/healthz is 200, not cached, sets no cookie", async () => {
    const response = await fetch(`${server.base}/healthz`, { headers: { cookie: "session_token=not-a-session" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("/readyz is 200 with every check ok, not cached, sets no cookie", async () => {
    const response = await fetch(`${server.base}/readyz`, { headers: { cookie: "session_token=not-a-session" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ status: "ok", failed: [], checks: { database: "ok", storage: "ok", realtime: "ok" } });
  });

  it("answers HEAD with the status and no body", async () => {
    for (const probe of ["/healthz", "/readyz"]) {
      const response = await fetch(`${server.base}${probe}`, { method: "HEAD" });
      expect(response.status, probe).toBe(200);
      expect(await response.text(), probe).toBe("");
    }
  });

  it("writes nothing to the log for successful probes", async () => {
    const before = server.log();
    for (let i = 0; i < 10; i++) {
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    }
    // The answer to a last request has been written: anything logged for the probes came before it.
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect(server.log()).toBe(before);
  });

  it("after SIGTERM (no delay set) /readyz is no longer 200, and the process ends cleanly", async () => {
    expect(await status(`${server.base}/readyz`)).toBe("200");
    server.child.kill("SIGTERM");
    // Until the signal is handled it may still say 200; from then on 503 or no connection at all.
    await expect.poll(() => status(`${server.base}/readyz`), { timeout: 15_000, interval: 20 }).toMatch(/^(503|refused)$/);
    expect(await server.exited).toBe(0);
    expect(await status(`${server.base}/readyz`)).toBe("refused");
  });
});

describe.skipIf(!hasPostgres)("health probes with every production setting (PostgreSQL, S3, SMTP, https, metrics token)", () => {
  let server: Server;
  let s3: TestS3;
  let dataDir: string;
  const database = testPostgresDatabase("health");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-health-prod-"));
    [s3] = await Promise.all([startTestS3(["marktplatz-health"]), database.create()]);
    server = await startServer({
      BASE_URL: "https://marktplatz.example",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      AUTH_SECRET: "health-spec-secret-0123456789-0123456789-0123456789",
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_FROM: "Marktplatz <noreply@marktplatz.example>",
      ...s3.env("marktplatz-health"),
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      PAGE_CACHE_SECONDS: "5",
      METRICS_TOKEN,
      SHUTDOWN_DELAY_SECONDS: "5",
      // Two processes on the port (as on a 2-core machine by default): the drain below is theirs.
      WEB_CONCURRENCY: "2",
    });
  });

  afterAll(async () => {
    await killServer(server);
    await s3?.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("/readyz checks PostgreSQL, the bucket and the LISTEN connection: all ok", async () => {
    const response = await fetch(`${server.base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", failed: [], checks: { database: "ok", storage: "ok", realtime: "ok" } });
    // It runs on PostgreSQL, not on an embedded database in DATA_DIR.
    expect(server.log()).toMatch(/Datenbank: postgres/);
  });

  it("/metrics answers the token's bearer only", async () => {
    expect(await status(`${server.base}/metrics`)).toBe("404");
    expect(await status(`${server.base}/metrics`, { headers: { Authorization: "Bearer wrong-token-0123456789" } })).toBe("404");
    const response = await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^marktplatz_db_pool_connections/m);
  });

  it("after SIGTERM /readyz says 503 while pages are still served for SHUTDOWN_DELAY_SECONDS, then the process ends cleanly", async () => {
    expect(await status(`${server.base}/readyz`)).toBe("200");
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await expect.poll(() => status(`${server.base}/readyz`), { timeout: 15_000, interval: 20 }).toBe("503");
    // Inside the delay (5 s): the load balancer's notice; requests routed here meanwhile are answered.
    const [health, page] = await Promise.all([status(`${server.base}/healthz`), status(`${server.base}/services`)]);
    expect([health, page]).toEqual(["200", "200"]);
    expect(server.child.exitCode).toBeNull();
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(5_000);
    expect(await status(`${server.base}/readyz`)).toBe("refused");
  });
});

/** The worker processes a server logged as listening, in order. */
const workerPids = (server: Server) => [...server.log().matchAll(/Marktplatz läuft auf .*?Prozess (\d+)\)/g)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(!hasPostgres)("several processes on one port (WEB_CONCURRENCY) with PostgreSQL", () => {
  let server: Server;
  let dataDir: string;
  const database = testPostgresDatabase("workers");

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-workers-"));
    await database.create();
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: "true", WEB_CONCURRENCY: "2" });
  });

  afterAll(async () => {
    await killServer(server);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts two workers after the first has migrated and seeded; a worker that dies is replaced while the other serves", async () => {
    await expect.poll(() => workerPids(server).length, { timeout: 60_000 }).toBe(2);
    const [first, second] = workerPids(server) as [number, number];
    expect(first).not.toBe(server.child.pid);
    // The demo content was created once, by the first worker.
    expect(server.log().match(/Demo-Inhalte angelegt/g)).toHaveLength(1);
    expect(server.log()).toMatch(/Demo-Inhalte vorhanden/);

    process.kill(second, "SIGKILL");
    // The port keeps answering through the other worker while a new one starts.
    for (let i = 0; i < 5; i++) expect(await status(`${server.base}/services`)).toBe("200");
    await expect.poll(() => workerPids(server).length, { timeout: 60_000 }).toBe(3);
    expect(server.log()).toMatch(new RegExp(`Worker ${second} exited \\(SIGKILL\\); starting a new one`));
    expect(await status(`${server.base}/readyz`)).toBe("200");
  });

  it("SIGTERM stops every worker and then the server, cleanly", async () => {
    const pids = workerPids(server).filter(alive);
    expect(pids).toHaveLength(2);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect(await status(`${server.base}/healthz`)).toBe("refused");
  });
});

