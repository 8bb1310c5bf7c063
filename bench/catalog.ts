// npm run bench:catalog [-- --fresh] [-- --skip-build] [-- --quick] [-- --drop]
//
// Catalogue benchmark on PostgreSQL: 100,000 services and 1,000,000 reviews,
// the list queries timed in SQL (listServices) and over HTTP (the built server,
// autocannon, 16 connections), and the rate of the rendered /services page
// against the same bytes served as a static file by the same server.
// Targets are printed as PASS/FAIL; a miss does not fail the process.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseServiceFilters } from "~/features/services/filters";
import { createCountCache, listServices } from "~/features/services/catalogue.server";
import { openDatabase } from "~/lib/db.server";
import { cleanUpOnSignal, log, parseOptions, runMain } from "./lib/cli";
import {
  DEFAULT_BENCH_DATABASE_URL,
  createDatabaseIfMissing,
  dropDatabase,
  recreateDatabase,
  redact,
  splitDatabaseUrl,
} from "./lib/database";
import { datasetCounts, generateData, REVIEWS, SERVICES, type GenerationReport } from "./lib/generate";
import { buildApp, load, startServer, type LoadResult, type RunningServer } from "./lib/http";
import { captureStatements, concurrent, explain, sequential, summarizePlan, type PlanSummary } from "./lib/sql";
import { round, type LatencySummary } from "./lib/stats";
import { renderMarkdown, updateReadme, writeResults, type BenchResults } from "./lib/report";
import { machineInfo } from "./lib/machine";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = parseOptions(
  ["--fresh", "--skip-build", "--quick", "--drop", "--help"],
  `npm run bench:catalog -- [options]
  --fresh       regenerate the data even if the database already holds it
  --skip-build  use the existing build/ instead of running \`npm run build\`
  --quick       short runs for a smoke test; writes no results
  --drop        drop the bench database at the end
Environment: BENCH_DATABASE_URL (default ${DEFAULT_BENCH_DATABASE_URL})`,
);
const quick = args.has("--quick");

const CONNECTIONS = 16;
const SQL_WARMUP = quick ? 5 : 20;
const SQL_SEQUENTIAL = quick ? 30 : 200;
const SQL_PER_WORKER = quick ? 4 : 50; // 16 × 50 = 800 calls under concurrency
// Time budgets per query, so that slow queries cannot stretch the run beyond ~15 minutes
// (at least 20 sequential calls and 2 per concurrent caller are always made).
const SQL_SEQUENTIAL_MAX_SECONDS = quick ? 3 : 8;
const SQL_CONCURRENT_MAX_SECONDS = quick ? 3 : 12;
const HTTP_SECONDS = quick ? 2 : 10;
const HTTP_WARMUP_SECONDS = quick ? 1 : 2;

const TARGETS = { sqlP99Ms: 25, httpSqlP99Ratio: 3, pageVsStaticRate: 0.25 };

/** The mix of list queries: every filter, every sort, a search term, and one combination. */
const QUERIES: { name: string; search: string }[] = [
  { name: "no filter (newest)", search: "" },
  { name: "category", search: "category=Design" },
  { name: "price range", search: "minPrice=100&maxPrice=300" },
  { name: "min rating", search: "minRating=4" },
  { name: "sort rating", search: "sort=rating" },
  { name: "sort price-low", search: "sort=price-low" },
  { name: "sort price-high", search: "sort=price-high" },
  { name: "sort views", search: "sort=views" },
  { name: "search", search: "q=Logo" },
  { name: "combined", search: "category=Web+Development&minPrice=50&maxPrice=500&sort=price-low" },
];

const STATIC_NAME = "__bench_static.html";
const staticFile = path.join(root, "build", "client", STATIC_NAME);
const ms = (v: number) => v.toFixed(1).padStart(7);

let server: RunningServer | undefined;
async function cleanup() {
  fs.rmSync(staticFile, { force: true });
  if (server) {
    const s = server;
    server = undefined;
    await s.stop();
  }
}
cleanUpOnSignal(`stopping the server and removing ${STATIC_NAME}`, cleanup);

