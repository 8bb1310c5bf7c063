import fs from "node:fs";
import path from "node:path";
import type { AbResult } from "./ab";
import type { CursorWalk } from "./catalog-cases";
import type { MachineInfo } from "./machine";
import { combineLoads, noisyMark, type LoadAverage } from "./noise";
import type { PageScripts } from "./page-js";
import type { PlanSummary } from "./sql";
import type { LatencySummary } from "./stats";

export type SqlFigures = LatencySummary & { callsPerSecond: number };

export interface HttpFigures {
  latency: LatencySummary;
  requestsPerSecond: number;
  requests: number;
  bytesPerResponse: number;
}

/** One timed case of the table's rows: SQL (16 callers) and HTTP (autocannon, 16 connections). */
export interface CaseResult {
  name: string;
  /** The query of /services (without "?"). */
  query: string;
  matches: number;
  /** The page the list showed (a page number past the counted pages shows the last of them). */
  page?: number;
  sql: SqlFigures & { load: LoadAverage };
  /** Signed in (no page cache), so that every request renders and queries. */
  http: HttpFigures & { load: LoadAverage };
  pass: boolean;
}

export interface BenchResults {
  benchmark: "catalog";
  /** 2: the rows of issue 16's table (A/B baseline, signed-in, varied, deep pages, JS). */
  version: 2;
  date: string;
  machine: MachineInfo;
  dataset: {
    users: number;
    services: number;
    reviews: number;
    featured: number;
    categories: number;
    generatedSeconds: number | null;
    generationSteps: { step: string; seconds: number }[] | null;
  };
  method: Record<string, string | number>;
  targets: {
    sqlP99Ms: number;
    httpSqlP99Ratio: number;
    anonymousVsBaseline: number;
    signedInVsBaseline: number;
    landingSqlP99Ms?: number;
    landingVsListP99?: number;
    jsMaxGzipBytes: number;
    jsMaxFiles: number;
  };
  queries: {
    name: string;
    url: string;
    matches: number;
    sql: {
      sequential: LatencySummary;
      concurrent16: SqlFigures;
      plan: PlanSummary[];
      load: LoadAverage;
    };
    /** Signed out, the server as shipped (5 s page cache: mostly cache hits). */
    http: HttpFigures & { autocannon: { p50: number; p97_5: number; p99: number; rpsAverage: number }; load: LoadAverage };
    /** Signed in: no page cache, every request renders. */
    signedIn: HttpFigures & { load: LoadAverage };
    ratio: { p99: number; p99VsSequentialSql: number; signedInP99: number };
    pass: { sqlP99: boolean; sqlP99Sequential: boolean; signedInHttpSqlRatio: boolean };
  }[];
  rows: {
    anonymous: AbResult & { pass: boolean };
    /** The anonymous page as browsers ask for it (gzip); no target. Missing in results before 2026-11-24. */
    anonymousGzip?: AbResult;
    signedIn: AbResult & { httpSqlP99: { min: number; max: number }; pass: { rate: boolean; ratio: boolean } };
    varied: {
      queries: number;
      distinctCounts: number;
      /** 16 callers, listServices without a count cache: every call counts. */
      sql: SqlFigures & { load: LoadAverage };
      /** The slowest filter shapes of the SQL run (by p99). */
      slowestShapes: { shape: string; n: number; p50: number; p99: number; max: number }[];
      /** Signed out over HTTP through the app (its count cache and page cache as shipped; the URLs rarely repeat). */
      /** urlsAsked: URLs handed to autocannon (the answered requests plus those in flight at the end). */
      http: HttpFigures & { load: LoadAverage; urlsAsked: number; distinctCounts: number; repeatedCounts: number };
      pass: boolean;
    };
    searchPaging: CaseResult;
    deepOffset: CaseResult;
    deepCursor: (CaseResult & { walk: Extract<CursorWalk, { supported: true }> }) | { supported: false; reason: string };
    js: { pages: PageScripts[]; pass: boolean; load: LoadAverage };
    /** The forgiving search (ADR 017): typo and compound searches, and the suggestions while typing. */
    forgiving?: { cases: CaseResult[]; suggestions: LatencySummary & { callsPerSecond: number; load: LoadAverage; pass: boolean; targetMs: number } };
    /** The start page (issue 17): its market read in SQL (uncached) and "/" over HTTP. Absent in earlier runs. */
    landing?: {
      sql: LatencySummary & { load: LoadAverage };
      anonymous: HttpFigures & { load: LoadAverage };
      signedIn: HttpFigures & { load: LoadAverage };
      listP99: { anonymous: number; signedIn: number };
      pass: { sql: boolean; anonymous: boolean; signedIn: boolean };
    };
  };
  durationSeconds: number;
}

