// bench:web's results: the format of bench/results/web.json and its table in bench/README.md.
import type { MachineInfo } from "./machine";
import { noisyMark, type LoadAverage } from "./noise";
import { runLine } from "./report";

export const WEB_TARGETS = { minScore: 95, maxLcpMs: 2500, jsMaxGzipBytes: 150 * 1024, jsMaxFiles: 12 };

export interface WebRun {
  /** Lighthouse's performance score, 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  /** Scripts Chromium loaded for the page (Lighthouse's network requests of type Script). */
  scriptFiles: number;
  /** Their transfer size as loaded (the encoding Chromium negotiated). */
  scriptTransferBytes: number;
  /** The same files asked with Accept-Encoding: gzip only. */
  scriptGzipBytes: number;
  /** Lighthouse's measure of the machine's speed at the time (higher is faster). */
  benchmarkIndex: number | null;
  warnings: string[];
}

export interface WebPage {
  name: string;
  path: string;
  runs: WebRun[];
  /** Errors of Lighthouse runs that were tried again (not part of the figures). */
  retried: string[];
  /** Median of each figure over the runs, separately. */
  median: Omit<WebRun, "warnings" | "benchmarkIndex"> & { benchmarkIndex: number | null };
  scripts: { url: string; transferBytes: number; gzipBytes: number }[];
  load: LoadAverage;
  pass: { score: boolean; lcp: boolean; js: boolean };
}

export interface WebResults {
  benchmark: "web";
  date: string;
  machine: MachineInfo;
  lighthouse: string;
  browser: string;
  method: Record<string, string | number>;
  targets: typeof WEB_TARGETS;
  pages: WebPage[];
  durationSeconds: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean, load?: LoadAverage) => `${ok ? "PASS" : "**FAIL**"}${noisyMark(load)}`;

export function renderWebMarkdown(r: WebResults): string {
  const lines: string[] = [];
  lines.push(`${runLine(r.date, r.machine)} Lighthouse ${r.lighthouse}, ${r.browser}; ${r.pages[0]?.runs.length ?? 0} runs per page, mobile (the default config: simulated slow 4G, 4× CPU slowdown).`);
  lines.push("");
  lines.push(
    `| page | score | LCP | TBT | CLS | FCP | JS files | JS transfer | JS gzip | scores of the runs | benchmark index | load | score ≥ ${r.targets.minScore} | LCP ≤ ${(r.targets.maxLcpMs / 1000).toFixed(1)} s | JS ≤ ${Math.round(r.targets.jsMaxGzipBytes / 1024)} KB in ≤ ${r.targets.jsMaxFiles} |`,
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|:-:|:-:|:-:|");
  for (const p of r.pages) {
    const m = p.median;
    lines.push(
      `| ${p.name} (\`${p.path}\`) | **${m.score}** | ${(m.lcpMs / 1000).toFixed(2)} s | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${(m.fcpMs / 1000).toFixed(2)} s | ${m.scriptFiles} | ${kb(m.scriptTransferBytes)} | ${kb(m.scriptGzipBytes)} | ${p.runs.map((x) => x.score).join(", ")} | ${m.benchmarkIndex ?? "?"} | ${p.load.before} → ${p.load.after}${p.load.noisy ? " noisy" : ""} | ${mark(p.pass.score, p.load)} | ${mark(p.pass.lcp, p.load)} | ${mark(p.pass.js)} |`,
    );
  }
  lines.push("");
  lines.push(
    "Medians of each figure over the runs. LCP, TBT, FCP: Lighthouse's simulated figures (Lantern) from a trace of the real load; CLS as observed. " +
      "JS = the requests of type Script Chromium made for the page (including any loaded after the HTML); transfer = as loaded (Chromium may negotiate brotli), gzip = the same URLs asked with `Accept-Encoding: gzip`. " +
      "Load: the 1-minute load average before → after the page's runs (noisy above the core count).",
  );
  const retried = r.pages.flatMap((p) => (p.retried ?? []).map((e) => `${p.path}: ${e}`));
  if (retried.length) {
    lines.push("");
    lines.push(`Runs tried again after a Lighthouse error (not in the figures): ${retried.join(" / ")}`);
  }
  const warnings = [...new Set(r.pages.flatMap((p) => p.runs.flatMap((x) => x.warnings)))];
  if (warnings.length) {
    lines.push("");
    lines.push(`Lighthouse warnings: ${warnings.map((w) => w.replace(/\s+/g, " ")).join(" / ")}`);
  }
  return lines.join("\n");
}
