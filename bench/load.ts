// npm run bench:load [-- --skip-build] [-- --quick] [-- --keep] [-- --users N] [-- --duration S]
//
// Load benchmark (issue #14, "Runs on many machines"): two app processes (the production build)
// on one PostgreSQL database and one S3 bucket (s3rver), a round-robin TCP proxy in front (in this
// process, per connection), and 200 virtual users for 5 minutes on a mixed workload: browse, search,
// service details, sign-in, favourites, chats with and without a file, and an event stream per
// signed-in user held open for the whole run. Every message sent must arrive as a `message.created`
// event on the recipient's stream, wherever that stream is connected (the other process included).
// Prints requests, errors and p50/p95/p99 per route class, the messages sent and lost, and each
// process's CPU and memory. Targets (0 errors, 0 lost messages) are printed as PASS/FAIL; an error
// does not fail the process, a lost message or a crash does.
//
// The parts: bench/lib/load-config.ts (the load and the mix), load-data.ts (users, services),
// load-proxy.ts (the round-robin), load-http.ts (requests, the record by route class),
// load-streams.ts (event streams), load-user.ts (a virtual user), load-procs.ts (CPU, memory),
// load-report.ts (results); shared: cli.ts, database.ts, http.ts, report.ts, meter.ts; the S3
// server is the tests' (tests/support/s3rver.ts).
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startTestS3, type TestS3 } from "../tests/support/s3rver";
import { sleep } from "./lib/async";
import { cleanUpOnSignal, log, parseOptionsWithValues, runMain } from "./lib/cli";
import { dropDatabase, postgresVersion, recreateDatabase, redact, splitDatabaseUrl } from "./lib/database";
import { buildApp, startServer, type RunningServer } from "./lib/http";
import { AUTH_SECRET, BUCKET, DEFAULT_LOAD_DATABASE_URL, METRICS_TOKEN, MIX, loadConfig } from "./lib/load-config";
import { createLoadData } from "./lib/load-data";
import { Recorder } from "./lib/load-http";
import { ProcessSampler } from "./lib/load-procs";
import { startProxy, type Backend, type RoundRobinProxy } from "./lib/load-proxy";
import { appLog, printTargets, processMetrics, renderMarkdown, type LoadResults, type ProcessMetrics } from "./lib/load-report";
import { eventCounts } from "./lib/load-streams";
import { MessageLog, VirtualUser, type World } from "./lib/load-user";
import { machineInfo } from "./lib/machine";
import { postgresCpu, postgresDelta } from "./lib/meter";
import { updateReadme, writeResults } from "./lib/report";
import { round, summarize } from "./lib/stats";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { flags, values } = parseOptionsWithValues(
  ["--skip-build", "--quick", "--keep", "--help"],
  ["--users", "--duration"],
  `npm run bench:load -- [options]
  --skip-build    use the existing build/ instead of running \`npm run build\`
  --quick         20 users for 20 s, a smoke test; writes no results
  --keep          keep the bench database at the end (it is dropped otherwise)
  --users N       virtual users (default 200; 20 with --quick); 80 % of them sign in
  --duration S    seconds of load (default 300; 20 with --quick)
Runs with --users or --duration other than the defaults write no results either.
Environment: BENCH_LOAD_DATABASE_URL (default ${DEFAULT_LOAD_DATABASE_URL}); the database is dropped and
recreated on every run, so its name must contain "bench".`,
);
const quick = flags.has("--quick");
const positive = (name: string) => {
  const raw = values.get(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2) {
    console.error(`${name} must be a whole number of at least 2, not ${raw}.`);
    process.exit(2);
  }
  return n;
};
const config = loadConfig(quick, { users: positive("--users"), durationSeconds: positive("--duration") });
/** Only a run of the defaults is the recorded one. */
const recorded = !quick && !values.has("--users") && !values.has("--duration");

const servers: RunningServer[] = [];
let s3: TestS3 | undefined;
let proxy: RoundRobinProxy | undefined;
let users: VirtualUser[] = [];
async function cleanup() {
  for (const u of users) u.close();
  users = [];
  await proxy?.close().catch(() => undefined);
  proxy = undefined;
  while (servers.length) await servers.pop()!.stop().catch(() => undefined);
  await s3?.stop().catch(() => undefined);
  s3 = undefined;
}
cleanUpOnSignal("stopping the servers", cleanup);

async function readMetrics(name: string, server: RunningServer): Promise<ProcessMetrics> {
  try {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    if (!res.ok) throw new Error(`/metrics answered ${res.status}`);
    return processMetrics(name, await res.text());
  } catch (error) {
    return { ...processMetrics(name, ""), error: error instanceof Error ? error.message : String(error) };
  }
}

