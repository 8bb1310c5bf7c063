import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db.server";
import { enqueue } from "./enqueue.server";
import { jobStats, localRunners } from "./engine.server";
import { backoffMs, schedulePeriodMs, type JobRegistry, type JobSchedule } from "./types";
import { log } from "../log.server";

export interface JobRunner {
  /** Finishes the running job (if any) and stops picking up new ones. */
  stop(): Promise<void>;
}

export interface LocalRunnerOptions {
  db: Database;
  registry: JobRegistry;
  schedules?: readonly JobSchedule[];
  /** Looks for due jobs (retries, runAt in the future) this often; enqueues wake it at once. */
  pollIntervalMs?: number;
  /** The first scheduled run comes this long after the start (then every period of the schedule). */
  firstScheduleAfterMs?: number;
}

const MINUTE = 60 * 1000;

interface ClaimedJob {
  id: number;
  task: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The embedded engine's runner (PGlite): one job at a time from the jobs table, in this process.
 * Only one process opens a PGlite database, so "once across processes" holds trivially; a lock
 * left by an earlier process (killed mid-run) is released at the start and the job runs again.
 * Time is Node's (Date.now), so tests move it with fake timers.
 */
export async function startLocalRunner({ db, registry, schedules = [], pollIntervalMs = 1000, firstScheduleAfterMs = 5 * MINUTE }: LocalRunnerOptions): Promise<JobRunner> {
  const workerId = `local-${process.pid}-${randomBytes(4).toString("hex")}`;
  await db.execute(sql`update jobs set locked_at = null, locked_by = null where locked_at is not null`);

  let stopped = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let active: Promise<void> | null = null;
  let again = false;

  const claim = async (): Promise<ClaimedJob | undefined> => {
    const now = new Date().toISOString();
    const rows = rowsOf<ClaimedJob>(await db.execute(sql`
      update jobs set attempts = attempts + 1, locked_at = ${now}::timestamptz, locked_by = ${workerId}
      where id = (
        select id from jobs
        where run_at <= ${now}::timestamptz and attempts < max_attempts and locked_at is null
        order by run_at, id limit 1
        for update skip locked
      )
      returning id, task, payload, attempts, max_attempts
    `));
    return rows[0];
  };

  const runOne = async (): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    try {
      const definition = registry.get(job.task);
      if (!definition) throw new Error(`Unknown job "${job.task}".`);
      await definition.run(definition.payload.parse(job.payload), { db, attempt: job.attempts });
      await db.execute(sql`delete from jobs where id = ${job.id}`);
      jobStats.completed++;
    } catch (error) {
      jobStats.failures++;
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(Date.now() + backoffMs(job.attempts)).toISOString();
      // Given up jobs stay (attempts = max_attempts, with their last error) for an operator to see.
      await db.execute(sql`
        update jobs set last_error = ${message}, locked_at = null, locked_by = null, run_at = ${retryAt}::timestamptz
        where id = ${job.id}
      `);
      const final = job.attempts >= job.max_attempts;
      log.error({ err: error, job: job.task, jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts }, `Job ${job.task} failed${final ? " (given up)" : ""}`);
    }
    return true;
  };

  const tick = () => {
    if (stopped) return;
    if (active) {
      again = true;
      return;
    }
    clearTimeout(pollTimer);
    active = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await runOne()));
        } catch (error) {
          log.error({ err: error }, "Job runner failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      active = null;
      if (!stopped) pollTimer = setTimeout(tick, pollIntervalMs).unref();
    });
  };

  const scheduleTimers: NodeJS.Timeout[] = [];
  for (const schedule of schedules) {
    const period = schedulePeriodMs(schedule);
    const fire = () => {
      enqueue(db, schedule.task, {}, { jobKey: `schedule:${schedule.task}` }, registry).catch((error: unknown) =>
        log.error({ err: error, job: schedule.task }, "Scheduling a job failed"),
      );
    };
    scheduleTimers.push(
      setTimeout(() => {
        fire();
        scheduleTimers.push(setInterval(fire, period).unref());
      }, firstScheduleAfterMs).unref(),
    );
  }

  const wake = () => {
    // After the current turn: the enqueueing transaction may still be running.
    if (!stopped) setImmediate(tick);
  };
  localRunners.add(wake);
  tick();

  return {
    async stop() {
      stopped = true;
      localRunners.delete(wake);
      clearTimeout(pollTimer);
      for (const timer of scheduleTimers) clearTimeout(timer);
      await active;
    },
  };
}
