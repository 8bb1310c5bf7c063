import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { round, summarize, type LatencySummary } from "./stats";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `npm run build` in `root`, or with `skip` (--skip-build) only a check that build/ holds the
 * server build.
 */
export function buildApp(root: string, skip: boolean, log: (line: string) => void): void {
  if (!skip) {
    log("Building the application (npm run build) ...");
    const t0 = Date.now();
    const built = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", shell: process.platform === "win32" });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
    log(`  built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } else if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("--skip-build given but build/server/index.js does not exist: run npm run build first.");
  }
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far (its log lines). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment for the server (e.g. AUTH_SECRET shared by several processes). */
  env?: Record<string, string>;
  /** Prefix of the temporary DATA_DIR (default "bench-catalog-"). */
  dataDirPrefix?: string;
  /** How long the server may take to answer /services (default 60 s; a demo seed on a busy machine takes longer). */
  startTimeoutMs?: number;
}

/**
 * Starts the production build (`node server/index.js`) against the bench database, or with
 * `databaseUrl` null on the embedded PGlite database in its temporary DATA_DIR (with the demo
 * content unless `options.env` says SEED_DEMO=false).
 */
export async function startServer(
  root: string,
  databaseUrl: string | null,
  log: (line: string) => void,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix ?? "bench-catalog-"));
  // BENCH_SERVER_NODE_ARGS: options for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // for a CPU profile of each server (written when it stops; NODE_OPTIONS does not allow --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl, SEED_DEMO: "false" }),
    DATA_DIR: dataDir,
    BASE_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  if (databaseUrl === null) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "server/index.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let alive = true;
  void exited.then(() => (alive = false));

  const stop = async () => {
    if (alive) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 12_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive) {
      await stop();
      throw new Error(`The server exited during start-up:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/services`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /services within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`  server pid ${child.pid} on ${baseUrl}`);
  return { baseUrl, pid: child.pid!, output: () => output, stop };
}

export interface LoadResult {
  url: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  /** Exact percentiles over every response time autocannon reported. */
  latency: LatencySummary;
  /** autocannon's own histogram percentiles, for comparison (it has no p95). */
  autocannon: { p50: number; p97_5: number; p99: number; rpsAverage: number };
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Sent with every request, e.g. a signed-in session's Cookie. */
  headers?: Record<string, string>;
  /**
   * The path (and query) of each request in turn, shared by all connections (e.g. cycling through
   * a list of filter sets); without it every request asks for `url`.
   */
  nextPath?: () => string;
}

function run(url: string, options: LoadOptions, duration: number, onResponse?: (status: number, bytes: number, ms: number) => void) {
  const { connections, headers, nextPath } = options;
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        timeout: 30,
        ...(headers ? { headers } : {}),
        ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse) instance.on("response", (_client, status, bytes, ms) => onResponse(status, bytes, ms));
  });
}

/** Every response time (ms) and the bytes of one autocannon run, and autocannon's own result. */
export interface SampledRun {
  samples: number[];
  bytes: number;
  seconds: number;
  result: Result;
}

/** One autocannon run of `seconds` (no warm-up), recording every response time. */
export async function sampleRun(url: string, options: LoadOptions, seconds: number): Promise<SampledRun> {
  const samples: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const result = await run(url, options, seconds, (_status, resBytes, ms) => {
    samples.push(ms);
    bytes += resBytes;
  });
  const elapsed = (performance.now() - started) / 1000;
  return { samples, bytes, seconds: result.duration || elapsed, result };
}

/** A warm-up run (discarded), then a measured run with `connections` concurrent keep-alive connections. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const { connections, seconds, warmupSeconds } = options;
  if (warmupSeconds > 0) await run(url, options, warmupSeconds);
  const { samples, bytes, seconds: measured, result } = await sampleRun(url, options, seconds);
  return {
    url,
    connections,
    seconds: round(measured, 2),
    requests: samples.length,
    requestsPerSecond: round(samples.length / measured, 1),
    latency: summarize(samples),
    autocannon: {
      p50: result.latency.p50 ?? Number.NaN,
      p97_5: result.latency.p97_5 ?? Number.NaN,
      p99: result.latency.p99 ?? Number.NaN,
      rpsAverage: result.requests.average ?? Number.NaN,
    },
    bytesPerResponse: Math.round(bytes / Math.max(1, samples.length)),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** A GET with exactly these headers, the body as sent (fetch adds an Accept-Encoding and decodes). */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; contentEncoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const encoding = res.headers["content-encoding"];
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), contentEncoding: typeof encoding === "string" ? encoding : undefined });
      });
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}
