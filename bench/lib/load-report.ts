// The load benchmark's results: the JSON of bench/results/load.json, the markdown of its section
// in bench/README.md, the targets, and what is read from the app processes (/metrics, log lines).
import { log } from "./cli";
import type { LoadConfig } from "./load-config";
import type { ClassSummary } from "./load-http";
import type { ProcessUse } from "./load-procs";
import type { MachineInfo } from "./machine";
import { runLine } from "./report";
import type { LatencySummary } from "./stats";

export interface ProcessMetrics {
  process: string;
  eventStreamsOpen: number | null;
  dbPool: { total: number | null; idle: number | null; waiting: number | null };
  jobsQueueDepth: number | null;
  jobRuns: { completed: number | null; failed: number | null };
  /** From publishing an event to handing it to this process's streams (the app's own histogram). */
  realtimeDeliveryLag: { count: number; meanMs: number | null };
  /** Requests this process answered (its histogram's count), and of them 5xx. */
  httpRequests: number;
  http5xx: number;
  eventLoopLagP99Ms: number | null;
  error?: string;
}

export interface AppLog {
  process: string;
  warnLines: number;
  errorLines: number;
  /** Lines that are not the logger's JSON (Node's own warnings on stderr, for instance). */
  otherLines: number;
  /** The first few warn/error lines' messages, and the first other line. */
  examples: string[];
}

export interface LoadResults {
  benchmark: "load";
  date: string;
  machine: MachineInfo;
  method: Record<string, string | number>;
  config: LoadConfig;
  targets: { errors: number; lostMessages: number };
  /** From the first user's start to the stop signal (requests answered during the drain after it are counted too). */
  measuredSeconds: number;
  totals: { requests: number; errors: number; requestsPerSecond: number };
  classes: ClassSummary[];
  proxy: { connections: Record<string, number>; errors: string[] };
  messages: {
    sent: number;
    withFile: number;
    failedSends: number;
    delivered: number;
    lost: number;
    lostExamples: string[];
    /** Messages whose sender's own stream did not get the event (reported, not a target). */
    missingOnSenderStream: number;
    duplicates: number;
    /** Sent through one process, delivered on a stream of the other. */
    crossProcess: number;
    /** Send request start to the arrival on the recipient's stream. */
    deliveryLatency: LatencySummary;
    /** Messages by (process that stored it → process of the recipient's stream). */
    paths: Record<string, number>;
  };
  streams: { users: number; connects: number; drops: number; errors: string[]; events: Record<string, number> };
  resources: {
    seconds: number;
    processes: ProcessUse[];
    postgresBackendCores: number | null;
    machineBusyCores: number | null;
    loadAverage1m: { start: number; end: number };
    /** The benchmark process's own event-loop delay (it runs the users and the proxy: part of every figure). */
    benchEventLoopDelayMs: { p50: number; p99: number; max: number };
  };
  metrics: ProcessMetrics[];
  appLogs: AppLog[];
  pass: { noErrors: boolean; noLoss: boolean };
  durationSeconds: number;
}

/** Samples of a Prometheus text exposition: name, labels, value. */
export function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const pair of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

