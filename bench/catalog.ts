// npm run bench:catalog [-- --fresh] [-- --skip-build] [-- --quick] [-- --drop]
//
// Catalogue benchmark on PostgreSQL (issue 16, "Honest benchmarks"): 100,000 services and
// 1,000,000 reviews; the list queries timed in SQL (listServices) and over HTTP (the built server,
// autocannon, 16 connections, signed out and signed in); the throughput of /services, signed out
// and signed in, against a minimal node:http server sending the same bytes, measured interleaved
// (A/B/A/B); varied filter sets without a count cache; search with paging; the deep page by
// offset (and by cursor when the catalogue has cursors); the landing page (its market read in SQL,
// "/" over HTTP signed out and signed in); the JavaScript of the public pages.
// Every row of the table in bench/README.md is printed as PASS/FAIL, with "(noisy)" when the
// load average exceeded the core count; a miss does not fail the process.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseServiceFilters, PRICE_SLIDER, type ServiceFilters } from "~/features/services/filters";
import { createCountCache, listServices } from "~/features/services/catalogue.server";
import { suggestSearches } from "~/features/services/forgiving-search.server";
import { readMarket } from "~/features/landing/market.server";
import { openDatabase } from "~/lib/db.server";
import { interleaved, startBaseline, type AbResult, type Baseline } from "./lib/ab";
import {
  countRepeats,
  cycle,
  DEEP_OFFSET,
  DEEP_POSITION,
  FORGIVING_SEARCHES,
  QUERIES,
  SEARCH_PAGING,
  SUGGESTION_TEXTS,
  variedQueries,
  walkCursors,
  type CursorWalk,
} from "./lib/catalog-cases";
import { cleanUpOnSignal, log, parseOptions, runMain } from "./lib/cli";
import {
  DEFAULT_BENCH_DATABASE_URL,
  createDatabaseIfMissing,
  dropDatabase,
  recreateDatabase,
  redact,
  splitDatabaseUrl,
  withClient,
} from "./lib/database";
import { datasetCounts, generateData, REVIEWS, SERVICES, type GenerationReport } from "./lib/generate";
import { buildApp, load, rawGet, startServer, type LoadResult, type RunningServer } from "./lib/http";
import { PASSWORD } from "./lib/load-config";
import { machineInfo } from "./lib/machine";
import { combineLoads, describeLoad, withLoad, type LoadAverage } from "./lib/noise";
import { firstServiceLink, JS_TARGET, jsPass, kib, pageScripts, type PageScripts } from "./lib/page-js";
import { readResults, renderMarkdown, updateReadme, writeResults, type BenchResults, type CaseResult, type HttpFigures, type SqlFigures } from "./lib/report";
import { captureStatements, concurrent, explain, sequential, summarizePlan, type PlanSummary } from "./lib/sql";
import { round, summarize, type LatencySummary } from "./lib/stats";
import { updateSummary } from "./lib/summary";
import { insertPasswordUsers, signInThroughForm } from "./lib/users";
import type { WebResults } from "./lib/web-report";

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
/** Warm-up calls of each of the concurrent callers before a query of the mix is timed. */
const SQL_WARMUP_PER_CALLER = 10;
const SQL_SEQUENTIAL = quick ? 30 : 200;
const SQL_PER_WORKER = quick ? 4 : 50; // 16 × 50 = 800 calls under concurrency
// Time budgets, so that slow queries cannot stretch the run beyond ~15 minutes (at least 20
// sequential calls and 2 per concurrent caller are always made).
const SQL_SEQUENTIAL_MAX_SECONDS = quick ? 2 : 6;
const SQL_CONCURRENT_MAX_SECONDS = quick ? 2 : 10;
const VARIED_PER_WORKER = quick ? 10 : 500;
const HTTP_SECONDS = quick ? 2 : 8;
const HTTP_WARMUP_SECONDS = quick ? 1 : 2;
const AB_ROUNDS = quick ? 2 : 4;
const AB_ROUND_SECONDS = quick ? 1 : 5;
const AB_WARMUP_SECONDS = quick ? 1 : 2;
/** The cursor walk goes this deep (the quick run stops at a tenth). */
const CURSOR_TARGET = quick ? DEEP_POSITION / 10 : DEEP_POSITION;
const CURSOR_MAX_SECONDS = quick ? 30 : 120;

const TARGETS = {
  sqlP99Ms: 25,
  suggestionsP99Ms: 15,
  httpSqlP99Ratio: 3,
  anonymousVsBaseline: 0.5,
  signedInVsBaseline: 0.12,
  /** The start page's market read (uncached; once a minute per process behind its cache). */
  landingSqlP99Ms: 250,
  /** The start page is no slower than the catalogue's plain list (p99, same run, same visitor kind), with this slack. */
  landingVsListP99: 1.2,
  jsMaxGzipBytes: JS_TARGET.maxGzipBytes,
  jsMaxFiles: JS_TARGET.maxFiles,
};

