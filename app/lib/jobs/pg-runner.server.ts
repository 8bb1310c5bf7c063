import { Logger, parseCronItems, run, runMigrations, type CronItem, type Task, type TaskList } from "graphile-worker";
import type pg from "pg";
import type { Database } from "../db.server";
import { jobStats } from "./engine.server";
import type { JobRunner } from "./local-runner.server";
import { schedulePeriodMs, type JobRegistry, type JobSchedule } from "./types";
import { log } from "../log.server";

/** graphile-worker's messages: warnings and errors go to the log, the chatter does not. */
const logger = new Logger(() => (level, message) => {
  if (level === "error") log.error(`Jobs: ${message}`);
  else if (level === "warning") log.warn(`Jobs: ${message}`);
});

/** graphile-worker's schema (graphile_worker), so that add_job exists before any runner starts. */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger });
}

/**
 * The schedules as graphile-worker cron items: at the full hour, every `everyHours` hours, or
 * every `everyMinutes` minutes from the full hour. graphile-worker checks its cron items each
 * minute and records each fired time in known_crontabs, so a minute schedule also fires once per
 * time across processes. (Items rather than crontab text: a crontab line does not allow the dot
 * in our task names.)
 */
export function cronItemsOf(schedules: readonly JobSchedule[], registry: JobRegistry): CronItem[] {
  return schedules.map((schedule) => {
    schedulePeriodMs(schedule); // refuses a period that does not divide the hour or day
    const match =
      schedule.everyMinutes !== undefined
        ? `${schedule.everyMinutes === 1 ? "*" : `*/${schedule.everyMinutes}`} * * * *`
        : // Daily is at midnight (UTC): "*/24" lies outside the hours 0–23.
          `0 ${schedule.everyHours === 1 ? "*" : schedule.everyHours === 24 ? "0" : `*/${schedule.everyHours}`} * * *`;
    return {
      task: schedule.task,
      identifier: schedule.task,
      match,
      options: { maxAttempts: registry.get(schedule.task)?.maxAttempts ?? 1, backfillPeriod: 0 },
    };
  });
}

export interface PgRunnerOptions {
  pool: pg.Pool;
  db: Database;
  registry: JobRegistry;
  schedules?: readonly JobSchedule[];
  concurrency?: number;
  /** For jobs due later (retries, runAt); new jobs arrive by LISTEN/NOTIFY at once. */
  pollIntervalMs?: number;
  /** How often locks older than 4 hours (a worker that died mid-run) are released (graphile-worker's default: 8–10 min). */
  resetLockedIntervalMs?: [number, number];
}

/**
 * graphile-worker on PostgreSQL: a job is locked with SKIP LOCKED by exactly one worker of all
 * processes; a failure sets run_at = now + e^min(attempts, 10) s; the cron items' runs are recorded
 * in its known_crontabs table, so a schedule runs once however many processes run it.
 */
export async function startPgRunner({ pool, db, registry, schedules = [], concurrency = 2, pollIntervalMs = 2000, resetLockedIntervalMs }: PgRunnerOptions): Promise<JobRunner> {
  const taskList: TaskList = {};
  for (const definition of registry.values()) {
    const task: Task = async (payload, helpers) => {
      await definition.run(definition.payload.parse(payload), { db, attempt: helpers.job.attempts });
    };
    taskList[definition.name] = task;
  }
  const runner = await run({
    pgPool: pool,
    taskList,
    parsedCronItems: parseCronItems(cronItemsOf(schedules, registry)),
    concurrency,
    pollInterval: pollIntervalMs,
    noHandleSignals: true,
    logger,
    ...(resetLockedIntervalMs ? { minResetLockedInterval: resetLockedIntervalMs[0], maxResetLockedInterval: resetLockedIntervalMs[1] } : {}),
  });
  runner.events.on("job:error", () => void jobStats.failures++);
  runner.events.on("job:success", () => void jobStats.completed++);
  return {
    async stop() {
      await runner.stop();
    },
  };
}
