import type { z } from "zod";
import type { Database } from "../db.server";

/** What a running job gets besides its payload. */
export interface JobHelpers {
  /** The database of the runner (not a transaction: a job commits its own work). */
  db: Database;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

/** One kind of job: the same definition runs on both engines (ADR 011). */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The task name stored with each job, e.g. "mail.send". */
  name: string;
  /** Checked when the job is enqueued and again when it runs. */
  payload: S;
  /** Runs (attempts) before the job is given up; each failure waits longer (exponential back-off). */
  maxAttempts: number;
  run(payload: z.infer<S>, helpers: JobHelpers): Promise<void>;
}

/**
 * A recurring job, declared once: a cron item on PostgreSQL, a timer on PGlite. Exactly one of
 * `everyHours` and `everyMinutes` is given; the period divides the hour or the day evenly, so the
 * cron item (at fixed clock times) and the timer (every period from the start) agree.
 */
export type JobSchedule =
  | {
      task: string;
      /** Runs at the full hour every `everyHours` hours (1 … 24, dividing 24). */
      everyHours: number;
      everyMinutes?: undefined;
    }
  | {
      task: string;
      /** Runs every `everyMinutes` minutes from the full hour (1 … 30, dividing 60), e.g. the message digest every 5. */
      everyMinutes: number;
      everyHours?: undefined;
    };

/** The time between two runs of a schedule, in ms; refuses a period the cron item could not keep. */
export function schedulePeriodMs(schedule: JobSchedule): number {
  if (schedule.everyMinutes !== undefined) {
    if (!Number.isInteger(schedule.everyMinutes) || schedule.everyMinutes < 1 || schedule.everyMinutes > 30 || 60 % schedule.everyMinutes !== 0) {
      throw new Error(`Schedule of "${schedule.task}": everyMinutes must divide 60 (got ${schedule.everyMinutes}).`);
    }
    return schedule.everyMinutes * 60 * 1000;
  }
  if (!Number.isInteger(schedule.everyHours) || schedule.everyHours < 1 || schedule.everyHours > 24 || 24 % schedule.everyHours !== 0) {
    throw new Error(`Schedule of "${schedule.task}": everyHours must divide 24 (got ${schedule.everyHours}).`);
  }
  return schedule.everyHours * 60 * 60 * 1000;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export type JobRegistry = ReadonlyMap<string, JobDefinition>;

export function registryOf(definitions: readonly JobDefinition[]): JobRegistry {
  return new Map(definitions.map((definition) => [definition.name, definition]));
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A waiting job with the same key is replaced (debounce / de-duplication). */
  jobKey?: string;
}

/** Exponential back-off after the `attempts`-th failed run, in ms: e^min(attempts, 10) seconds (graphile-worker's formula). */
export function backoffMs(attempts: number): number {
  return Math.round(Math.exp(Math.min(attempts, 10)) * 1000);
}