/** The signed-in visitor of the signed-in rows: created for the run, removed at its end. */
const VISITOR = { id: "bench-catalog-visitor", name: "Bench Besucherin", email: "catalog-visitor@bench.example" };

const ms = (v: number) => v.toFixed(1).padStart(7);
const url = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;

let server: RunningServer | undefined;
let baseline: Baseline | undefined;
let visitorCreated = false;
async function removeVisitor() {
  await withClient(url, (c) => c.query(`delete from "user" where id = $1`, [VISITOR.id]));
}
async function cleanup() {
  const b = baseline;
  baseline = undefined;
  await b?.stop();
  const s = server;
  server = undefined;
  await s?.stop();
  if (visitorCreated) {
    visitorCreated = false;
    await removeVisitor().catch(() => undefined);
  }
}
cleanUpOnSignal("stopping the servers", cleanup);

/** Which filters a query sets, and its sort: the shape of its SQL (the slowest shapes are reported). */
function shapeOf(f: ServiceFilters): string {
  const parts = [
    f.q ? "search" : "",
    f.category ? "category" : "",
    f.minPrice > PRICE_SLIDER.min || f.maxPrice < PRICE_SLIDER.max ? "price" : "",
    f.minRating > 0 ? "rating" : "",
  ].filter(Boolean);
  return `${parts.length ? parts.join(" + ") : "no filter"}, sort ${f.sort}`;
}

const httpFigures = (r: LoadResult): HttpFigures => ({
  latency: r.latency,
  requestsPerSecond: r.requestsPerSecond,
  requests: r.requests,
  bytesPerResponse: r.bytesPerResponse,
});

async function timedLoad(target: string, options: Parameters<typeof load>[1], label: string): Promise<{ value: LoadResult; load: LoadAverage }> {
  const measured = await withLoad(() => load(target, options));
  const r = measured.value;
  if (r.non2xx || r.errors) throw new Error(`${label} (${target}): ${r.non2xx} non-2xx responses, ${r.errors} errors under load`);
  return measured;
}