/** The first line of a results section: when, and on what machine. */
export function runLine(date: string, machine: MachineInfo): string {
  return `Run of ${date.slice(0, 16).replace("T", " ")} UTC — ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}.`;
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");
const int = (v: number) => Math.round(v).toLocaleString("en");
export const mark = (ok: boolean, load?: LoadAverage | null) => `${ok ? "PASS" : "**FAIL**"}${noisyMark(load)}`;
const loadCell = (l: LoadAverage) => `${l.before} → ${l.after}${l.noisy ? " noisy" : ""}`;

/** The catalogue's detailed results as markdown (the summary table against the targets is in bench/lib/summary.ts). */
export function renderMarkdown(r: BenchResults): string {
  const lines: string[] = [];
  const generated = r.dataset.generatedSeconds === null ? "reused from an earlier run" : `generated in ${r.dataset.generatedSeconds} s`;
  lines.push(
    `${runLine(r.date, r.machine)} ` +
      `Data: ${r.dataset.services.toLocaleString("en")} services, ${r.dataset.reviews.toLocaleString("en")} reviews, ${r.dataset.users.toLocaleString("en")} users (${generated}). ` +
      `Took ${r.durationSeconds} s. Load average (1 min) before → after each measurement, "noisy" when above the ${r.machine.cpus} cores at either point.`,
  );

  const { anonymous: a, signedIn: s } = r.rows;
  lines.push("");
  lines.push(`**Throughput against the baseline** (a minimal \`node:http\` server sending the same bytes), interleaved A/B in ${a.rounds.length} rounds of ${a.roundSeconds} s each side, ${a.connections} connections:`);
  lines.push("");
  lines.push("| page | bytes | app req/s | baseline req/s | ratio | rounds (app / baseline req/s) | app p50 / p99 ms | machine busy | load | target |");
  lines.push("|---|--:|--:|--:|--:|---|--:|--:|--:|:-:|");
  const abRow = (label: string, x: AbResult, target: string, ok: boolean) =>
    `| ${label} | ${int(x.htmlBytes)} | ${int(x.app.requestsPerSecond)} | ${int(x.baseline.requestsPerSecond)} | **${x.ratio.toFixed(3)}** | ${x.rounds.map((rd) => `${int(rd.app.requestsPerSecond)} / ${int(rd.baseline.requestsPerSecond)}`).join(", ")} | ${f1(x.app.latency.p50)} / ${f1(x.app.latency.p99)} | ${x.machineBusyCores ?? "?"} | ${loadCell(x.load)} | ${target}: ${mark(ok, x.load)} |`;
  lines.push(abRow("anonymous `/services` (5 s page cache)", a, `≥ ${r.targets.anonymousVsBaseline}`, a.pass));
  lines.push(abRow("signed-in `/services` (no page cache)", s, `≥ ${r.targets.signedInVsBaseline}`, s.pass.rate));
  const g = r.rows.anonymousGzip;
  if (g) {
    lines.push(
      `| anonymous \`/services\`, \`Accept-Encoding: gzip\` (as browsers ask; both sides send the app's gzip bytes) | ${int(g.htmlBytes)} | ${int(g.app.requestsPerSecond)} | ${int(g.baseline.requestsPerSecond)} | **${g.ratio.toFixed(3)}** | ${g.rounds.map((rd) => `${int(rd.app.requestsPerSecond)} / ${int(rd.baseline.requestsPerSecond)}`).join(", ")} | ${f1(g.app.latency.p50)} / ${f1(g.app.latency.p99)} | ${g.machineBusyCores ?? "?"} | ${loadCell(g.load)} | no target |`,
    );
  }

  lines.push("");
  lines.push(
    `**The query mix**, SQL = \`listServices\` as the loader calls it (with the count cache) by 16 concurrent callers on a pool of 16; ` +
      "HTTP = `GET /services?…` under autocannon with 16 connections, signed out (as shipped: the 5 s page cache answers most requests) and signed in (no page cache: every request renders). Times in ms.",
  );
  lines.push("");
  lines.push(
    `| query | matches | SQL p50 | SQL p99 | anonymous p50 | anonymous p99 | anonymous req/s | signed-in p50 | signed-in p99 | signed-in req/s | signed-in / SQL p99 | SQL p99 < ${r.targets.sqlP99Ms} ms | signed-in ratio ≤ ${r.targets.httpSqlP99Ratio} |`,
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|:-:|");
  for (const q of r.queries) {
    const c = q.sql.concurrent16;
    lines.push(
      `| ${q.name} (\`${q.url}\`) | ${int(q.matches)} | ${f1(c.p50)} | ${f1(c.p99)} | ${f1(q.http.latency.p50)} | ${f1(q.http.latency.p99)} | ${int(q.http.requestsPerSecond)} | ${f1(q.signedIn.latency.p50)} | ${f1(q.signedIn.latency.p99)} | ${int(q.signedIn.requestsPerSecond)} | ${q.ratio.signedInP99.toFixed(2)} | ${mark(q.pass.sqlP99, q.sql.load)} | ${mark(q.pass.signedInHttpSqlRatio, q.signedIn.load)} |`,
    );
  }
  lines.push("");
  lines.push(
    `Signed-in HTTP p99 / SQL p99 over the mix: ${s.httpSqlP99.min.toFixed(1)}–${s.httpSqlP99.max.toFixed(1)} (target ≤ ${r.targets.httpSqlP99Ratio}: ${mark(s.pass.ratio, combineLoads(r.queries.flatMap((q) => [q.sql.load, q.signedIn.load])))}).`,
  );

  const v = r.rows.varied;
  lines.push("");
  lines.push(
    `**Varied filter sets** (${int(v.queries)} URLs: category × price range × minimum rating × search word × sort, ${int(v.distinctCounts)} different counts, in a shuffled order): ` +
      `SQL without a count cache (every call counts), 16 callers: p50 ${f1(v.sql.p50)}, p95 ${f1(v.sql.p95)}, **p99 ${f1(v.sql.p99)}** ms, max ${f1(v.sql.max)} over ${int(v.sql.n)} calls (${v.sql.callsPerSecond}/s), load ${loadCell(v.sql.load)}: ${mark(v.pass, v.sql.load)} (target < ${r.targets.sqlP99Ms} ms). ` +
      `Over HTTP, signed out (${int(v.http.requests)} requests answered; of the ${int(v.http.urlsAsked)} URLs asked for, ${int(v.http.distinctCounts)} different counts and ${int(v.http.repeatedCounts)} whose count an earlier request had asked for): ` +
      `p50 ${f1(v.http.latency.p50)}, p99 ${f1(v.http.latency.p99)} ms, ${int(v.http.requestsPerSecond)} req/s, load ${loadCell(v.http.load)}.`,
  );
  if (v.slowestShapes.length) {
    lines.push("");
    lines.push("| slowest filter shapes (SQL, no count cache) | calls | p50 | p99 | max |");
    lines.push("|---|--:|--:|--:|--:|");
    for (const sh of v.slowestShapes) lines.push(`| ${sh.shape} | ${sh.n} | ${f1(sh.p50)} | ${f1(sh.p99)} | ${f1(sh.max)} |`);
  }

  lines.push("");
  lines.push("**Deep pages**, SQL as the loader calls it (count cache) by 16 callers, HTTP signed in (no page cache) with 16 connections; ms:");
  lines.push("");
  lines.push(`| case | query | matches | SQL p50 | SQL p99 | calls/s | SQL load | HTTP p50 | HTTP p99 | req/s | HTTP load | SQL p99 < ${r.targets.sqlP99Ms} ms |`);
  lines.push("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|");
  const caseRow = (c: CaseResult) =>
    `| ${c.name} | \`${c.query.length > 60 ? `${c.query.slice(0, 57)}…` : c.query}\`${c.page && !c.query.includes(`page=${c.page}`) ? ` (page ${int(c.page)})` : ""} | ${int(c.matches)} | ${f1(c.sql.p50)} | ${f1(c.sql.p99)} | ${c.sql.callsPerSecond} | ${loadCell(c.sql.load)} | ${f1(c.http.latency.p50)} | ${f1(c.http.latency.p99)} | ${int(c.http.requestsPerSecond)} | ${loadCell(c.http.load)} | ${mark(c.pass, c.sql.load)} |`;
  lines.push(caseRow(r.rows.searchPaging));
  lines.push(caseRow(r.rows.deepOffset));
  const dc = r.rows.deepCursor;
  if ("walk" in dc) {
    lines.push(caseRow(dc));
    lines.push("");
    lines.push(
      `The cursor page: \`${dc.walk.way.field}\` of the result as \`${dc.walk.way.param}\`, reached from the first page in ${int(dc.walk.steps)} pages (${dc.walk.seconds} s) at position ${int(dc.walk.position)}` +
        `${dc.walk.sameFirstRowAsOffset === null ? "" : dc.walk.sameFirstRowAsOffset ? " (its first row is the offset page's)" : " (its first row differs from the offset page's)"}.`,
    );
  } else {
    lines.push("");
    lines.push(`No cursor page: ${dc.reason}.`);
  }

  const landing = r.rows.landing;
  if (landing) {
    lines.push("");
    lines.push(
      `**The landing page** \`/\`: its market read (figures, category counts, featured services; uncached, one call at a time — behind a one-minute cache) and \`GET /\` under autocannon with ${r.method.connections} connections, against the plain \`/services\` list of the same run (ms):`,
    );
    lines.push("");
    lines.push("| row | p50 | p99 | req/s | target | |");
    lines.push("|---|--:|--:|--:|---|:-:|");
    lines.push(`| market read (SQL) | ${f1(landing.sql.p50)} | ${f1(landing.sql.p99)} | | p99 < ${r.targets.landingSqlP99Ms} ms | ${mark(landing.pass.sql, landing.sql.load)} |`);
    lines.push(
      `| \`/\` signed out | ${f1(landing.anonymous.latency.p50)} | ${f1(landing.anonymous.latency.p99)} | ${int(landing.anonymous.requestsPerSecond)} | p99 ≤ ${r.targets.landingVsListP99} × ${f1(landing.listP99.anonymous)} | ${mark(landing.pass.anonymous, landing.anonymous.load)} |`,
    );
    lines.push(
      `| \`/\` signed in | ${f1(landing.signedIn.latency.p50)} | ${f1(landing.signedIn.latency.p99)} | ${int(landing.signedIn.requestsPerSecond)} | p99 ≤ ${r.targets.landingVsListP99} × ${f1(landing.listP99.signedIn)} | ${mark(landing.pass.signedIn, landing.signedIn.load)} |`,
    );
  }

  const js = r.rows.js;
  lines.push("");
  lines.push(`**JavaScript of the public pages** (modulepreload, script src and the inline module's imports in the HTML; gzip as the server sends it), target ≤ ${Math.round(r.targets.jsMaxGzipBytes / 1024)} KB in ≤ ${r.targets.jsMaxFiles} files:`);
  lines.push("");
  lines.push("| page | files | gzip | uncompressed | |");
  lines.push("|---|--:|--:|--:|:-:|");
  for (const p of js.pages) {
    const ok = p.gzipBytes <= r.targets.jsMaxGzipBytes && p.count <= r.targets.jsMaxFiles;
    lines.push(`| \`${p.path}\` | ${p.count} | ${f1(p.gzipBytes / 1024)} KB | ${f1(p.rawBytes / 1024)} KB | ${mark(ok)} |`);
  }

  lines.push("");
  lines.push("SQL one call at a time (no concurrency), for reference, with the plan of each statement (EXPLAIN ANALYZE, ms):");
  lines.push("");
  lines.push("| query | p50 | p95 | p99 | count statement | page statement |");
  lines.push("|---|--:|--:|--:|---|---|");
  const plan = (q: BenchResults["queries"][number], kind: "count" | "page") => {
    const p = q.sql.plan.find((x) => x.statement === kind);
    return p ? `${f1(p.executionMs)}: ${p.nodes.join(", ")}` : "";
  };
  for (const q of r.queries) {
    const seq = q.sql.sequential;
    lines.push(`| ${q.name} | ${f1(seq.p50)} | ${f1(seq.p95)} | ${f1(seq.p99)} | ${plan(q, "count")} | ${plan(q, "page")} |`);
  }
  return lines.join("\n");
}

/**
 * Replaces the results section of bench/README.md between the markers
 * `<!-- bench:{name} results start/end -->` (default: the catalogue's), keeping the prose around it.
 */
export function updateReadme(file: string, markdown: string, name = "catalog"): void {
  const START = `<!-- bench:${name} results start -->`;
  const END = `<!-- bench:${name} results end -->`;
  const block = `${START}\n${markdown}\n${END}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current}${current && !current.endsWith("\n") ? "\n" : ""}\n## Results${name === "catalog" ? "" : ` (${name})`}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}

/** Writes `results` as bench/results/{file} (indented JSON), creating the folder; returns the folder. */
export function writeResults(root: string, file: string, results: unknown): string {
  const outDir = path.join(root, "bench", "results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, file), `${JSON.stringify(results, null, 2)}\n`);
  return outDir;
}

/** Reads bench/results/{file} as JSON, or null when it is missing or unreadable. */
export function readResults<T>(root: string, file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "bench", "results", file), "utf8")) as T;
  } catch {
    return null;
  }
}
