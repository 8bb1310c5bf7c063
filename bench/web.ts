// npm run bench:web [-- --skip-build] [-- --quick]
//
// What a visitor's browser gets (issue 16, "Honest benchmarks"): Lighthouse (the `lighthouse`
// npm package, mobile default config) with the machine's Chromium, three runs each on /,
// /services and a service detail page of the production build on the demo content (embedded
// PGlite in a temporary DATA_DIR, as a fresh installation has it). Records the median performance
// score, LCP, TBT, CLS and the JavaScript per page; PASS/FAIL against score ≥ 95, LCP ≤ 2.5 s
// and ≤ 150 KB of JavaScript (gzip) in ≤ 12 files. A miss does not fail the process.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { cleanUpOnSignal, log, parseOptions, runMain } from "./lib/cli";
import { buildApp, startServer, type RunningServer } from "./lib/http";
import { machineInfo } from "./lib/machine";
import { describeLoad, loadAverage, loadNow } from "./lib/noise";
import { firstServiceLink, jsPass, kib, scriptFile } from "./lib/page-js";
import { updateReadme, writeResults } from "./lib/report";
import { updateSummary } from "./lib/summary";
import { renderWebMarkdown, WEB_TARGETS, type WebPage, type WebResults, type WebRun } from "./lib/web-report";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = parseOptions(
  ["--skip-build", "--quick", "--help"],
  `npm run bench:web -- [options]
  --skip-build  use the existing build/ instead of running \`npm run build\`
  --quick       one Lighthouse run per page; writes no results
Environment: CHROME_PATH (default /usr/bin/chromium)`,
);
const quick = args.has("--quick");
const RUNS = quick ? 1 : 3;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

let server: RunningServer | undefined;
let chrome: LaunchedChrome | undefined;
async function cleanup() {
  const c = chrome;
  chrome = undefined;
  c?.kill();
  const s = server;
  server = undefined;
  await s?.stop();
}
cleanUpOnSignal("stopping Chromium and the server", cleanup);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** One Lighthouse run of `url` in a fresh Chromium; the figures and the scripts it loaded. */
async function lighthouseRun(url: string): Promise<{ run: WebRun; scripts: WebPage["scripts"]; lighthouseVersion: string; browser: string }> {
  chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: "silent" });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
    const scripts = (details?.items ?? []).filter((i) => i.resourceType === "Script");
    const gzip = await Promise.all(scripts.map((s) => scriptFile(s.url)));
    const score = lhr.categories.performance?.score;
    return {
      run: {
        score: score === null || score === undefined ? Number.NaN : Math.round(score * 100),
        lcpMs: Math.round(audit("largest-contentful-paint")),
        tbtMs: Math.round(audit("total-blocking-time")),
        cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
        fcpMs: Math.round(audit("first-contentful-paint")),
        speedIndexMs: Math.round(audit("speed-index")),
        scriptFiles: scripts.length,
        scriptTransferBytes: scripts.reduce((a, s) => a + (s.transferSize ?? 0), 0),
        scriptGzipBytes: gzip.reduce((a, f) => a + f.gzipBytes, 0),
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        warnings: lhr.runWarnings ?? [],
      },
      scripts: scripts.map((s, i) => ({ url: new URL(s.url).pathname, transferBytes: s.transferSize ?? 0, gzipBytes: gzip[i]!.gzipBytes })),
      lighthouseVersion: lhr.lighthouseVersion,
      browser: lhr.environment?.hostUserAgent?.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? "Chromium",
    };
  } finally {
    const c = chrome;
    chrome = undefined;
    c.kill();
  }
}

const ATTEMPTS = 3;

/**
 * A Lighthouse run, tried again (up to ATTEMPTS in all) when Lighthouse reports a run error: on a
 * busy machine the trace sometimes misses the navigation (NO_NAVSTART). The errors are recorded.
 */
async function withRetries(url: string, retried: string[]): ReturnType<typeof lighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= ATTEMPTS) throw error;
      retried.push(message);
      log(`  (attempt ${attempt} failed, trying again: ${message})`);
    }
  }
}

