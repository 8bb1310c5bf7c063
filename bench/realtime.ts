// npm run bench:realtime [-- --skip-build] [-- --quick] [-- --keep]
//
// Realtime benchmark (issue #6): 1,000 concurrent Server-Sent-Events streams (GET /api/events)
// on the production server, messages sent through the real HTTP endpoint
// (POST /api/conversations/{id}/messages), and for every (message, receiving tab) the time from
// the start of the send request to the arrival of its `message.created` event.
// Scenario 1: streams and sends on one process. Scenario 2: two processes on the same
// PostgreSQL database, streams on process B, sends through process A (LISTEN/NOTIFY carries
// the events across). The targets (p95 < 100 ms on one process, p95 < 50 ms across two
// processes) are printed as PASS/FAIL, with "(noisy)" when the load average exceeded the core
// count; a miss does not fail the process, a lost delivery does.
//
// The parts: bench/lib/realtime-config.ts (the load), realtime-data.ts (users, sign-in),
// realtime-streams.ts (the SSE clients), realtime-send.ts (the sends), realtime-scenario.ts (one
// scenario), realtime-stats.ts (deliveries and latencies), realtime-report.ts (the results);
// shared with bench/catalog.ts: cli.ts, database.ts, http.ts, report.ts; meter.ts (CPU, event loop).
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { pool } from "./lib/async";
import { cleanUpOnSignal, log, parseOptions, runMain } from "./lib/cli";
import { dropDatabase, postgresVersion, recreateDatabase, redact, splitDatabaseUrl } from "./lib/database";
import { buildApp, startServer, type RunningServer } from "./lib/http";
import { DEFAULT_REALTIME_DATABASE_URL, SIGN_IN_CONCURRENCY, TABS, USERS, timing } from "./lib/realtime-config";
import { createData, signIn } from "./lib/realtime-data";
import { printTargets, realtimeResults, renderMarkdown, type ScenarioResult } from "./lib/realtime-report";
import { runScenario } from "./lib/realtime-scenario";
import { updateReadme, writeResults } from "./lib/report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = parseOptions(
  ["--skip-build", "--quick", "--keep", "--help"],
  `npm run bench:realtime -- [options]
  --skip-build  use the existing build/ instead of running \`npm run build\`
  --quick       short send phases for a smoke test; writes no results
  --keep        keep the bench database at the end (it is dropped otherwise)
Environment: BENCH_REALTIME_DATABASE_URL (default ${DEFAULT_REALTIME_DATABASE_URL}); the database is dropped and
recreated on every run, so its name must contain "bench".`,
);
const quick = args.has("--quick");
const t = timing(quick);

const servers: RunningServer[] = [];
async function cleanup() {
  while (servers.length) await servers.pop()!.stop().catch(() => undefined);
}
cleanUpOnSignal("stopping the servers", cleanup);

async function main() {
  const url = process.env.BENCH_REALTIME_DATABASE_URL || DEFAULT_REALTIME_DATABASE_URL;
  splitDatabaseUrl(url); // refuses names without "bench" before anything is touched
  const started = Date.now();
  log(`Realtime benchmark on ${redact(url)}${quick ? " (quick mode: no results written)" : ""}`);

  await recreateDatabase(url);
  const conversations = await createData(url);
  log(`Data: ${USERS} users (verified, password accounts), ${USERS / 2} service conversations.`);
  const pgVersion = await postgresVersion(url);
  buildApp(root, args.has("--skip-build"), log);

  // Both processes must accept the same signed session cookies: one secret for both.
  const serverEnv = { AUTH_SECRET: `bench-realtime-${"x".repeat(40)}`, DATABASE_URL: url };
  const serverA = await startServer(root, url, log, { env: serverEnv, dataDirPrefix: "bench-realtime-a-" });
  servers.push(serverA);

  const t0 = performance.now();
  const cookies = await pool(USERS, SIGN_IN_CONCURRENCY, (i) => signIn(serverA.baseUrl, i));
  log(`Signed in ${USERS} users through the /auth form in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

  const scenarios: ScenarioResult[] = [];
  const common = { databaseUrl: url, cookies, conversations };
  const single = `${USERS * TABS} streams on process A, messages sent through A`;
  scenarios.push(await runScenario({ ...common, name: "one process", description: single, streamServer: serverA, sendServer: serverA }, t));

  const serverB = await startServer(root, url, log, { env: serverEnv, dataDirPrefix: "bench-realtime-b-" });
  servers.push(serverB);
  const two = `${USERS * TABS} streams on process B, messages sent through process A (PostgreSQL LISTEN/NOTIFY between them)`;
  scenarios.push(await runScenario({ ...common, name: "two processes", description: two, streamServer: serverB, sendServer: serverA }, t));
  await cleanup();

  const results = realtimeResults(scenarios, pgVersion, started, t);
  log();
  log(renderMarkdown(results, t));
  log();
  printTargets(results);

  if (!quick) {
    writeResults(root, "realtime.json", results);
    updateReadme(path.join(root, "bench", "README.md"), renderMarkdown(results, t), "realtime");
    log("Wrote bench/results/realtime.json and the table in bench/README.md.");
  }
  if (!args.has("--keep")) await dropDatabase(url);
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (!results.pass.noLoss) process.exitCode = 1;
}

runMain(main, cleanup);