async function main() {
  const url = process.env.BENCH_LOAD_DATABASE_URL || DEFAULT_LOAD_DATABASE_URL;
  splitDatabaseUrl(url); // refuses names without "bench" before anything is touched
  const started = Date.now();
  log(`Load benchmark on ${redact(url)}${recorded ? "" : " (writes no results: not a run of the defaults)"}`);
  log(`  ${config.users} virtual users (${config.signedIn} signed in) for ${config.durationSeconds} s`);

  await recreateDatabase(url);
  const data = await createLoadData(url, config);
  log(`Data: ${data.userIds.length} users (verified, password accounts), ${data.services.length} services.`);
  const pgVersion = await postgresVersion(url);
  buildApp(root, flags.has("--skip-build"), log);

  s3 = await startTestS3([BUCKET]);
  log(`  s3rver pid ${s3.pid} on ${s3.endpoint}`);
  const backends: Backend[] = [];
  proxy = await startProxy(backends);
  // Both processes: the same database, bucket and secret; the proxy's address is their public one.
  const env = { AUTH_SECRET, DATABASE_URL: url, BASE_URL: proxy.baseUrl, METRICS_TOKEN, ...s3.env(BUCKET) };
  const a = await startServer(root, url, log, { env, dataDirPrefix: "bench-load-a-" });
  servers.push(a);
  const b = await startServer(root, url, log, { env, dataDirPrefix: "bench-load-b-" });
  servers.push(b);
  for (const [name, server] of [["A", a], ["B", b]] as const) backends.push({ name, port: Number(new URL(server.baseUrl).port) });
  log(`  round-robin proxy (per connection) on ${proxy.baseUrl} → A, B`);

  const recorder = new Recorder();
  const messages = new MessageLog();
  let stopping = false;
  let chatsOpen = false;
  const world: World = {
    base: new URL(proxy.baseUrl),
    config,
    data,
    recorder,
    proxy,
    messages,
    stopping: () => stopping,
    chatsOpen: () => chatsOpen,
  };
  users = Array.from({ length: config.users }, (_, i) => new VirtualUser(i, world));

  const sampler = new ProcessSampler([
    { name: "app A", pid: a.pid },
    { name: "app B", pid: b.pid },
    { name: "s3rver", pid: s3.pid },
    { name: "bench (users + proxy)", pid: process.pid },
  ]);
  const pgBefore = await postgresCpu(url);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  sampler.start();
  const t0 = performance.now();
  log();
  log(`Running: users start over ${config.rampSeconds} s; chats begin once every signed-in user's stream is open ...`);

  const progress = setInterval(() => {
    const s = recorder.summary();
    const requests = s.reduce((n, k) => n + k.requests, 0);
    const errors = s.reduce((n, k) => n + k.errors, 0);
    const elapsed = (performance.now() - t0) / 1000;
    log(`  ${elapsed.toFixed(0).padStart(4)} s: ${requests} requests, ${errors} errors, ${messages.sent.size} messages sent, ${messages.delivered()} delivered`);
  }, quick ? 5_000 : 30_000);

  const stopTimer = setTimeout(() => (stopping = true), config.durationSeconds * 1000);
  const starts: Promise<void>[] = [];
  const loops = users.map(async (user, i) => {
    await sleep((i * config.rampSeconds * 1000) / config.users);
    const start = user.start();
    starts.push(start);
    await start;
    await user.run();
  });
  // Every user has started (signed in, stream open) once the ramp is over and the last start has settled.
  void (async () => {
    await sleep(config.rampSeconds * 1000 + 50);
    await Promise.all(starts);
    chatsOpen = true;
    log(`  ${((performance.now() - t0) / 1000).toFixed(1)} s: every signed-in user's stream is open; chats begin`);
  })();
  await Promise.all(loops);
  clearTimeout(stopTimer);
  const loadSeconds = (performance.now() - t0) / 1000;

  // Deliveries still on their way: wait for them (the rest are lost).
  const drainUntil = performance.now() + config.drainMs;
  while (messages.delivered() < messages.sent.size && performance.now() < drainUntil) await sleep(100);
  const metrics = [await readMetrics("A", a), await readMetrics("B", b)];
  const resources = sampler.stop();
  loop.disable();
  const pgAfter = await postgresCpu(url);
  clearInterval(progress);
  const failedStarts = users.filter((u) => u.startError).map((u) => `user ${u.index}: ${u.startError}`);
  const streams = users.filter((u) => u.stream);
  const streamStats = {
    users: streams.length,
    connects: streams.reduce((n, u) => n + u.stream!.connects, 0),
    drops: streams.reduce((n, u) => n + u.stream!.drops, 0),
    errors: [...failedStarts, ...streams.flatMap((u) => u.stream!.errors)].slice(0, 10),
    events: { ...eventCounts },
  };
  const proxyConnections = proxy.connections();
  const proxyErrors = proxy.errors();
  const logs = [appLog("A", a.output()), appLog("B", b.output())];
  await cleanup();

  // Messages: delivered to the recipient's stream or lost; where each went.
  const sent = [...messages.sent.values()];
  const latencies: number[] = [];
  const paths: Record<string, number> = {};
  const lostExamples: string[] = [];
  let lost = 0;
  let crossProcess = 0;
  let missingOnSenderStream = 0;
  for (const m of sent) {
    const arrivals = messages.arrivals.get(m.id);
    const arrival = arrivals?.get(m.recipient);
    if (!arrivals?.has(m.sender)) missingOnSenderStream++;
    if (!arrival) {
      lost++;
      if (lostExamples.length < 5) lostExamples.push(`${m.id} from user ${m.sender} via ${m.via} to user ${m.recipient} (stream on ${users[m.recipient]?.stream?.process ?? "none"})`);
      continue;
    }
    latencies.push(arrival.at - m.start);
    const key = `${m.via ?? "?"} → ${arrival.process ?? "?"}`;
    paths[key] = (paths[key] ?? 0) + 1;
    if (m.via && arrival.process && m.via !== arrival.process) crossProcess++;
  }

  const classes = recorder.summary();
  const totalRequests = classes.reduce((n, k) => n + k.requests, 0);
  const totalErrors = classes.reduce((n, k) => n + k.errors, 0);
  const pgUsed = postgresDelta(pgBefore, pgAfter);
  const results: LoadResults = {
    benchmark: "load",
    date: new Date().toISOString(),
    machine: machineInfo(pgVersion),
    method: {
      topology:
        "s3rver (child process) + two production app processes A and B (node server/index.js, NODE_ENV=production, SEED_DEMO=false, own pg pool of 10 + 1 LISTEN connection each) on one PostgreSQL database and one bucket, one AUTH_SECRET, BASE_URL = the proxy",
      proxy:
        "TCP (node:net) in the benchmark process, round-robin per connection: a keep-alive connection stays with its process; each event stream is a connection of its own; X-Forwarded-For from each user passes (the apps trust loopback)",
      users: `${config.users} virtual users (${config.signedIn} signed in through the /auth form, the rest anonymous), started evenly over ${config.rampSeconds} s, each with its own keep-alive agent (at most 6 connections) and client address`,
      mix: `signed in: ${JSON.stringify(MIX.signedIn)}; anonymous: ${JSON.stringify(MIX.anonymous)}; think time ${config.thinkMs.min}–${config.thinkMs.max} ms (seeded); a detail is followed by its view count POST; a favourite is detail, think, POST; a chat is POST /chats (first time), GET /chats/{id}, think, send (${Math.round(config.fileShare * 100)} % with a 5–100 KB PDF or text file), at most one send per ${config.senderGapMs / 1000} s per user (the app allows 5 per minute); chats begin once every signed-in user's stream is open`,
      tabs:
        "on message.created the recipient re-reads the chat (GET …/messages?after=) and fetches the attachment if there is one; any event refreshes the counts (GET /api/counts, 50 ms debounce)",
      lost: `a message is lost when its message.created event has not reached the recipient's stream ${config.drainMs / 1000} s after the last user stopped`,
      resources: "CPU (utime + stime) and RSS (VmRSS, VmHWM) from /proc once a second; PostgreSQL backends of the bench database from /proc at start and end (a lower bound)",
      note: "the benchmark (users + proxy), both app processes, s3rver and PostgreSQL share one machine and its cores",
    },
    config,
    targets: { errors: 0, lostMessages: 0 },
    measuredSeconds: round(loadSeconds, 1),
    totals: { requests: totalRequests, errors: totalErrors, requestsPerSecond: round(totalRequests / loadSeconds, 1) },
    classes,
    proxy: { connections: proxyConnections, errors: proxyErrors },
    messages: {
      sent: sent.length,
      withFile: sent.filter((m) => m.withFile).length,
      failedSends: messages.failedSends,
      delivered: sent.length - lost,
      lost,
      lostExamples,
      missingOnSenderStream,
      duplicates: messages.duplicates,
      crossProcess,
      deliveryLatency: summarize(latencies),
      paths,
    },
    streams: streamStats,
    resources: {
      seconds: resources.seconds,
      processes: resources.processes,
      postgresBackendCores: pgUsed === null ? null : round(pgUsed / resources.seconds, 3),
      machineBusyCores: resources.machineBusyCores,
      loadAverage1m: resources.loadAverage1m,
      benchEventLoopDelayMs: { p50: round(loop.percentile(50) / 1e6), p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
    },
    metrics,
    appLogs: logs,
    pass: { noErrors: totalErrors === 0, noLoss: lost === 0 },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };

  log();
  log(renderMarkdown(results));
  log();
  printTargets(results);
  if (recorded) {
    writeResults(root, "load.json", results);
    updateReadme(path.join(root, "bench", "README.md"), renderMarkdown(results), "load");
    log("Wrote bench/results/load.json and the results in bench/README.md.");
  }
  if (!flags.has("--keep")) await dropDatabase(url);
  log(`Done in ${results.durationSeconds} s.`);
  if (!results.pass.noLoss) process.exitCode = 1;
}

runMain(main, cleanup);
