import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ServiceFilters } from "~/features/services/filters";
import { listServices, type CountCache } from "~/features/services/catalogue.server";
import type { Database } from "~/lib/db.server";
import { summarize, type LatencySummary } from "./stats";

async function timed(db: Database, filters: ServiceFilters, counts?: CountCache): Promise<number> {
  const t0 = performance.now();
  await listServices(db, filters, undefined, counts);
  return performance.now() - t0;
}

/** Up to `iterations` calls one after the other (one connection busy at a time), at most `maxSeconds` long. */
export async function sequential(
  db: Database,
  filters: ServiceFilters,
  iterations: number,
  maxSeconds: number,
  counts?: CountCache,
): Promise<LatencySummary> {
  const samples: number[] = [];
  const deadline = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < iterations && (i < 20 || performance.now() < deadline); i++) samples.push(await timed(db, filters, counts));
  return summarize(samples);
}

/**
 * `workers` callers in parallel (the pool has as many connections), up to `perWorker`
 * calls each; no caller starts a call after `maxSeconds`. `filters` is one filter set, or a
 * function giving the next one for each call (varied filter sets shared by all callers).
 */
export async function concurrent(
  db: Database,
  filters: ServiceFilters | (() => ServiceFilters),
  workers: number,
  perWorker: number,
  maxSeconds: number,
  counts?: CountCache,
  onCall?: (filters: ServiceFilters, ms: number) => void,
): Promise<LatencySummary & { callsPerSecond: number }> {
  const samples: number[] = [];
  const t0 = performance.now();
  const deadline = t0 + maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < perWorker && (i < 2 || performance.now() < deadline); i++) {
        const f = typeof filters === "function" ? filters() : filters;
        const ms = await timed(db, f, counts);
        samples.push(ms);
        onCall?.(f, ms);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { ...summarize(samples), callsPerSecond: Math.round((samples.length / seconds) * 10) / 10 };
}

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

type QueryFn = (config: unknown, values?: unknown) => Promise<unknown>;

/**
 * Records the statements listServices sends (by wrapping pool.query) so that
 * they can be EXPLAINed exactly as the application runs them.
 */
export async function captureStatements(pool: pg.Pool, run: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const target = pool as unknown as { query: QueryFn };
  const original = target.query;
  const captured: CapturedStatement[] = [];
  target.query = function (this: unknown, config: unknown, values?: unknown) {
    const text = typeof config === "string" ? config : String((config as { text?: string }).text ?? "");
    const params = (Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? [])) as unknown[];
    captured.push({ text, values: params });
    return original.call(pool, config, values);
  } as QueryFn;
  try {
    await run();
  } finally {
    target.query = original;
  }
  return captured;
}

export async function explain(pool: pg.Pool, statement: CapturedStatement): Promise<string> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${statement.text}`, statement.values);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

export interface PlanSummary {
  statement: "count" | "page" | "other";
  executionMs: number;
  /** The scan and sort nodes of the plan, e.g. "Index Scan using services_newest_idx", "Sort", "Seq Scan on services". */
  nodes: string[];
}

export function summarizePlan(text: string, plan: string): PlanSummary {
  const statement = /^select count\(/i.test(text.trim()) ? "count" : /\blimit\b/i.test(text) ? "page" : "other";
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  const nodes: string[] = [];
  for (const line of plan.split("\n")) {
    const m = /(?:->\s+|^\s*)((?:Parallel )?(?:Seq Scan on \w+|Index Only Scan(?: Backward)? using \w+|Index Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+|Incremental Sort|Sort|Gather(?: Merge)?))/.exec(line);
    if (m && !nodes.includes(m[1]!)) nodes.push(m[1]!);
  }
  return { statement, executionMs, nodes };
}