async function main() {
  const started = Date.now();
  log(`Web benchmark: Lighthouse (mobile), ${RUNS} run(s) per page, Chromium ${CHROME_PATH}${quick ? " (quick mode: no results written)" : ""}`);
  buildApp(root, args.has("--skip-build"), log);
  log("Starting the production server on the demo content (embedded PGlite, temporary DATA_DIR) ...");
  server = await startServer(root, null, log, { env: { SEED_DEMO: "true" }, dataDirPrefix: "bench-web-", startTimeoutMs: 300_000 });
  const base = server.baseUrl;
  const list = await (await fetch(`${base}/services`)).text();
  const detail = firstServiceLink(list);
  if (!detail) throw new Error("/services of the demo content links no service detail page.");
  const targets = [
    { name: "home", path: "/" },
    { name: "catalogue", path: "/services" },
    { name: "service detail", path: detail },
  ];
  // Warm the server (its first render of each route loads modules and fills caches).
  for (const t of targets) for (let i = 0; i < 3; i++) await (await fetch(`${base}${t.path}`)).arrayBuffer();

  const pages: WebPage[] = [];
  let lighthouseVersion = "?";
  let browser = "?";
  for (const t of targets) {
    log();
    log(`${t.name} (${t.path}):`);
    const before = loadNow();
    const runs: WebRun[] = [];
    const retried: string[] = [];
    let scripts: WebPage["scripts"] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await withRetries(`${base}${t.path}`, retried);
      lighthouseVersion = r.lighthouseVersion;
      browser = r.browser;
      runs.push(r.run);
      if (i === 0) scripts = r.scripts;
      const x = r.run;
      log(
        `  run ${i + 1}: score ${x.score}, LCP ${(x.lcpMs / 1000).toFixed(2)} s, TBT ${x.tbtMs} ms, CLS ${x.cls}, FCP ${(x.fcpMs / 1000).toFixed(2)} s; JS ${x.scriptFiles} files, ${kib(x.scriptTransferBytes)} transferred, ${kib(x.scriptGzipBytes)} gzip; benchmark index ${x.benchmarkIndex ?? "?"} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
    }
    const load = loadAverage(before, loadNow());
    const m = {
      score: median(runs.map((x) => x.score)),
      lcpMs: median(runs.map((x) => x.lcpMs)),
      tbtMs: median(runs.map((x) => x.tbtMs)),
      cls: median(runs.map((x) => x.cls)),
      fcpMs: median(runs.map((x) => x.fcpMs)),
      speedIndexMs: median(runs.map((x) => x.speedIndexMs)),
      scriptFiles: median(runs.map((x) => x.scriptFiles)),
      scriptTransferBytes: median(runs.map((x) => x.scriptTransferBytes)),
      scriptGzipBytes: median(runs.map((x) => x.scriptGzipBytes)),
      benchmarkIndex: runs.every((x) => x.benchmarkIndex !== null) ? median(runs.map((x) => x.benchmarkIndex!)) : null,
    };
    const page: WebPage = {
      ...t,
      runs,
      retried,
      median: m,
      scripts,
      load,
      pass: {
        score: m.score >= WEB_TARGETS.minScore,
        lcp: m.lcpMs <= WEB_TARGETS.maxLcpMs,
        js: jsPass({ count: m.scriptFiles, gzipBytes: m.scriptGzipBytes }),
      },
    };
    pages.push(page);
    log(`  median: score ${m.score}, LCP ${(m.lcpMs / 1000).toFixed(2)} s, TBT ${m.tbtMs} ms, CLS ${m.cls}; JS ${m.scriptFiles} files, ${kib(m.scriptGzipBytes)} gzip; ${describeLoad(load)}`);
  }
  await cleanup();

  const results: WebResults = {
    benchmark: "web",
    date: new Date().toISOString(),
    machine: machineInfo("(embedded PGlite)"),
    lighthouse: lighthouseVersion,
    browser,
    method: {
      server: "production build (node server/index.js, NODE_ENV=production) on the demo content: embedded PGlite in a temporary DATA_DIR, SEED_DEMO=true; each page fetched 3 times before measuring",
      lighthouse: `lighthouse npm package, default (mobile) config, performance category only, ${RUNS} runs per page, a fresh Chromium (${CHROME_PATH} ${CHROME_FLAGS.join(" ")}) per run; storage cleared by Lighthouse before each run (a first visit)`,
      median: "median of each figure over the runs, separately",
      javascript: "network requests of type Script of the run; transfer size as loaded, and the same URLs fetched again with Accept-Encoding: gzip",
      load: "1-minute load average before the first and after the last run of a page; noisy when above os.availableParallelism()",
      note: "Chromium, Lighthouse, the server and whatever else runs on the machine share its cores; Lighthouse's simulated throttling scales the observed CPU work (see benchmarkIndex)",
    },
    targets: WEB_TARGETS,
    pages,
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  log();
  log(renderWebMarkdown(results));
  log();
  log("Targets:");
  for (const p of pages) {
    const mark = (ok: boolean) => `${ok ? "PASS" : "FAIL"}${p.load.noisy ? " (noisy)" : ""}`;
    log(`  ${mark(p.pass.score)}  ${p.path}: score ${p.median.score} ≥ ${WEB_TARGETS.minScore}`);
    log(`  ${mark(p.pass.lcp)}  ${p.path}: LCP ${(p.median.lcpMs / 1000).toFixed(2)} s ≤ ${WEB_TARGETS.maxLcpMs / 1000} s`);
    log(`  ${p.pass.js ? "PASS" : "FAIL"}  ${p.path}: JavaScript ${kib(p.median.scriptGzipBytes)} gzip in ${p.median.scriptFiles} files (≤ ${kib(WEB_TARGETS.jsMaxGzipBytes)} in ≤ ${WEB_TARGETS.jsMaxFiles})`);
  }
  if (!quick) {
    writeResults(root, "web.json", results);
    updateReadme(path.join(root, "bench", "README.md"), renderWebMarkdown(results), "web");
    updateSummary(root);
    log("Wrote bench/results/web.json and the tables in bench/README.md.");
  }
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

runMain(main, cleanup);
