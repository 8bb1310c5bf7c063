// Throughput of the app against a baseline, measured interleaved in the same run: the baseline is
// a minimal node:http server (a child process, bench/lib/baseline-server.js) that answers every
// request with the exact bytes of the page under test. Rounds of A (the app) then B (the
// baseline), each a short autocannon run with the same connections; the ratio of the aggregate
// requests per second. Interleaving spreads whatever else the machine does over both sides.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sampleRun, type LoadOptions, type SampledRun } from "./http";
import { machineCpu } from "./meter";
import { loadAverage, loadNow, type LoadAverage } from "./noise";
import { round, summarize, type LatencySummary } from "./stats";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Baseline {
  baseUrl: string;
  pid: number;
  bytes: number;
  stop(): Promise<void>;
}

/** Starts the baseline server answering every request with `body` (already encoded with `contentEncoding`, if given). */
export async function startBaseline(body: string | Buffer, log: (line: string) => void, contentEncoding?: string): Promise<Baseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-baseline-"));
  const file = path.join(dir, "body.html");
  fs.writeFileSync(file, body);
  const child = spawn(process.execPath, [path.join(here, "baseline-server.js"), file, "text/html; charset=utf-8", ...(contentEncoding ? [contentEncoding] : [])], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));
  const stop = async () => {
    if (alive) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The baseline server did not start within 15 s:\n${output}`)), 15_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The baseline server exited:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  log(`  baseline server pid ${child.pid} on http://127.0.0.1:${port} (${Buffer.byteLength(body).toLocaleString("en")} bytes)`);
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid!, bytes: Buffer.byteLength(body), stop };
}

export interface AbRound {
  app: { requestsPerSecond: number; requests: number; p50: number; p99: number };
  baseline: { requestsPerSecond: number; requests: number; p50: number; p99: number };
  ratio: number;
}

export interface AbSide {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  bytesPerResponse: number;
}

export interface AbResult {
  /** The app's URL (path and query) under test; the baseline answers with its bytes. */
  path: string;
  htmlBytes: number;
  connections: number;
  roundSeconds: number;
  rounds: AbRound[];
  /** All rounds of each side together. */
  app: AbSide;
  baseline: AbSide;
  /** app req/s ÷ baseline req/s over all rounds. */
  ratio: number;
  load: LoadAverage;
  /** Busy cores of the whole machine during the rounds (everything running on it). */
  machineBusyCores: number | null;
}

function side(runs: SampledRun[]): AbSide {
  const samples = runs.flatMap((r) => r.samples);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  const bytes = runs.reduce((a, r) => a + r.bytes, 0);
  return {
    requests: samples.length,
    seconds: round(seconds, 2),
    requestsPerSecond: round(samples.length / seconds, 1),
    latency: summarize(samples),
    bytesPerResponse: Math.round(bytes / Math.max(1, samples.length)),
  };
}

function check(label: string, r: SampledRun) {
  if (r.result.non2xx || r.result.errors || r.result.timeouts) {
    throw new Error(`${label}: ${r.result.non2xx} non-2xx responses, ${r.result.errors} errors, ${r.result.timeouts} timeouts`);
  }
}

const brief = (r: SampledRun) => {
  const s = summarize(r.samples);
  return { requestsPerSecond: round(r.samples.length / r.seconds, 1), requests: r.samples.length, p50: s.p50, p99: s.p99 };
};

/**
 * `rounds` × (the app's `path` for `roundSeconds`, then the baseline for as long), after a
 * warm-up of each side; the same connections and headers on both sides.
 */
export async function interleaved(opts: {
  appBaseUrl: string;
  path: string;
  baseline: Baseline;
  rounds: number;
  roundSeconds: number;
  warmupSeconds: number;
  connections: number;
  headers?: Record<string, string>;
  log: (line: string) => void;
}): Promise<AbResult> {
  const options: LoadOptions = { connections: opts.connections, seconds: opts.roundSeconds, warmupSeconds: 0, ...(opts.headers ? { headers: opts.headers } : {}) };
  const appUrl = `${opts.appBaseUrl}${opts.path}`;
  const baselineUrl = `${opts.baseline.baseUrl}${opts.path}`;
  const before = loadNow();
  const cpuBefore = machineCpu();
  const started = performance.now();
  if (opts.warmupSeconds > 0) {
    check("app warm-up", await sampleRun(appUrl, options, opts.warmupSeconds));
    check("baseline warm-up", await sampleRun(baselineUrl, options, opts.warmupSeconds));
  }
  const appRuns: SampledRun[] = [];
  const baselineRuns: SampledRun[] = [];
  const rounds: AbRound[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const a = await sampleRun(appUrl, options, opts.roundSeconds);
    check(`app, round ${i + 1}`, a);
    const b = await sampleRun(baselineUrl, options, opts.roundSeconds);
    check(`baseline, round ${i + 1}`, b);
    appRuns.push(a);
    baselineRuns.push(b);
    const round_ = { app: brief(a), baseline: brief(b), ratio: 0 };
    round_.ratio = round(round_.app.requestsPerSecond / round_.baseline.requestsPerSecond, 3);
    rounds.push(round_);
    opts.log(
      `    round ${i + 1}: app ${round_.app.requestsPerSecond} req/s (p99 ${round_.app.p99} ms), baseline ${round_.baseline.requestsPerSecond} req/s (p99 ${round_.baseline.p99} ms): ${round_.ratio.toFixed(3)}`,
    );
  }
  const cpuAfter = machineCpu();
  const elapsed = (performance.now() - started) / 1000;
  const app = side(appRuns);
  const baseline = side(baselineRuns);
  return {
    path: opts.path,
    htmlBytes: opts.baseline.bytes,
    connections: opts.connections,
    roundSeconds: opts.roundSeconds,
    rounds,
    app,
    baseline,
    ratio: round(app.requestsPerSecond / baseline.requestsPerSecond, 3),
    load: loadAverage(before, loadNow()),
    machineBusyCores: cpuBefore && cpuAfter ? round((cpuAfter.busy - cpuBefore.busy) / elapsed) : null,
  };
}
