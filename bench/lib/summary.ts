// Issue 16's table ("Fast for every visitor"): each path with the figure measured before the
// performance work, today's figure from the latest results files (bench/results/catalog.json
// and web.json), and the target. Rewritten in bench/README.md by bench:catalog and bench:web.
import path from "node:path";
import { noisyMark, type LoadAverage } from "./noise";
import { readResults, updateReadme, type BenchResults } from "./report";
import type { WebResults } from "./web-report";

const BEFORE = {
  anonymous: "986 req/s = 0.23 × a minimal Node `http` server sending the same 112 KB",
  signedIn: "105 req/s = 0.024 × that server; HTTP p99 / SQL p99 = 10.6–27.6",
  varied: "30–122 ms",
  searchPaging: "p50 523 ms, p99 696 ms",
  deep: "p99 90 ms",
  js: "178 KB `/`, 186 KB `/services` (29 files), 187 KB detail",
  lighthouse: "`/` 91–92, `/services` 88, detail 89–90 (simulated LCP 2.7–3.1 s; CLS 0)",
};

const TARGET = {
  anonymous: "≥ 0.5 ×",
  signedIn: "≥ 0.12 ×; ratio ≤ 3",
  varied: "< 25 ms",
  searchPaging: "p99 < 25 ms",
  deep: "p99 < 25 ms",
  js: "≤ 150 KB in ≤ 12 files",
  lighthouse: "≥ 95, LCP ≤ 2.5 s",
};

const f1 = (v: number) => v.toFixed(1);
const int = (v: number) => Math.round(v).toLocaleString("en");
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const res = (ok: boolean, ...loads: (LoadAverage | undefined)[]) => `${ok ? "PASS" : "**FAIL**"}${loads.some((l) => l?.noisy) ? " (noisy)" : ""}`;
const pageName = (p: string) => (p === "/" ? "`/`" : p === "/services" ? "`/services`" : "detail");

