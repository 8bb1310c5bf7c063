import { is, sql } from "drizzle-orm";
import { PgliteSession } from "drizzle-orm/pglite";
import { rowsOf, type Database } from "../db.server";

/** Which engine a database or transaction runs on (a transaction carries its engine's session). */
export function engineOf(db: Database): "pglite" | "postgres" {
  return is((db as unknown as { _: { session: unknown } })._.session, PgliteSession) ? "pglite" : "postgres";
}

/** Counters for the metrics (read when scraped). Failures are counted per failed run, in this process. */
export const jobStats = { failures: 0, completed: 0 };

/** Jobs waiting or running (not those given up after their last attempt), across all processes. */
export async function queueDepth(db: Database): Promise<number> {
  const rows = rowsOf<{ n: number }>(await db.execute(
    engineOf(db) === "pglite"
      ? sql`select count(*)::int as n from jobs where attempts < max_attempts`
      : sql`select count(*)::int as n from graphile_worker.jobs where attempts < max_attempts`,
  ));
  return Number(rows[0]?.n ?? 0);
}

// Runners of the embedded engine in this process, woken right after an enqueue (no polling delay).
const globalState = globalThis as unknown as { __marketplaceLocalRunners?: Set<() => void> };
export const localRunners = (globalState.__marketplaceLocalRunners ??= new Set());
