// The realtime benchmark's results: the format of bench/results/realtime.json, what it prints
// per scenario and at the end, and the markdown table of bench/README.md.
import os from "node:os";
import { log } from "./cli";
import { machineInfo, type MachineInfo } from "./machine";
import { loadAverage, noisyMark, type LoadAverage } from "./noise";
import type { CpuUse } from "./meter";
import { DRAIN_TIMEOUT_MS, RATE, SENDER_GAP_MS, TABS, TARGETS, USERS, type Timing } from "./realtime-config";
import { runLine } from "./report";
import { round, type LatencySummary } from "./stats";

export interface ScenarioResult {
  name: string;
  description: string;
  streams: number;
  users: number;
  tabsPerUser: number;
  streamsOpenedInMs: number;
  sendSeconds: number;
  messagesPerSecond: number;
  messages: { sent: number; failed: number; failures: string[] };
  deliveries: { expected: number; received: number; lost: number; duplicates: number; unexpected: number };
  /** Send-request start → arrival of message.created, every (message, tab) after the warm-up. */
  latency: LatencySummary;
  latencyIncludingWarmup: LatencySummary;
  latencyRecipientTabs: LatencySummary;
  latencySenderTabs: LatencySummary;
  /** Send-request start → its JSON answer read. */
  sendRequest: LatencySummary;
  /**
   * The same latency split at the message's transaction start (messages.created_at = now() of the
   * inserting transaction; the same machine clock as the client): request start → transaction start
   * (HTTP, multipart, session, the rate-limit check, waiting for a pool connection), and
   * transaction start → arrival (insert, notification, commit, NOTIFY, LISTEN, hub, SSE write, client).
   */
  split: { requestToTransaction: LatencySummary; transactionToArrival: LatencySummary };
  /** Spread within one message: last tab's arrival − first tab's arrival. */
  fanoutSpread: LatencySummary;
  streamsDropped: number;
  streamErrors: string[];
  events: Record<string, number>;
  /** Event-loop delay of the benchmark process during the send phase (it also parses the 1,000 streams). */
  clientEventLoopDelayMs: { p50: number; p99: number; max: number };
  cpu: CpuUse;
}

export interface RealtimeResults {
  benchmark: "realtime";
  date: string;
  machine: MachineInfo;
  method: Record<string, string | number>;
  targets: typeof TARGETS;
  scenarios: ScenarioResult[];
  pass: { singleProcessP95: boolean; crossProcessP95: boolean; noLoss: boolean };
  durationSeconds: number;
}

/** The p95 target of a scenario: the first (one process) and the second (two processes, across PostgreSQL). */
export function scenarioTarget(r: Pick<RealtimeResults, "targets" | "scenarios">, s: ScenarioResult): number {
  return s === r.scenarios[0] ? r.targets.singleProcessP95Ms : r.targets.crossProcessP95Ms;
}

/** The load average before and after a scenario's send phase, noisy above the core count. */
export const scenarioLoad = (s: ScenarioResult): LoadAverage => loadAverage(s.cpu.loadAverage1m.start, s.cpu.loadAverage1m.end);