/** The table as markdown, from whatever results files exist. */
export function renderSummary(catalog: BenchResults | null, web: WebResults | null): string {
  const c = catalog?.version === 2 ? catalog : null;
  const lines: string[] = [];
  const when = [
    c ? `bench:catalog of ${c.date.slice(0, 16).replace("T", " ")} UTC` : "bench:catalog: no run in the current format yet",
    web ? `bench:web of ${web.date.slice(0, 16).replace("T", " ")} UTC` : "bench:web: no run yet",
  ];
  lines.push(
    `Today's figures from ${when.join("; ")}. Catalogue rows on 100k services and 1M reviews, Lighthouse on the demo content; ` +
      `"(noisy)": the 1-minute load average exceeded the core count before or after that measurement.`,
  );
  lines.push("");
  lines.push("| path | before | today | target | |");
  lines.push("|---|---|---|---|:-:|");
  const none = "not measured yet";
  if (c) {
    const { anonymous: a, signedIn: s, varied: v, searchPaging: sp, deepOffset: d, deepCursor: dc, js } = c.rows;
    lines.push(
      `| anonymous /services, 5 s page cache | ${BEFORE.anonymous} | ${int(a.app.requestsPerSecond)} req/s = **${a.ratio.toFixed(3)}** × the baseline's ${int(a.baseline.requestsPerSecond)} req/s (${kb(a.htmlBytes)}; load ${a.load.before} → ${a.load.after}) | ${TARGET.anonymous} | ${res(a.pass, a.load)} |`,
    );
    lines.push(
      `| signed-in /services (no page cache) | ${BEFORE.signedIn} | ${int(s.app.requestsPerSecond)} req/s = **${s.ratio.toFixed(3)}** × the baseline's ${int(s.baseline.requestsPerSecond)} req/s (${kb(s.htmlBytes)}); HTTP p99 / SQL p99 = ${f1(s.httpSqlP99.min)}–${f1(s.httpSqlP99.max)} (load ${s.load.before} → ${s.load.after}) | ${TARGET.signedIn} | rate ${res(s.pass.rate, s.load)}, ratio ${res(s.pass.ratio, ...c.queries.flatMap((q) => [q.sql.load, q.signedIn.load]))} |`,
    );
    lines.push(
      `| list SQL p99, 16 callers, varied filters (count cache missing) | ${BEFORE.varied} | p99 **${f1(v.sql.p99)} ms** (p50 ${f1(v.sql.p50)}, ${int(v.queries)} filter sets; load ${v.sql.load.before} → ${v.sql.load.after}) | ${TARGET.varied} | ${res(v.pass, v.sql.load)} |`,
    );
    lines.push(
      `| search + paging \`q=Logo&page=100\`, 16 callers | ${BEFORE.searchPaging} | p50 ${f1(sp.sql.p50)} ms, p99 **${f1(sp.sql.p99)} ms** (HTTP signed in p99 ${f1(sp.http.latency.p99)} ms; load ${sp.sql.load.before} → ${sp.sql.load.after}) | ${TARGET.searchPaging} | ${res(sp.pass, sp.sql.load)} |`,
    );
    const cursor = "walk" in dc ? `; by cursor (position ${int(dc.walk.position)}): p99 **${f1(dc.sql.p99)} ms**${noisyMark(dc.sql.load)}` : "; no cursor paging";
    const cursorRes = "walk" in dc ? `, cursor ${res(dc.pass, dc.sql.load)}` : "";
    lines.push(
      `| offset 96,000, 16 callers | ${BEFORE.deep} | \`page=4001\`${d.page && d.page !== 4001 ? ` (shown as page ${int(d.page)}: page numbers reach the counted 10,000 rows, deeper pages follow by cursor)` : ""}: p99 **${f1(d.sql.p99)} ms** (p50 ${f1(d.sql.p50)}; load ${d.sql.load.before} → ${d.sql.load.after})${cursor} | ${TARGET.deep} | offset ${res(d.pass, d.sql.load)}${cursorRes} |`,
    );
    const fromHtml = js.pages.map((p) => `${kb(p.gzipBytes)} ${pageName(p.path)} (${p.count} files)`).join(", ");
    const loaded = web ? `; loaded in Chromium: ${web.pages.map((p) => `${kb(p.median.scriptGzipBytes)} ${pageName(p.path)} (${p.median.scriptFiles} files)`).join(", ")}` : "";
    const jsOk = js.pass && (!web || web.pages.every((p) => p.pass.js));
    lines.push(`| public-page JavaScript (gzip) | ${BEFORE.js} | in the HTML: ${fromHtml}${loaded} | ${TARGET.js} | ${res(jsOk)} |`);
  } else {
    for (const [label, k] of [
      ["anonymous /services, 5 s page cache", "anonymous"],
      ["signed-in /services (no page cache)", "signedIn"],
      ["list SQL p99, 16 callers, varied filters (count cache missing)", "varied"],
      ["search + paging `q=Logo&page=100`, 16 callers", "searchPaging"],
      ["offset 96,000, 16 callers", "deep"],
      ["public-page JavaScript (gzip)", "js"],
    ] as const) {
      lines.push(`| ${label} | ${BEFORE[k]} | ${none} | ${TARGET[k]} | |`);
    }
  }
  if (web) {
    const figures = web.pages
      .map((p) => `${pageName(p.path)} **${p.median.score}** (LCP ${(p.median.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(p.median.tbtMs)} ms, CLS ${p.median.cls.toFixed(2)})${noisyMark(p.load)}`)
      .join(", ");
    const ok = web.pages.every((p) => p.pass.score && p.pass.lcp);
    lines.push(`| Lighthouse mobile performance | ${BEFORE.lighthouse} | ${figures} | ${TARGET.lighthouse} | ${res(ok, ...web.pages.map((p) => p.load))} |`);
  } else {
    lines.push(`| Lighthouse mobile performance | ${BEFORE.lighthouse} | ${none} | ${TARGET.lighthouse} | |`);
  }
  return lines.join("\n");
}

/** Rewrites the table in bench/README.md from the results files. */
export function updateSummary(root: string): string {
  const markdown = renderSummary(readResults<BenchResults>(root, "catalog.json"), readResults<WebResults>(root, "web.json"));
  updateReadme(path.join(root, "bench", "README.md"), markdown, "summary");
  return markdown;
}