export function processMetrics(process: string, text: string): ProcessMetrics {
  const samples = parseMetrics(text);
  const one = (name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? null;
  const sum = (name: string, keep: (l: Record<string, string>) => boolean = () => true) =>
    samples.filter((s) => s.name === name && keep(s.labels)).reduce((a, s) => a + s.value, 0);
  const lagCount = one("marktplatz_realtime_delivery_lag_seconds_count") ?? 0;
  const lagSum = one("marktplatz_realtime_delivery_lag_seconds_sum") ?? 0;
  const loopP99 = one("marktplatz_nodejs_eventloop_lag_p99_seconds");
  return {
    process,
    eventStreamsOpen: one("marktplatz_event_streams_open"),
    dbPool: {
      total: one("marktplatz_db_pool_connections", { state: "total" }),
      idle: one("marktplatz_db_pool_connections", { state: "idle" }),
      waiting: one("marktplatz_db_pool_connections", { state: "waiting" }),
    },
    jobsQueueDepth: one("marktplatz_jobs_queue_depth"),
    jobRuns: { completed: one("marktplatz_jobs_runs", { outcome: "completed" }), failed: one("marktplatz_jobs_runs", { outcome: "failed" }) },
    realtimeDeliveryLag: { count: lagCount, meanMs: lagCount ? Math.round((lagSum / lagCount) * 10_000) / 10 : null },
    httpRequests: sum("marktplatz_http_request_duration_seconds_count"),
    http5xx: sum("marktplatz_http_request_duration_seconds_count", (l) => (l.status ?? "").startsWith("5")),
    eventLoopLagP99Ms: loopP99 === null ? null : Math.round(loopP99 * 10_000) / 10,
  };
}

/** The warn and error lines of an app process's JSON log, and how many other lines it wrote. */
export function appLog(process: string, output: string): AppLog {
  const result: AppLog = { process, warnLines: 0, errorLines: 0, otherLines: 0, examples: [] };
  let other: string | undefined;
  for (const line of output.split("\n")) {
    if (line.trim() === "") continue;
    if (!line.startsWith("{")) {
      result.otherLines++;
      other ??= line.slice(0, 160);
      continue;
    }
    const level = Number(/"level":(\d+)/.exec(line.slice(0, 40))?.[1] ?? 0);
    if (level < 40) continue;
    if (level >= 50) result.errorLines++;
    else result.warnLines++;
    if (result.examples.length < 6) {
      let text = line;
      try {
        const parsed = JSON.parse(line) as { msg?: string; err?: { message?: string }; route?: string };
        text = [parsed.msg, parsed.route && `route ${parsed.route}`, parsed.err?.message].filter(Boolean).join(" — ");
      } catch {
        // not JSON after all
      }
      result.examples.push(text.slice(0, 240));
    }
  }
  if (other) result.examples.push(`other output: ${other}`);
  return result;
}

const f1 = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? "–" : v.toFixed(1));
const int = (v: number) => v.toLocaleString("en");
const mark = (ok: boolean) => (ok ? "PASS" : "**FAIL**");