/** The results file of a run: the scenarios, how they were measured, and whether the targets were met. */
export function realtimeResults(scenarios: ScenarioResult[], pgVersion: string, started: number, t: Timing): RealtimeResults {
  return {
    benchmark: "realtime",
    date: new Date().toISOString(),
    machine: machineInfo(pgVersion),
    method: {
      streams: `${USERS} users × ${TABS} tabs = ${USERS * TABS} GET /api/events streams (plain node:http, one socket each), all 'ready' before sending`,
      signIn: "each user signs in once through the /auth form action (own X-Forwarded-For); its tabs share the session cookie",
      sends: `POST /api/conversations/{id}/messages?view=service (multipart text) at ${round(RATE, 2)}/s round-robin over the ${USERS} users (each every ${SENDER_GAP_MS / 1000} s: under 5 per minute), not waiting for answers, ${t.sendSeconds} s per scenario`,
      latency: "performance.now() at the arrival of the chunk with the message.created event minus performance.now() before the POST; every (message, tab) of both participants; nearest-rank percentiles",
      warmupSeconds: t.warmupSeconds,
      drainTimeoutMs: DRAIN_TIMEOUT_MS,
      servers: "production build (node server/index.js, NODE_ENV=production, SEED_DEMO=false), own pg pool of 10 + 1 LISTEN connection each",
      note: "the benchmark client (1,000 streams + sends), the server process(es) and PostgreSQL share the same machine and its CPU cores",
    },
    targets: TARGETS,
    scenarios,
    pass: {
      singleProcessP95: scenarios[0]!.latency.p95 < TARGETS.singleProcessP95Ms,
      crossProcessP95: scenarios[1] !== undefined && scenarios[1].latency.p95 < TARGETS.crossProcessP95Ms,
      noLoss: scenarios.every((s) => s.deliveries.lost === 0 && s.messages.failed === 0 && s.streamsDropped === 0),
    },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
}

/** The figures of one scenario, as printed when it ends. */
export function printScenario(result: ScenarioResult, warmupSeconds: number): void {
  const l = result.latency;
  const d = result.deliveries;
  log(`  ${result.messages.sent} messages sent (${result.messages.failed} failed), ${d.received} of ${d.expected} deliveries (${d.lost} lost, ${d.duplicates} duplicates)`);
  log(`  delivery latency (ms, after ${warmupSeconds} s warm-up, ${l.n} deliveries): p50 ${l.p50}  p95 ${l.p95}  p99 ${l.p99}  max ${l.max}`);
  log(`  send request (ms): p50 ${result.sendRequest.p50}  p95 ${result.sendRequest.p95}  p99 ${result.sendRequest.p99}`);
  const { requestToTransaction: a, transactionToArrival: b } = result.split;
  log(`  split at the transaction start (ms): request → transaction p50 ${a.p50} p95 ${a.p95} p99 ${a.p99}; transaction → arrival p50 ${b.p50} p95 ${b.p95} p99 ${b.p99}`);
  const c = result.cpu;
  log(`  benchmark process event-loop delay p99 ${result.clientEventLoopDelayMs.p99} ms`);
  log(
    `  CPU (cores): ${c.serverSecondsPerSecond.map((s) => `${s.role} ${s.value}`).join(", ")}, PostgreSQL ${c.postgresSecondsPerSecond}, client ${c.clientSecondsPerSecond}; ` +
      `whole machine ${c.machineBusyCores} of ${os.cpus().length}; load average ${c.loadAverage1m.start} → ${c.loadAverage1m.end}`,
  );
  if (result.messages.failed) log(`  failures: ${result.messages.failures.join(" | ")}`);
  if (result.streamErrors.length) log(`  stream errors: ${result.streamErrors.join(" | ")}`);
}

/** The targets, PASS or FAIL, as printed at the end. */
export function printTargets(r: RealtimeResults): void {
  const [one, two] = r.scenarios;
  log(`  ${r.pass.singleProcessP95 ? "PASS" : "FAIL"}${noisyMark(scenarioLoad(one!))}  one process: p95 ${one!.latency.p95} ms < ${r.targets.singleProcessP95Ms} ms`);
  if (two) log(`  ${r.pass.crossProcessP95 ? "PASS" : "FAIL"}${noisyMark(scenarioLoad(two))}  two processes: p95 ${two.latency.p95} ms < ${r.targets.crossProcessP95Ms} ms`);
  log(`  ${r.pass.noLoss ? "PASS" : "FAIL"}  no lost deliveries, failed sends or dropped streams`);
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");

/** The results as markdown: one table of the delivery latency, one of where it goes and what it costs. */
export function renderMarkdown(r: RealtimeResults, t: Timing): string {
  const lines: string[] = [];
  lines.push(
    `${runLine(r.date, r.machine)} ` +
      `${USERS * TABS} streams (${USERS} users × ${TABS} tabs), ${RATE.toFixed(1)} messages/s for ${t.sendSeconds} s per scenario.`,
  );
  lines.push("");
  lines.push("| scenario | deliveries | lost | p50 | p95 | p99 | max | send request p50 / p95 | server CPU (cores) | p95 target |");
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|---|:-:|");
  for (const s of r.scenarios) {
    const l = s.latency;
    const cpu = s.cpu.serverSecondsPerSecond.map((c) => `${c.role}: ${c.value ?? "?"}`).join(", ");
    const target = scenarioTarget(r, s);
    lines.push(
      `| ${s.name} | ${s.deliveries.received.toLocaleString("en")} / ${s.deliveries.expected.toLocaleString("en")} | ${s.deliveries.lost} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${f1(l.max)} | ${f1(s.sendRequest.p50)} / ${f1(s.sendRequest.p95)} | ${cpu} | < ${target} ms: ${l.p95 < target ? "PASS" : "**FAIL**"}${noisyMark(scenarioLoad(s))} |`,
    );
  }
  lines.push("");
  lines.push(
    "Latency in ms from the start of the send request (`POST /api/conversations/{id}/messages`) to the arrival of the `message.created` event on a stream, " +
      `for every (message, tab) of both participants (each message reaches ${2 * TABS} tabs), after a ${t.warmupSeconds} s warm-up per scenario (warm-up deliveries are still checked for loss). ` +
      "Send request = the same start to the POST's JSON answer.",
  );
  lines.push("");
  lines.push(
    "| scenario | request → transaction p50 / p95 | transaction → arrival p50 / p95 | recipient tabs p95 | sender's own tabs p95 | fan-out spread p95 | incl. warm-up p95 | client event-loop delay p99 | CPU: PostgreSQL / client / whole machine (cores) | load avg (1 min) |",
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const s of r.scenarios) {
    const c = s.cpu;
    const l = scenarioLoad(s);
    lines.push(
      `| ${s.name} | ${f1(s.split.requestToTransaction.p50)} / ${f1(s.split.requestToTransaction.p95)} | ${f1(s.split.transactionToArrival.p50)} / ${f1(s.split.transactionToArrival.p95)} | ${f1(s.latencyRecipientTabs.p95)} | ${f1(s.latencySenderTabs.p95)} | ${f1(s.fanoutSpread.p95)} | ${f1(s.latencyIncludingWarmup.p95)} | ${f1(s.clientEventLoopDelayMs.p99)} | ${c.postgresSecondsPerSecond ?? "?"} / ${c.clientSecondsPerSecond} / ${c.machineBusyCores ?? "?"} of ${r.machine.cpus} | ${l.before} → ${l.after}${l.noisy ? " (noisy)" : ""} |`,
    );
  }
  lines.push("");
  lines.push(
    "Request → transaction: from the start of the send request to the start of the transaction that inserts the message (`messages.created_at`, same clock); " +
      "transaction → arrival: from there to the event's arrival on a tab (insert, notification, commit, NOTIFY/LISTEN, SSE write). " +
      "Fan-out spread = last minus first arrival of one message over its tabs. CPU in cores (CPU seconds per second of the send phase); " +
      "the whole-machine figure includes whatever else ran on the machine at the time; noisy = the 1-minute load average exceeded the core count before or after the send phase.",
  );
  return lines.join("\n");
}
