import { performance } from "node:perf_hooks";
import { openDatabase } from "~/lib/db.server";
import { listServices, createCountCache } from "~/features/services/services.server";
import { parseServiceFilters } from "~/features/services/schema";
import { captureStatements } from "../lib/sql";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_catalog";
const handle = await openDatabase({ engine: "postgres", url, max: 16 });
const pool = handle.pool!;
await Promise.all(Array.from({ length: 16 }, async () => { const c = await pool.connect(); await c.query("select 1"); setTimeout(() => c.release(), 50); }));
await new Promise((r) => setTimeout(r, 100));
const filters = parseServiceFilters(new URLSearchParams(process.argv[2] ?? ""));
const counts = createCountCache();
await listServices(handle.db, filters, undefined, counts);
const caps = await captureStatements(pool, () => listServices(handle.db, filters, undefined, counts));
const page = caps[caps.length - 1]!;

function pct(a: number[], p: number) { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; }
async function run(name: string, fn: () => Promise<unknown>, workers = 16, per = 200) {
  for (let i = 0; i < 50; i++) await fn();
  const samples: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => { for (let i = 0; i < per; i++) { const t = performance.now(); await fn(); samples.push(performance.now() - t); } }));
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage();
  console.log(`${name.padEnd(28)} p50 ${pct(samples, 50).toFixed(2)} p95 ${pct(samples, 95).toFixed(2)} p99 ${pct(samples, 99).toFixed(2)} rate ${(samples.length / secs).toFixed(0)}/s`);
}
let n = 0;
for (let round = 0; round < 2; round++) {
  await run("listServices", () => listServices(handle.db, filters, undefined, counts));
  await run("raw pool.query", () => pool.query(page.text, page.values));
  await run("raw named", () => pool.query({ name: "p1", text: page.text, values: page.values }));
  await run("raw named array", () => pool.query({ name: "p2", text: page.text, values: page.values, rowMode: "array" }));
  await run("select 1", () => pool.query("select 1"));
}
console.log(page.text);
await handle.close();
