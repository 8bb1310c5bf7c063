import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ServiceFilters } from "~/features/services/schema";
import { listServices } from "~/features/services/services.server";
import type { Database } from "~/lib/db.server";
import { summarize, type LatencySummary } from "./stats";

async function timed(db: Database, filters: ServiceFilters): Promise<number> {
  const t0 = performance.now();
  await listServices(db, filters);
  return performance.now() - t0;
}

/** `iterations` calls one after the other (one connection busy at a time). */
export async function sequential(db: Database, filters: ServiceFilters, iterations: number): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) samples.push(await timed(db, filters));
  return summarize(samples);
}

/** `workers` callers in parallel (the pool has as many connections), `perWorker` calls each. */
export async function concurrent(db: Database, filters: ServiceFilters, workers: number, perWorker: number): Promise<LatencySummary & { callsPerSecond: number }> {
  const samples: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = 0; i < perWorker; i++) samples.push(await timed(db, filters));
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
