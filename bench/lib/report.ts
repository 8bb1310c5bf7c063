import fs from "node:fs";
import path from "node:path";
import type { PlanSummary } from "./sql";
import type { LatencySummary } from "./stats";
import type { MachineInfo } from "./machine";

export interface BenchResults {
  benchmark: "catalog";
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
  targets: { sqlP99Ms: number; httpSqlP99Ratio: number; pageVsStaticRate: number };
  queries: {
    name: string;
    url: string;
    matches: number;
    sql: {
      sequential: LatencySummary;
      concurrent16: LatencySummary & { callsPerSecond: number };
      concurrent16Counting?: LatencySummary & { callsPerSecond: number };
      plan: PlanSummary[];
    };
    http: {
      latency: LatencySummary;
      autocannon: { p50: number; p97_5: number; p99: number; rpsAverage: number };
      requestsPerSecond: number;
      requests: number;
      bytesPerResponse: number;
    };
    ratio: { p50: number; p95: number; p99: number; p99VsSequentialSql: number };
    pass: { sqlP99: boolean; sqlP99Sequential: boolean; httpSqlRatio: boolean };
  }[];
  throughput: {
    htmlBytes: number;
    page: { url: string; requestsPerSecond: number; latency: LatencySummary; bytesPerResponse: number };
    static: { url: string; requestsPerSecond: number; latency: LatencySummary; bytesPerResponse: number };
    ratio: number;
    pass: boolean;
  };
  /** The same HTTP queries with the page cache off (every request renders). */
  uncached?: { name: string; latency: LatencySummary; requestsPerSecond: number; ratioToSqlP99: number; rateVsStatic: number }[];
  durationSeconds: number;
}

/** The first line of a results section: when, and on what machine. */
export function runLine(date: string, machine: MachineInfo): string {
  return `Run of ${date.slice(0, 16).replace("T", " ")} UTC — ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}.`;
}

const f1 = (v: number) => v.toFixed(1);
const mark = (ok: boolean) => (ok ? "PASS" : "**FAIL**");

/** The results as markdown: one table of the list queries, one line of throughput. */
export function renderMarkdown(r: BenchResults): string {
  const lines: string[] = [];
  const generated = r.dataset.generatedSeconds === null ? "reused from an earlier run" : `generated in ${r.dataset.generatedSeconds} s`;
  lines.push(
    `${runLine(r.date, r.machine)} ` +
      `Data: ${r.dataset.services.toLocaleString("en")} services, ${r.dataset.reviews.toLocaleString("en")} reviews, ${r.dataset.users.toLocaleString("en")} users (${generated}).`,
  );
  lines.push("");
  lines.push(
    "| query | matches | SQL p50 | SQL p95 | SQL p99 | HTTP p50 | HTTP p95 | HTTP p99 | HTTP req/s | HTTP/SQL p99 | SQL p99 < " +
      `${r.targets.sqlP99Ms} ms | ratio ≤ ${r.targets.httpSqlP99Ratio} |`,
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|:-:|");
  for (const q of r.queries) {
    const s = q.sql.concurrent16;
    const h = q.http.latency;
    lines.push(
      `| ${q.name} (\`${q.url}\`) | ${q.matches.toLocaleString("en")} | ${f1(s.p50)} | ${f1(s.p95)} | ${f1(s.p99)} | ${f1(h.p50)} | ${f1(h.p95)} | ${f1(h.p99)} | ${Math.round(q.http.requestsPerSecond)} | ${q.ratio.p99.toFixed(2)} | ${mark(q.pass.sqlP99)} | ${mark(q.pass.httpSqlRatio)} |`,
    );
  }
  lines.push("");
  lines.push(
    "Times in ms, 16 concurrent connections for both columns: SQL = `listServices` as the loader calls it (page statement; the count from the count cache after the first call of a filter set) called by 16 concurrent callers on a pool of 16; " +
      "HTTP = the whole `GET` of the server-rendered list page under autocannon with 16 connections.",
  );
  if (r.queries.some((q) => q.sql.concurrent16Counting)) {
    lines.push("");
    lines.push(
      "SQL as the loader runs it: the count of a filter set is reused for 30 s (`catalogCounts`, cleared by any write on the process). " +
        "Counting on every call instead (16 concurrent), for reference:",
    );
    lines.push("");
    lines.push("| query | SQL p50, counting | SQL p95, counting | SQL p99, counting |");
    lines.push("|---|--:|--:|--:|");
    for (const q of r.queries) {
      const c = q.sql.concurrent16Counting;
      if (c) lines.push(`| ${q.name} | ${f1(c.p50)} | ${f1(c.p95)} | ${f1(c.p99)} |`);
    }
  }
  lines.push("");
  lines.push("SQL one call at a time (no concurrency), for reference, with the plan of each statement (EXPLAIN ANALYZE, ms):");
  lines.push("");
  lines.push("| query | p50 | p95 | p99 | HTTP p99 / this p99 | count statement | page statement |");
  lines.push("|---|--:|--:|--:|--:|---|---|");
  const plan = (q: BenchResults["queries"][number], kind: "count" | "page") => {
    const p = q.sql.plan.find((x) => x.statement === kind);
    return p ? `${f1(p.executionMs)}: ${p.nodes.join(", ")}` : "";
  };
  for (const q of r.queries) {
    const s = q.sql.sequential;
    lines.push(
      `| ${q.name} | ${f1(s.p50)} | ${f1(s.p95)} | ${f1(s.p99)} | ${q.ratio.p99VsSequentialSql.toFixed(1)} | ${plan(q, "count")} | ${plan(q, "page")} |`,
    );
  }
  lines.push("");
  const t = r.throughput;
  lines.push(`| throughput (16 connections) | req/s | p50 ms | p99 ms |`);
  lines.push(`|---|--:|--:|--:|`);
  lines.push(`| \`/services\` (server-rendered, ${t.htmlBytes.toLocaleString("en")} bytes of HTML) | ${Math.round(t.page.requestsPerSecond)} | ${f1(t.page.latency.p50)} | ${f1(t.page.latency.p99)} |`);
  lines.push(`| \`${t.static.url}\` (same bytes, express.static) | ${Math.round(t.static.requestsPerSecond)} | ${f1(t.static.latency.p50)} | ${f1(t.static.latency.p99)} |`);
  lines.push("");
  lines.push(`Page / static rate: **${t.ratio.toFixed(3)}** (target ≥ ${r.targets.pageVsStaticRate}): ${mark(t.pass)}.`);
  if (r.uncached?.length) {
    lines.push("");
    lines.push(
      "The HTTP figures above are the server as shipped: signed-out visitors share the rendered list for 5 s (`PAGE_CACHE_SECONDS`). " +
        "Without that cache every request renders (as for signed-in visitors):",
    );
    lines.push("");
    lines.push("| query, uncached | HTTP p50 | HTTP p95 | HTTP p99 | req/s | HTTP/SQL p99 | req/s vs static |");
    lines.push("|---|--:|--:|--:|--:|--:|--:|");
    for (const u of r.uncached) {
      lines.push(
        `| ${u.name} | ${f1(u.latency.p50)} | ${f1(u.latency.p95)} | ${f1(u.latency.p99)} | ${Math.round(u.requestsPerSecond)} | ${u.ratioToSqlP99.toFixed(2)} | ${u.rateVsStatic.toFixed(3)} |`,
      );
    }
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
