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

/** A recurring job, declared once: a crontab line on PostgreSQL, a timer on PGlite. */
export interface JobSchedule {
  task: string;
  /** Runs at the full hour every `everyHours` hours (1 … 24, dividing 24). */
  everyHours: number;
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