async function main() {
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
  } else {
    log(`Reusing the data in the database (--fresh regenerates it).`);
    await removeVisitor(); // left behind by an interrupted run
  }
  counts = await datasetCounts(url);
  if (!counts) throw new Error("The bench database has no services table after generation.");
  log(`Dataset: ${counts.users} users, ${counts.services} services (${counts.featured} featured, ${counts.categories} categories), ${counts.reviews} reviews.`);
  await withClient(url, (c) => insertPasswordUsers(c, [VISITOR], PASSWORD));
  visitorCreated = true;

  // 2. SQL alone (listServices) ----------------------------------------------
  const handle = await openDatabase({ engine: "postgres", url, max: CONNECTIONS });
  const pool = handle.pool!;
  const pgVersion = String((await pool.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "?");
  // Open all 16 connections before measuring: the first concurrent run would otherwise time
  // connection set-up (and backend start) instead of the queries.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query("select 1")));
  // Reused data migrated by this run's openDatabase (migration service_terms filled the terms'
  // table) has no visibility map yet, which autovacuum would write within a minute or so: until
  // then every index-only scan of it reads table pages too. Measure it as a settled server has it.
  await pool.query("vacuum (analyze) service_terms");
  const db = handle.db;
  const sqlResults: { total: number; sequential: LatencySummary; concurrent: SqlFigures; plan: PlanSummary[]; load: LoadAverage }[] = [];
  const plans: string[] = [];
  log();
  log(`SQL: listServices (count + page, with the count cache as the loader), up to ${SQL_SEQUENTIAL} sequential calls, then ${CONNECTIONS} callers × up to ${SQL_PER_WORKER} on a pool of ${CONNECTIONS} (ms)`);
  log(`${"query".padEnd(20)} ${"total".padStart(7)} | seq p50     p95     p99 | c16 p50     p95     p99   calls/s`);
  // The benchmark process warm as a running server's is before the first row is measured: V8
  // optimises listServices and pg's parser only after many calls, and without this the first rows
  // of the table paid for what the later rows reuse (no filter, measured first, ran ~25 % fewer
  // calls/s than measured again after the others, back to back in one script).
  const warmCounts = createCountCache();
  for (let round = 0; round < 3; round++) {
    for (const q of QUERIES) await concurrent(db, parseServiceFilters(new URLSearchParams(q.search)), CONNECTIONS, SQL_WARMUP_PER_CALLER, SQL_CONCURRENT_MAX_SECONDS, warmCounts);
  }
  for (const q of QUERIES) {
    const filters = parseServiceFilters(new URLSearchParams(q.search));
    const first = await listServices(db, filters);
    if (first.items.length === 0) throw new Error(`Query "${q.name}" (${q.search}) finds nothing: the data does not exercise it.`);
    // As the loader runs it: with the process's count cache (the count of a filter set is reused for 30 s).
    const cache = createCountCache();
    // Warm as a running server is: every connection of the pool has run the query several times
    // (a named statement keeps its plan from its sixth call on that connection; catalogue.server.ts).
    await concurrent(db, filters, CONNECTIONS, SQL_WARMUP_PER_CALLER, SQL_CONCURRENT_MAX_SECONDS, cache);
    const { value, load: l } = await withLoad(async () => ({
      seq: await sequential(db, filters, SQL_SEQUENTIAL, SQL_SEQUENTIAL_MAX_SECONDS, cache),
      conc: await concurrent(db, filters, CONNECTIONS, SQL_PER_WORKER, SQL_CONCURRENT_MAX_SECONDS, cache),
    }));
    log(
      `${q.name.padEnd(20)} ${String(first.total).padStart(7)} | ${ms(value.seq.p50)} ${ms(value.seq.p95)} ${ms(value.seq.p99)} | ${ms(value.conc.p50)} ${ms(value.conc.p95)} ${ms(value.conc.p99)} ${String(value.conc.callsPerSecond).padStart(8)} | ${describeLoad(l)}`,
    );
    const statements = await captureStatements(pool, () => listServices(db, filters));
    plans.push(`### ${q.name}: /services${q.search ? `?${q.search}` : ""}\n`);
    const plan: PlanSummary[] = [];
    for (const st of statements) {
      const text = await explain(pool, st);
      plans.push(`${st.text}\n-- params: ${JSON.stringify(st.values)}\n${text}\n`);
      plan.push(summarizePlan(st.text, text));
    }
    for (const p of plan) log(`${"".padEnd(22)}${p.statement.padEnd(6)} ${p.executionMs.toFixed(1).padStart(6)} ms  ${p.nodes.join(", ")}`);
    sqlResults.push({ total: first.total, sequential: value.seq, concurrent: value.conc, plan, load: l });
  }

  // Varied filter sets, no count cache: every call counts, as a cache miss does.
  const varied = variedQueries();
  const variedFilters = varied.map((q) => parseServiceFilters(new URLSearchParams(q)));
  const distinctCounts = countRepeats(varied, varied.length).distinctCounts;
  log();
  log(`SQL, varied filter sets: ${varied.length} URLs (${distinctCounts} different counts) in turn, ${CONNECTIONS} callers, no count cache`);
  for (let i = 0; i < SQL_WARMUP; i++) await listServices(db, variedFilters[varied.length - 1 - i]!);
  const byShape = new Map<string, number[]>();
  const variedCycle = cycle(variedFilters);
  const variedSql = await withLoad(() =>
    concurrent(db, variedCycle.next, CONNECTIONS, VARIED_PER_WORKER, SQL_CONCURRENT_MAX_SECONDS, undefined, (f, t) => {
      const key = shapeOf(f);
      const list = byShape.get(key) ?? [];
      list.push(t);
      byShape.set(key, list);
    }),
  );
  const slowestShapes = [...byShape]
    .map(([shape, samples]) => ({ shape, ...summarize(samples) }))
    .filter((s) => s.n >= 5)
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 8)
    .map(({ shape, n, p50, p99, max }) => ({ shape, n, p50, p99, max }));
  const v = variedSql.value;
  log(`  ${v.n} calls: p50 ${v.p50}  p95 ${v.p95}  p99 ${v.p99}  max ${v.max} ms, ${v.callsPerSecond} calls/s; ${describeLoad(variedSql.load)}`);
  for (const s of slowestShapes.slice(0, 4)) log(`    slow shape: ${s.shape}: n ${s.n}, p99 ${s.p99} ms`);

  // Search with paging, the deep page by offset, and (when the catalogue has cursors) by cursor.
  const sqlCase = async (name: string, query: string) => {
    const filters = parseServiceFilters(new URLSearchParams(query));
    const cache = createCountCache();
    const first = await listServices(db, filters, undefined, cache);
    if (first.items.length === 0) throw new Error(`${name} (${query}) finds nothing.`);
    for (let i = 0; i < Math.min(SQL_WARMUP, 5); i++) await listServices(db, filters, undefined, cache);
    const r = await withLoad(() => concurrent(db, filters, CONNECTIONS, SQL_PER_WORKER, SQL_CONCURRENT_MAX_SECONDS, cache));
    log(`  ${name.padEnd(28)} p50 ${ms(r.value.p50)}  p95 ${ms(r.value.p95)}  p99 ${ms(r.value.p99)}  ${r.value.callsPerSecond} calls/s; ${describeLoad(r.load)}`);
    return { name, query, matches: first.total, page: first.page, sql: { ...r.value, load: r.load } };
  };
  log();
  log(`SQL, deep pages (with the count cache, ${CONNECTIONS} callers):`);
  const searchPagingSql = await sqlCase("search + paging", SEARCH_PAGING);
  const deepOffsetSql = await sqlCase("deep page number", DEEP_OFFSET);
  const walk: CursorWalk = await walkCursors(db, CURSOR_TARGET, CURSOR_MAX_SECONDS, createCountCache());
  const deepCursorSql = walk.supported ? await sqlCase(`cursor at ${walk.position}`, walk.query) : null;
  if (!walk.supported) log(`  no cursor page: ${walk.reason}`);
  else log(`  (cursor: result.${walk.way.field} as ?${walk.way.param}=, ${walk.steps} pages walked in ${walk.seconds} s)`);
  // The search's page 100 as the list's own "Weiter" links reach it (by cursor), for reference
  // beside the page-number form above (old links and typed URLs).
  const searchWalk = await walkCursors(db, 99 * 24, CURSOR_MAX_SECONDS, createCountCache(), "q=Logo");
  if (searchWalk.supported) await sqlCase(`search page 100 by cursor`, searchWalk.query);
  else log(`  search by cursor: ${searchWalk.reason}`);
  // The forgiving search (ADR 017): widened searches, and the suggestions while typing (SQL only:
  // over HTTP the per-client rate limit of /api/suggestions would refuse a load generator).
  log();
  log(`SQL, the forgiving search (with the count cache, ${CONNECTIONS} callers):`);
  const forgivingSql = [];
  for (const c of FORGIVING_SEARCHES) forgivingSql.push(await sqlCase(c.name, c.query));
  for (const text of SUGGESTION_TEXTS) await suggestSearches(db, text);
  const suggestionTimes: number[] = [];
  const suggested = await withLoad(async () => {
    const until = performance.now() + SQL_CONCURRENT_MAX_SECONDS * 1000;
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        for (let i = 0; i < SQL_PER_WORKER * 2 && performance.now() < until; i++) {
          const text = SUGGESTION_TEXTS[next++ % SUGGESTION_TEXTS.length]!;
          const t0 = performance.now();
          await suggestSearches(db, text);
          suggestionTimes.push(performance.now() - t0);
        }
      }),
    );
    return Math.round((suggestionTimes.length / (performance.now() - began)) * 1000);
  });
  const suggestionSummary = summarize(suggestionTimes);
  log(`  ${"suggestions".padEnd(28)} p50 ${ms(suggestionSummary.p50)}  p95 ${ms(suggestionSummary.p95)}  p99 ${ms(suggestionSummary.p99)}  ${suggested.value} calls/s; ${describeLoad(suggested.load)}`);
  // The start page's market (figures, category counts, featured): uncached, one call at a time.
  const landingSql = await withLoad(async () => {
    const samples: number[] = [];
    for (let i = 0; i < (quick ? 5 : 20); i++) {
      const t0 = performance.now();
      await readMarket(db);
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  });
  log(`  landing market read (uncached)  p50 ${ms(landingSql.value.p50)}  p99 ${ms(landingSql.value.p99)}`);
  await handle.close();

  // 3. HTTP: the built server under autocannon ---------------------------------
  log();
  buildApp(root, args.has("--skip-build"), log);
  server = await startServer(root, url, log);
  const base = server.baseUrl;
  const cookie = await signInThroughForm(base, VISITOR.email, PASSWORD);
  const signedInHeaders = { Cookie: cookie };
  const probe = await fetch(`${base}/services`, { headers: signedInHeaders });
  const probeHtml = await probe.text();
  // The signed-in rows mean nothing if the session is not accepted: the page must offer signing out.
  if (!probe.ok || !probeHtml.includes("/auth/sign-out")) throw new Error(`/services with the visitor's session answered ${probe.status} without a sign-out form: not signed in.`);
  const httpOptions = { connections: CONNECTIONS, seconds: HTTP_SECONDS, warmupSeconds: HTTP_WARMUP_SECONDS };
  log(`HTTP: GET /services?… with ${CONNECTIONS} connections, ${HTTP_WARMUP_SECONDS} s warm-up + ${HTTP_SECONDS} s measured, signed out (page cache) and signed in (ms)`);
  log(`${"query".padEnd(20)}  anon p50     p99   req/s | signed-in p50   p99   req/s | signed-in/SQL p99`);
  const httpResults: { anon: { value: LoadResult; load: LoadAverage }; signedIn: { value: LoadResult; load: LoadAverage } }[] = [];
  for (const [i, q] of QUERIES.entries()) {
    const target = `${base}/services${q.search ? `?${q.search}` : ""}`;
    const res = await fetch(target);
    const body = await res.text();
    if (!res.ok || !body.includes("<html")) throw new Error(`${target} answered ${res.status}`);
    const anon = await timedLoad(target, httpOptions, q.name);
    const signedIn = await timedLoad(target, { ...httpOptions, headers: signedInHeaders }, `${q.name}, signed in`);
    httpResults.push({ anon, signedIn });
    const a = anon.value;
    const s = signedIn.value;
    log(
      `${q.name.padEnd(20)} ${ms(a.latency.p50)} ${ms(a.latency.p99)} ${String(a.requestsPerSecond).padStart(7)} | ${ms(s.latency.p50)} ${ms(s.latency.p99)} ${String(s.requestsPerSecond).padStart(7)} | ${(s.latency.p99 / sqlResults[i]!.concurrent.p99).toFixed(2)}${anon.load.noisy || signedIn.load.noisy ? " (noisy)" : ""}`,
    );
  }

  // 4. Throughput against the baseline, interleaved ------------------------------
  const abRow = async (label: string, headers?: Record<string, string>): Promise<AbResult> => {
    // The bytes as the app sends them (fetch would decode a compressed answer).
    const page = await rawGet(`${base}/services`, headers ?? {});
    if (page.status !== 200) throw new Error(`/services answered ${page.status}`);
    log();
    log(`Throughput, ${label}: /services against the baseline, ${AB_ROUNDS} rounds × (${AB_ROUND_SECONDS} s app, ${AB_ROUND_SECONDS} s baseline), ${CONNECTIONS} connections`);
    baseline = await startBaseline(page.body, log, page.contentEncoding);
    try {
      const r = await interleaved({
        appBaseUrl: base,
        path: "/services",
        baseline,
        rounds: AB_ROUNDS,
        roundSeconds: AB_ROUND_SECONDS,
        warmupSeconds: AB_WARMUP_SECONDS,
        connections: CONNECTIONS,
        ...(headers ? { headers } : {}),
        log,
      });
      log(`  app ${r.app.requestsPerSecond} req/s, baseline ${r.baseline.requestsPerSecond} req/s: ratio ${r.ratio.toFixed(3)}; ${describeLoad(r.load)}`);
      return r;
    } finally {
      const b = baseline;
      baseline = undefined;
      await b.stop();
    }
  };
  const anonymousAb = await abRow("signed out (page cache as shipped)");
  const signedInAb = await abRow("signed in (no page cache)", signedInHeaders);
  // As a browser asks for it (no target: the issue's rows are without compression).
  const gzipAb = await abRow("signed out, Accept-Encoding: gzip (as browsers ask)", { "Accept-Encoding": "gzip, deflate, br" });

  // 5. The other rows over HTTP ----------------------------------------------------
  log();
  log(`HTTP, varied filter sets, signed out: the ${varied.length} URLs in turn`);
  const variedPaths = cycle(varied.map((q) => `/services${q ? `?${q}` : ""}`));
  // No warm-up: the server is warm, and warm-up requests would fill its caches with URLs of the list.
  const variedHttp = await timedLoad(`${base}/services`, { ...httpOptions, warmupSeconds: 0, nextPath: variedPaths.next }, "varied filter sets");
  const repeats = countRepeats(varied, variedPaths.used());
  log(
    `  ${variedHttp.value.requests} requests (of ${repeats.requests} URLs asked for: ${repeats.distinctCounts} different counts, ${repeats.repeatedCounts} repeating an earlier count): p50 ${variedHttp.value.latency.p50}  p99 ${variedHttp.value.latency.p99} ms, ${variedHttp.value.requestsPerSecond} req/s; ${describeLoad(variedHttp.load)}`,
  );

  log(`HTTP, deep pages, signed in (no page cache):`);
  const httpCase = async (c: { name: string; query: string }) => {
    const r = await timedLoad(`${base}/services?${c.query}`, { ...httpOptions, headers: signedInHeaders }, c.name);
    log(`  ${c.name.padEnd(28)} p50 ${ms(r.value.latency.p50)}  p99 ${ms(r.value.latency.p99)}  ${r.value.requestsPerSecond} req/s; ${describeLoad(r.load)}`);
    return { ...httpFigures(r.value), load: r.load };
  };
  const toCase = async (s: Omit<CaseResult, "http" | "pass">): Promise<CaseResult> => ({ ...s, http: await httpCase(s), pass: s.sql.p99 < TARGETS.sqlP99Ms });
  const searchPaging = await toCase(searchPagingSql);
  const deepOffset = await toCase(deepOffsetSql);
  const forgivingCases = [];
  for (const c of forgivingSql) forgivingCases.push(await toCase(c));
  const deepCursor = walk.supported && deepCursorSql ? { ...(await toCase(deepCursorSql)), walk } : { supported: false as const, reason: walk.supported ? "?" : walk.reason };

  log(`HTTP, the landing page / (market cached a minute, featured cards shared):`);
  const landingAnon = await timedLoad(`${base}/`, httpOptions, "landing");
  const landingSignedIn = await timedLoad(`${base}/`, { ...httpOptions, headers: signedInHeaders }, "landing, signed in");
  for (const [label, r] of [["signed out", landingAnon], ["signed in", landingSignedIn]] as const) {
    log(`  ${label.padEnd(28)} p50 ${ms(r.value.latency.p50)}  p99 ${ms(r.value.latency.p99)}  ${r.value.requestsPerSecond} req/s; ${describeLoad(r.load)}`);
  }

  // 6. JavaScript of the public pages ------------------------------------------------
  log();
  const listHtml = await (await fetch(`${base}/services`)).text();
  const detail = firstServiceLink(listHtml);
  if (!detail) throw new Error("/services links no service detail page.");
  const jsMeasured = await withLoad(async () => {
    const pages: PageScripts[] = [];
    for (const p of ["/", "/services", detail]) pages.push(await pageScripts(base, p));
    return pages;
  });
  log(`JavaScript in the HTML of the public pages (gzip as served; target ≤ ${kib(JS_TARGET.maxGzipBytes)} in ≤ ${JS_TARGET.maxFiles} files):`);
  for (const p of jsMeasured.value) log(`  ${p.path.padEnd(50)} ${String(p.count).padStart(3)} files, ${kib(p.gzipBytes)} gzip (${kib(p.rawBytes)} uncompressed)`);
  await cleanup();

  // 7. Results ------------------------------------------------------------------------
  const queries: BenchResults["queries"] = QUERIES.map((q, i) => {
    const s = sqlResults[i]!;
    const { anon, signedIn } = httpResults[i]!;
    return {
      name: q.name,
      url: `/services${q.search ? `?${q.search}` : ""}`,
      matches: s.total,
      sql: { sequential: s.sequential, concurrent16: s.concurrent, plan: s.plan, load: s.load },
      http: { ...httpFigures(anon.value), autocannon: anon.value.autocannon, load: anon.load },
      signedIn: { ...httpFigures(signedIn.value), load: signedIn.load },
      ratio: {
        p99: round(anon.value.latency.p99 / s.concurrent.p99),
        p99VsSequentialSql: round(anon.value.latency.p99 / s.sequential.p99),
        signedInP99: round(signedIn.value.latency.p99 / s.concurrent.p99),
      },
      pass: {
        sqlP99: s.concurrent.p99 < TARGETS.sqlP99Ms,
        sqlP99Sequential: s.sequential.p99 < TARGETS.sqlP99Ms,
        signedInHttpSqlRatio: signedIn.value.latency.p99 / s.concurrent.p99 <= TARGETS.httpSqlP99Ratio,
      },
    };
  });
  const ratios = queries.map((q) => q.ratio.signedInP99);
  const results: BenchResults = {
    benchmark: "catalog",
    version: 2,
    date: new Date().toISOString(),
    machine: machineInfo(pgVersion),
    dataset: { ...counts, generatedSeconds: generation?.seconds ?? null, generationSteps: generation?.steps ?? null },
    method: {
      connections: CONNECTIONS,
      sql: `listServices(db, parseServiceFilters(query), pageSize, countCache) as the /services loader calls it (count reused per filter set for 30 s by a count cache, as the process's) + page statement incl. row mapping; warm-up: ${CONNECTIONS} concurrent callers × ${SQL_WARMUP_PER_CALLER} calls (every pooled connection has run the query), then up to ${SQL_SEQUENTIAL} sequential calls (at most ${SQL_SEQUENTIAL_MAX_SECONDS} s), then ${CONNECTIONS} concurrent callers × up to ${SQL_PER_WORKER} on a pg pool of ${CONNECTIONS} (at most ${SQL_CONCURRENT_MAX_SECONDS} s); targets use the concurrent figures; plan = EXPLAIN ANALYZE of each statement once`,
      varied: `${varied.length} generated filter sets (${distinctCounts} different counts) in a seeded shuffled order, shared by ${CONNECTIONS} callers, listServices without a count cache, at most ${SQL_CONCURRENT_MAX_SECONDS} s; over HTTP signed out, the same URLs in turn (the app's count and page caches as shipped)`,
      http: `production build (node server/index.js, its own pg pool of 10, PAGE_CACHE_SECONDS=5 as shipped), autocannon ${CONNECTIONS} keep-alive connections, no compression, ${HTTP_WARMUP_SECONDS} s warm-up then ${HTTP_SECONDS} s; signed out (page cache) and signed in (a session cookie of a verified user signed in through the /auth form: no page cache); percentiles exact over every response time (nearest rank)`,
      throughput: `A/B interleaved: ${AB_ROUNDS} rounds of ${AB_ROUND_SECONDS} s of the app's /services then ${AB_ROUND_SECONDS} s of a minimal node:http server (child process, bench/lib/baseline-server.js) answering every request with the same bytes (the page's HTML fetched from the app just before; Content-Type and Content-Length only), after ${AB_WARMUP_SECONDS} s warm-up of each; ${CONNECTIONS} connections; ratio of the aggregate requests per second`,
      deep: `${SEARCH_PAGING} and ${DEEP_OFFSET} (offset ${DEEP_POSITION}); the cursor page (if listServices returns a next-page cursor) reached by walking from the first page once during set-up; SQL ${CONNECTIONS} callers with the count cache, HTTP signed in`,
      js: "the JS URLs of the page's HTML (modulepreload, script src, static imports of inline module scripts), each fetched with Accept-Encoding: gzip from the server; bytes as sent",
      load: "1-minute load average before and after each measurement; noisy when above os.availableParallelism() at either point (the benchmark's own processes count too)",
      percentiles: "nearest rank",
      note: "autocannon, the server, the baseline and PostgreSQL share the same machine",
    },
    targets: TARGETS,
    queries,
    rows: {
      anonymous: { ...anonymousAb, pass: anonymousAb.ratio >= TARGETS.anonymousVsBaseline },
      anonymousGzip: gzipAb,
      signedIn: {
        ...signedInAb,
        httpSqlP99: { min: Math.min(...ratios), max: Math.max(...ratios) },
        pass: { rate: signedInAb.ratio >= TARGETS.signedInVsBaseline, ratio: Math.max(...ratios) <= TARGETS.httpSqlP99Ratio },
      },
      varied: {
        queries: varied.length,
        distinctCounts,
        sql: { ...v, load: variedSql.load },
        slowestShapes,
        http: {
          ...httpFigures(variedHttp.value),
          load: variedHttp.load,
          urlsAsked: repeats.requests,
          distinctCounts: repeats.distinctCounts,
          repeatedCounts: repeats.repeatedCounts,
        },
        pass: v.p99 < TARGETS.sqlP99Ms,
      },
      searchPaging,
      deepOffset,
      deepCursor,
      js: { pages: jsMeasured.value, pass: jsMeasured.value.every(jsPass), load: jsMeasured.load },
      forgiving: {
        cases: forgivingCases,
        suggestions: {
          ...suggestionSummary,
          callsPerSecond: suggested.value,
          load: suggested.load,
          targetMs: TARGETS.suggestionsP99Ms,
          pass: suggestionSummary.p99 < TARGETS.suggestionsP99Ms,
        },
      },
      landing: {
        sql: { ...landingSql.value, load: landingSql.load },
        anonymous: { ...httpFigures(landingAnon.value), load: landingAnon.load },
        signedIn: { ...httpFigures(landingSignedIn.value), load: landingSignedIn.load },
        // Against the plain list (the first query) of the same run.
        listP99: { anonymous: httpResults[0]!.anon.value.latency.p99, signedIn: httpResults[0]!.signedIn.value.latency.p99 },
        pass: {
          sql: landingSql.value.p99 < TARGETS.landingSqlP99Ms,
          anonymous: landingAnon.value.latency.p99 <= httpResults[0]!.anon.value.latency.p99 * TARGETS.landingVsListP99,
          signedIn: landingSignedIn.value.latency.p99 <= httpResults[0]!.signedIn.value.latency.p99 * TARGETS.landingVsListP99,
        },
      },
    },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };

  log();
  log(renderMarkdown(results));
  log();
  printTargets(results);

  if (!quick) {
    const outDir = writeResults(root, "catalog.json", results);
    fs.writeFileSync(path.join(outDir, "catalog-plans.txt"), `EXPLAIN (ANALYZE, BUFFERS) of the statements listServices sends, ${results.date}\n\n${plans.join("\n")}`);
    updateReadme(path.join(root, "bench", "README.md"), renderMarkdown(results));
    updateSummary(root);
    log("Wrote bench/results/catalog.json, bench/results/catalog-plans.txt and the tables in bench/README.md.");
  }
  if (args.has("--drop")) {
    await dropDatabase(url);
    log(`Dropped ${splitDatabaseUrl(url).name}.`);
  }
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** PASS/FAIL for every row of the table, "(noisy)" where the load average exceeded the cores. */
function printTargets(r: BenchResults) {
  const { anonymous: a, signedIn: s, varied: v, searchPaging: sp, deepOffset: d, deepCursor: dc, js } = r.rows;
  const line = (ok: boolean, load: LoadAverage | null, text: string) => log(`  ${ok ? "PASS" : "FAIL"}${load?.noisy ? " (noisy)" : "        "}  ${text}`);
  log("Targets (issue 16):");
  line(a.pass, a.load, `anonymous /services: ${a.app.requestsPerSecond} req/s = ${a.ratio} × the baseline (${a.baseline.requestsPerSecond} req/s), target ≥ ${r.targets.anonymousVsBaseline}`);
  line(s.pass.rate, s.load, `signed-in /services: ${s.app.requestsPerSecond} req/s = ${s.ratio} × the baseline (${s.baseline.requestsPerSecond} req/s), target ≥ ${r.targets.signedInVsBaseline}`);
  const ratioLoad = combineLoads(r.queries.flatMap((q) => [q.sql.load, q.signedIn.load]));
  line(s.pass.ratio, ratioLoad, `signed-in HTTP p99 / SQL p99: ${s.httpSqlP99.min}–${s.httpSqlP99.max}, target ≤ ${r.targets.httpSqlP99Ratio}`);
  line(v.pass, v.sql.load, `list SQL p99, ${r.method.connections} callers, ${v.queries} varied filter sets, no count cache: ${v.sql.p99} ms, target < ${r.targets.sqlP99Ms} ms`);
  line(sp.pass, sp.sql.load, `search + paging ${sp.query}: SQL p50 ${sp.sql.p50} ms, p99 ${sp.sql.p99} ms, target p99 < ${r.targets.sqlP99Ms} ms`);
  line(d.pass, d.sql.load, `offset 96,000 (${d.query}): SQL p99 ${d.sql.p99} ms, target < ${r.targets.sqlP99Ms} ms`);
  if ("walk" in dc) line(dc.pass, dc.sql.load, `cursor page at ${dc.walk.position}: SQL p99 ${dc.sql.p99} ms, target < ${r.targets.sqlP99Ms} ms`);
  else log(`  ----          cursor page: not measured (${dc.reason})`);
  for (const c of r.rows.forgiving?.cases ?? []) line(c.pass, c.sql.load, `${c.name} ${c.query}: SQL p50 ${c.sql.p50} ms, p99 ${c.sql.p99} ms, target p99 < ${r.targets.sqlP99Ms} ms`);
  const sg = r.rows.forgiving?.suggestions;
  if (sg) line(sg.pass, sg.load, `suggestions while typing (suggestSearches, ${r.method.connections} callers): p50 ${sg.p50} ms, p99 ${sg.p99} ms, target p99 < ${sg.targetMs} ms`);
  const l = r.rows.landing;
  if (l) {
    line(l.pass.sql, l.sql.load, `landing market read (uncached, once a minute per process): SQL p50 ${l.sql.p50} ms, p99 ${l.sql.p99} ms, target < ${r.targets.landingSqlP99Ms} ms`);
    line(l.pass.anonymous, l.anonymous.load, `landing / signed out: p99 ${l.anonymous.latency.p99} ms, ${l.anonymous.requestsPerSecond} req/s; target p99 ≤ ${r.targets.landingVsListP99} × /services (${l.listP99.anonymous} ms)`);
    line(l.pass.signedIn, l.signedIn.load, `landing / signed in: p99 ${l.signedIn.latency.p99} ms, ${l.signedIn.requestsPerSecond} req/s; target p99 ≤ ${r.targets.landingVsListP99} × /services (${l.listP99.signedIn} ms)`);
  }
  for (const p of js.pages) line(jsPass(p), null, `JavaScript of ${p.path}: ${kib(p.gzipBytes)} gzip in ${p.count} files, target ≤ ${kib(r.targets.jsMaxGzipBytes)} in ≤ ${r.targets.jsMaxFiles}`);
  const web = readResults<WebResults>(root, "web.json");
  if (web) {
    for (const p of web.pages) {
      line(p.pass.score && p.pass.lcp, p.load, `Lighthouse ${p.path}: ${p.median.score}, LCP ${(p.median.lcpMs / 1000).toFixed(2)} s (bench:web of ${web.date.slice(0, 16)}), target ≥ ${web.targets.minScore}, LCP ≤ ${web.targets.maxLcpMs / 1000} s`);
    }
  } else {
    log("  ----          Lighthouse: no bench:web results yet (npm run bench:web)");
  }
  for (const q of r.queries) {
    if (!q.pass.sqlP99) line(false, q.sql.load, `(query mix) ${q.name}: SQL p99 ${q.sql.concurrent16.p99} ms (16 callers, count cache), target < ${r.targets.sqlP99Ms} ms`);
  }
}

runMain(main, cleanup);