async function main() {
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  splitDatabaseUrl(url); // validates the name before anything is touched
  const started = Date.now();
  log(`Catalogue benchmark on ${redact(url)}${quick ? " (quick mode: no results written)" : ""}`);

  // 1. Data ---------------------------------------------------------------
  let generation: GenerationReport | null = null;
  if (args.has("--fresh")) await recreateDatabase(url);
  else await createDatabaseIfMissing(url);
  let counts = await datasetCounts(url);
  if (!counts || counts.services !== SERVICES || counts.reviews !== REVIEWS) {
    if (counts && counts.services > 0) log(`Found ${counts.services} services / ${counts.reviews} reviews: regenerating.`);
    await recreateDatabase(url);
    const migrated = await openDatabase({ engine: "postgres", url, max: 1 });
    await migrated.close();
    log("Generating data:");
    generation = await generateData(url, log);
    log(`Generated in ${generation.seconds} s.`);
    counts = await datasetCounts(url);
  } else {
    log(`Reusing the data in the database (--fresh regenerates it).`);
  }
  if (!counts) throw new Error("The bench database has no services table after generation.");
  log(`Dataset: ${counts.users} users, ${counts.services} services (${counts.featured} featured, ${counts.categories} categories), ${counts.reviews} reviews.`);

  // 2. SQL alone (listServices) ----------------------------------------------
  const handle = await openDatabase({ engine: "postgres", url, max: CONNECTIONS });
  const pool = handle.pool!;
  const pgVersion = String((await pool.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "?");
  // Open all 16 connections before measuring: the first concurrent run would otherwise time
  // connection set-up (and backend start) instead of the queries.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query("select 1")));
  const sqlResults: {
    name: string;
    search: string;
    total: number;
    sequential: LatencySummary;
    concurrent: LatencySummary & { callsPerSecond: number };
    concurrentCounting: LatencySummary & { callsPerSecond: number };
    plan: PlanSummary[];
  }[] = [];
  const plans: string[] = [];
  log();
  log(`SQL: listServices (count + page), up to ${SQL_SEQUENTIAL} sequential calls, then ${CONNECTIONS} callers × up to ${SQL_PER_WORKER} on a pool of ${CONNECTIONS} (ms)`);
  log(`${"query".padEnd(20)} ${"total".padStart(7)} | seq p50     p95     p99 | c16 p50     p95     p99   calls/s`);
  for (const q of QUERIES) {
    const filters = parseServiceFilters(new URLSearchParams(q.search));
    const first = await listServices(handle.db, filters);
    if (first.items.length === 0) throw new Error(`Query "${q.name}" (${q.search}) finds nothing: the data does not exercise it.`);
    // As the loader runs it: with the process's count cache (the count of a filter set is reused
    // for 30 s); and, for reference, counting on every call.
    const counts = createCountCache();
    for (let i = 0; i < SQL_WARMUP; i++) await listServices(handle.db, filters, undefined, counts);
    const seq = await sequential(handle.db, filters, SQL_SEQUENTIAL, SQL_SEQUENTIAL_MAX_SECONDS, counts);
    const conc = await concurrent(handle.db, filters, CONNECTIONS, SQL_PER_WORKER, SQL_CONCURRENT_MAX_SECONDS, counts);
    const counting = await concurrent(handle.db, filters, CONNECTIONS, SQL_PER_WORKER, SQL_CONCURRENT_MAX_SECONDS);
    log(
      `${q.name.padEnd(20)} ${String(first.total).padStart(7)} | ${ms(seq.p50)} ${ms(seq.p95)} ${ms(seq.p99)} | ${ms(conc.p50)} ${ms(conc.p95)} ${ms(conc.p99)} ${String(conc.callsPerSecond).padStart(8)} | counting every call: c16 p99 ${ms(counting.p99)}`,
    );
    const statements = await captureStatements(pool, () => listServices(handle.db, filters));
    plans.push(`### ${q.name}: /services${q.search ? `?${q.search}` : ""}\n`);
    const plan: PlanSummary[] = [];
    for (const st of statements) {
      const text = await explain(pool, st);
      plans.push(`${st.text}\n-- params: ${JSON.stringify(st.values)}\n${text}\n`);
      plan.push(summarizePlan(st.text, text));
    }
    for (const p of plan) log(`${"".padEnd(22)}${p.statement.padEnd(6)} ${p.executionMs.toFixed(1).padStart(6)} ms  ${p.nodes.join(", ")}`);
    sqlResults.push({ name: q.name, search: q.search, total: first.total, sequential: seq, concurrent: conc, concurrentCounting: counting, plan });
  }
  await handle.close();

  // 3. HTTP: the built server under autocannon ---------------------------------
  log();
  buildApp(root, args.has("--skip-build"), log);
  server = await startServer(root, url, log);
  const httpResults: LoadResult[] = [];
  log(`HTTP: GET /services?… with ${CONNECTIONS} connections, ${HTTP_WARMUP_SECONDS} s warm-up + ${HTTP_SECONDS} s measured per query (ms)`);
  log(`${"query".padEnd(20)}     p50     p95     p99   req/s | p99 HTTP/SQL(c16)`);
  for (const [i, q] of QUERIES.entries()) {
    const target = `${server.baseUrl}/services${q.search ? `?${q.search}` : ""}`;
    const probe = await fetch(target);
    const body = await probe.text();
    if (!probe.ok || !body.includes("<html")) throw new Error(`${target} answered ${probe.status}`);
    const r = await load(target, { connections: CONNECTIONS, seconds: HTTP_SECONDS, warmupSeconds: HTTP_WARMUP_SECONDS });
    if (r.non2xx || r.errors) throw new Error(`${target}: ${r.non2xx} non-2xx responses, ${r.errors} errors under load`);
    httpResults.push(r);
    const ratio = r.latency.p99 / sqlResults[i]!.concurrent.p99;
    log(`${q.name.padEnd(20)} ${ms(r.latency.p50)} ${ms(r.latency.p95)} ${ms(r.latency.p99)} ${String(r.requestsPerSecond).padStart(7)} | ${ratio.toFixed(2)}`);
  }

  // 4. Throughput: rendered page vs the same bytes as a static file -------------
  const pageUrl = `${server.baseUrl}/services`;
  const html = await (await fetch(pageUrl)).text();
  fs.writeFileSync(staticFile, html);
  let page: LoadResult;
  let stat: LoadResult;
  try {
    const check = await (await fetch(`${server.baseUrl}/${STATIC_NAME}`)).text();
    if (check.length !== html.length) throw new Error(`/${STATIC_NAME} is not served from build/client (got ${check.length} characters)`);
    log();
    log(`Throughput: /services vs /${STATIC_NAME} (${Buffer.byteLength(html)} bytes of HTML), ${CONNECTIONS} connections, ${HTTP_SECONDS} s each`);
    stat = await load(`${server.baseUrl}/${STATIC_NAME}`, { connections: CONNECTIONS, seconds: HTTP_SECONDS, warmupSeconds: HTTP_WARMUP_SECONDS });
    page = await load(pageUrl, { connections: CONNECTIONS, seconds: HTTP_SECONDS, warmupSeconds: HTTP_WARMUP_SECONDS });
    if (stat.non2xx || stat.errors || page.non2xx || page.errors) throw new Error("non-2xx responses or errors in the throughput runs");
  } finally {
    await cleanup();
  }
  const rateRatio = page.requestsPerSecond / stat.requestsPerSecond;
  log(`  static ${stat.requestsPerSecond} req/s, page ${page.requestsPerSecond} req/s: ratio ${rateRatio.toFixed(3)}`);

  // 4b. The same without the anonymous page cache (PAGE_CACHE_SECONDS=0), for reference: what
  // every request costs when it renders (signed-in visitors always do).
  log();
  log("Reference without the page cache (PAGE_CACHE_SECONDS=0): every request renders");
  server = await startServer(root, url, log, { env: { PAGE_CACHE_SECONDS: "0" } });
  const uncached: { name: string; latency: LoadResult["latency"]; requestsPerSecond: number }[] = [];
  try {
    for (const q of QUERIES) {
      const r = await load(`${server.baseUrl}/services${q.search ? `?${q.search}` : ""}`, {
        connections: CONNECTIONS,
        seconds: HTTP_SECONDS,
        warmupSeconds: HTTP_WARMUP_SECONDS,
      });
      if (r.non2xx || r.errors) throw new Error(`${q.name} (uncached): ${r.non2xx} non-2xx responses, ${r.errors} errors`);
      uncached.push({ name: q.name, latency: r.latency, requestsPerSecond: r.requestsPerSecond });
      log(`${q.name.padEnd(20)} ${ms(r.latency.p50)} ${ms(r.latency.p95)} ${ms(r.latency.p99)} ${String(r.requestsPerSecond).padStart(7)}`);
    }
  } finally {
    await cleanup();
  }

  // 5. Targets, JSON, README ---------------------------------------------------
  const queries = QUERIES.map((q, i) => {
    const s = sqlResults[i]!;
    const h = httpResults[i]!;
    return {
      name: q.name,
      url: `/services${q.search ? `?${q.search}` : ""}`,
      matches: s.total,
      sql: { sequential: s.sequential, concurrent16: s.concurrent, concurrent16Counting: s.concurrentCounting, plan: s.plan },
      http: {
        latency: h.latency,
        autocannon: h.autocannon,
        requestsPerSecond: h.requestsPerSecond,
        requests: h.requests,
        bytesPerResponse: h.bytesPerResponse,
      },
      ratio: {
        p50: round(h.latency.p50 / s.concurrent.p50),
        p95: round(h.latency.p95 / s.concurrent.p95),
        p99: round(h.latency.p99 / s.concurrent.p99),
        p99VsSequentialSql: round(h.latency.p99 / s.sequential.p99),
      },
      pass: {
        sqlP99: s.concurrent.p99 < TARGETS.sqlP99Ms,
        sqlP99Sequential: s.sequential.p99 < TARGETS.sqlP99Ms,
        httpSqlRatio: h.latency.p99 / s.concurrent.p99 <= TARGETS.httpSqlP99Ratio,
      },
    };
  });
  const results: BenchResults = {
    benchmark: "catalog",
    date: new Date().toISOString(),
    machine: machineInfo(pgVersion),
    dataset: { ...counts, generatedSeconds: generation?.seconds ?? null, generationSteps: generation?.steps ?? null },
    method: {
      connections: CONNECTIONS,
      sql: `listServices(db, parseServiceFilters(query), pageSize, countCache) as the /services loader calls it: count (reused per filter set for 30 s by the process's count cache) + page statement incl. row mapping; "counting" = the same without the cache, for reference; ${SQL_WARMUP} warm-up calls, up to ${SQL_SEQUENTIAL} sequential calls (at most ${SQL_SEQUENTIAL_MAX_SECONDS} s), then ${CONNECTIONS} concurrent callers × up to ${SQL_PER_WORKER} on a pg pool of ${CONNECTIONS} (at most ${SQL_CONCURRENT_MAX_SECONDS} s); targets use the concurrent figures; plan = EXPLAIN ANALYZE of each statement once, single-threaded`,
      http: `production build (node server/index.js, its own pg pool of 10, anonymous page cache PAGE_CACHE_SECONDS=5 as shipped; a second pass with PAGE_CACHE_SECONDS=0 is reported as "uncached"), autocannon ${CONNECTIONS} keep-alive connections, no compression, ${HTTP_WARMUP_SECONDS} s warm-up then ${HTTP_SECONDS} s; percentiles are exact over every response time (nearest rank), autocannon's own p50/p97.5/p99 kept for comparison`,
      percentiles: "nearest rank",
      note: "autocannon, the server and PostgreSQL share the same machine",
    },
    targets: TARGETS,
    queries,
    throughput: {
      htmlBytes: Buffer.byteLength(html),
      page: { url: "/services", requestsPerSecond: page.requestsPerSecond, latency: page.latency, bytesPerResponse: page.bytesPerResponse },
      static: { url: `/${STATIC_NAME}`, requestsPerSecond: stat.requestsPerSecond, latency: stat.latency, bytesPerResponse: stat.bytesPerResponse },
      ratio: round(rateRatio, 3),
      pass: rateRatio >= TARGETS.pageVsStaticRate,
    },
    uncached: uncached.map((u, i) => ({
      ...u,
      ratioToSqlP99: round(u.latency.p99 / sqlResults[i]!.concurrent.p99),
      rateVsStatic: round(u.requestsPerSecond / stat.requestsPerSecond, 3),
    })),
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };

  log();
  log(renderMarkdown(results));
  log();
  log("Targets:");
  let misses = 0;
  for (const q of queries) {
    const sqlLine = `SQL p99 < ${TARGETS.sqlP99Ms} ms (16 concurrent)`;
    log(`  ${q.pass.sqlP99 ? "PASS" : "FAIL"}  ${q.name.padEnd(20)} ${sqlLine}: ${q.sql.concurrent16.p99} ms (sequential ${q.sql.sequential.p99} ms)`);
    log(`  ${q.pass.httpSqlRatio ? "PASS" : "FAIL"}  ${q.name.padEnd(20)} HTTP/SQL p99 ≤ ${TARGETS.httpSqlP99Ratio}: ${q.ratio.p99}`);
    misses += Number(!q.pass.sqlP99) + Number(!q.pass.httpSqlRatio);
  }
  log(`  ${results.throughput.pass ? "PASS" : "FAIL"}  /services rate ≥ ${TARGETS.pageVsStaticRate} × static: ${results.throughput.ratio}`);
  misses += Number(!results.throughput.pass);
  log(misses ? `${misses} target(s) missed (reported, not fatal).` : "All targets met.");

  if (!quick) {
    const outDir = writeResults(root, "catalog.json", results);
    fs.writeFileSync(path.join(outDir, "catalog-plans.txt"), `EXPLAIN (ANALYZE, BUFFERS) of the statements listServices sends, ${results.date}\n\n${plans.join("\n")}`);
    updateReadme(path.join(root, "bench", "README.md"), renderMarkdown(results));
    log("Wrote bench/results/catalog.json, bench/results/catalog-plans.txt and the table in bench/README.md.");
  }
  if (args.has("--drop")) {
    await dropDatabase(url);
    log(`Dropped ${splitDatabaseUrl(url).name}.`);
  }
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

runMain(main, cleanup);
