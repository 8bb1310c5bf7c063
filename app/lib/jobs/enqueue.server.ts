import { sql } from "drizzle-orm";
import type { Database } from "../db.server";
import { engineOf, localRunners } from "./engine.server";
import { appJobs } from "./registry.server";
import type { EnqueueOptions, JobRegistry } from "./types";

/**
 * Adds a job through `db`, which may be a transaction: the job exists only once that transaction
 * commits (rolled back, it never runs). PostgreSQL: graphile-worker's add_job (its NOTIFY wakes the
 * runners at commit); PGlite: a row in our jobs table, and this process's runner is woken.
 */
export async function enqueue(db: Database, name: string, payload: unknown, options: EnqueueOptions = {}, registry: JobRegistry = appJobs()): Promise<void> {
  const definition = registry.get(name);
  if (!definition) throw new Error(`Unknown job "${name}".`);
  const data = JSON.stringify(definition.payload.parse(payload) ?? {});
  const runAt = options.runAt?.toISOString() ?? null;
  const jobKey = options.jobKey ?? null;
  if (engineOf(db) === "postgres") {
    await db.execute(sql`select graphile_worker.add_job(
      identifier => ${name}::text,
      payload => ${data}::json,
      run_at => ${runAt}::timestamptz,
      max_attempts => ${definition.maxAttempts}::int,
      job_key => ${jobKey}::text
    )`);
    return;
  }
  // The clock is Node's (as the runner's), so fake timers in tests move both.
  // A waiting job with the same key is replaced; a running one is left to finish (the new one is dropped).
  await db.execute(sql`
    insert into jobs (task, payload, key, run_at, max_attempts)
    values (${name}, ${data}::jsonb, ${jobKey}, ${runAt ?? new Date().toISOString()}::timestamptz, ${definition.maxAttempts})
    on conflict (key) do update set
      task = excluded.task, payload = excluded.payload, run_at = excluded.run_at,
      max_attempts = excluded.max_attempts, attempts = 0, last_error = null
    where jobs.locked_at is null
  `);
  // Inside a transaction the runner's query waits for it (PGlite runs one at a time), so it sees the commit.
  for (const wake of localRunners) wake();
}