export function renderMarkdown(r: LoadResults): string {
  const lines: string[] = [];
  const c = r.config;
  lines.push(
    `${runLine(r.date, r.machine)} ${c.users} virtual users (${c.signedIn} signed in, ${c.users - c.signedIn} anonymous) for ${c.durationSeconds} s ` +
      `(started over ${c.rampSeconds} s), think time ${c.thinkMs.min / 1000}–${c.thinkMs.max / 1000} s; two app processes behind a round-robin TCP proxy ` +
      `(connections A / B: ${Object.values(r.proxy.connections).map(int).join(" / ")}), one PostgreSQL database, s3rver.`,
  );
  lines.push("");
  lines.push(`| route class | requests | errors | p50 | p95 | p99 | max | answered by A / B |`);
  lines.push(`|---|--:|--:|--:|--:|--:|--:|--:|`);
  for (const k of r.classes) {
    lines.push(
      `| ${k.name} | ${int(k.requests)} | ${k.errors ? `**${int(k.errors)}**` : "0"} | ${f1(k.latency.p50)} | ${f1(k.latency.p95)} | ${f1(k.latency.p99)} | ${f1(k.latency.max)} | ${int(k.byProcess.A ?? 0)} / ${int(k.byProcess.B ?? 0)} |`,
    );
  }
  lines.push(`| **all** | **${int(r.totals.requests)}** | **${int(r.totals.errors)}** | | | | | ${r.totals.requestsPerSecond.toFixed(1)} req/s |`);
  lines.push("");
  const retried = r.classes.filter((k) => k.retried > 0);
  if (retried.length) {
    lines.push(
      `GETs sent once more after their reused keep-alive connection was closed before any answer (not errors; browsers retry these too): ${retried.map((k) => `${k.name} ${k.retried}`).join(", ")}.`,
    );
    lines.push("");
  }
  lines.push(
    "Times in ms from the start of the request to the last byte of the answer (events-connect: to the stream's `ready` event), nearest rank, through the proxy. " +
      "An error is a network error, a timeout (60 s) or a status other than the expected one (2xx; 302 for sign-in and opening a chat).",
  );
  lines.push("");
  const m = r.messages;
  lines.push(
    `Messages: ${int(m.sent)} sent (${int(m.withFile)} with a file), ${int(m.delivered)} delivered to the recipient's stream, **${int(m.lost)} lost**, ` +
      `${int(m.crossProcess)} of them crossed from one process to the other (${Object.entries(m.paths).map(([p, n]) => `${p}: ${int(n)}`).join(", ")}); ` +
      `send → recipient's event p50 ${f1(m.deliveryLatency.p50)} / p95 ${f1(m.deliveryLatency.p95)} / p99 ${f1(m.deliveryLatency.p99)} ms; ` +
      `failed sends ${m.failedSends}, missing on the sender's own stream ${m.missingOnSenderStream}, duplicates ${m.duplicates}. ` +
      `Streams: ${r.streams.users} held open, ${r.streams.connects} connects, ${r.streams.drops} dropped.`,
  );
  lines.push("");
  lines.push(`| process | CPU s | cores (avg) | cores (busiest 10 s) | RSS start → end MiB | RSS max MiB |`);
  lines.push(`|---|--:|--:|--:|--:|--:|`);
  for (const p of r.resources.processes) {
    lines.push(`| ${p.name} | ${f1(p.cpuSeconds)} | ${p.cpuCores?.toFixed(2) ?? "–"} | ${p.cpuCoresPeak10s?.toFixed(2) ?? "–"} | ${p.rssMiB.start ?? "–"} → ${p.rssMiB.end ?? "–"} | ${p.rssMiB.max ?? "–"} |`);
  }
  lines.push(`| PostgreSQL backends of the bench database (lower bound) | | ${r.resources.postgresBackendCores?.toFixed(2) ?? "–"} | | | |`);
  lines.push(`| whole machine (${r.machine.cpus} cores) | | ${r.resources.machineBusyCores?.toFixed(2) ?? "–"} | | | |`);
  lines.push("");
  lines.push(
    `Over ${r.resources.seconds} s; load average (1 min) ${r.resources.loadAverage1m.start} → ${r.resources.loadAverage1m.end}; ` +
      `the benchmark process's event-loop delay p99 ${f1(r.resources.benchEventLoopDelayMs.p99)} ms (max ${f1(r.resources.benchEventLoopDelayMs.max)}). ` +
      `From /metrics at the end: ${r.metrics
        .map(
          (x) =>
            `${x.process}: ${x.eventStreamsOpen ?? "?"} streams open, pool ${x.dbPool.total ?? "?"} (waiting ${x.dbPool.waiting ?? "?"}), job queue ${x.jobsQueueDepth ?? "?"}, ` +
            `${int(x.httpRequests)} requests (${x.http5xx} 5xx), delivery lag mean ${f1(x.realtimeDeliveryLag.meanMs)} ms over ${int(x.realtimeDeliveryLag.count)} events`,
        )
        .join("; ")}. App log lines at warn / error: ${r.appLogs.map((l) => `${l.process} ${l.warnLines} / ${l.errorLines}`).join(", ")}.`,
  );
  lines.push("");
  lines.push(`Targets: 0 errors: ${mark(r.pass.noErrors)} (${int(r.totals.errors)}); 0 lost messages: ${mark(r.pass.noLoss)} (${int(m.lost)}).`);
  return lines.join("\n");
}

export function printTargets(r: LoadResults): void {
  log(`0 errors:            ${r.pass.noErrors ? "PASS" : "FAIL"} (${r.totals.errors})`);
  log(`0 lost messages:     ${r.pass.noLoss ? "PASS" : "FAIL"} (${r.messages.lost} of ${r.messages.sent})`);
  for (const k of r.classes) if (k.errorExamples.length) log(`  ${k.name} errors, e.g.: ${k.errorExamples.slice(0, 3).join(" | ")}`);
  if (r.messages.lostExamples.length) log(`  lost, e.g.: ${r.messages.lostExamples.join(" | ")}`);
  if (r.streams.errors.length) log(`  streams: ${r.streams.errors.join(" | ")}`);
  for (const l of r.appLogs) if (l.examples.length) log(`  app ${l.process} log (${l.warnLines} warn, ${l.errorLines} error, ${l.otherLines} other lines): ${l.examples.slice(0, 4).join(" | ")}`);
}
