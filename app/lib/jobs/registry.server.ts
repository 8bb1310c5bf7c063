import { mailSendJob } from "../mail.server";
import { rateLimitPruneJob } from "../rate-limit.server";
import { storageSweepJob } from "../storage-sweep.server";
import { registryOf, type JobDefinition, type JobSchedule } from "./types";

/** Every job of the application: one definition each, run by graphile-worker (PostgreSQL) or the local runner (PGlite). */
export const appJobs = registryOf([mailSendJob, storageSweepJob, rateLimitPruneJob] as JobDefinition[]);

/** The recurring jobs, declared once for both engines. */
export const APP_SCHEDULES: readonly JobSchedule[] = [
  { task: storageSweepJob.name, everyHours: 6 },
  { task: rateLimitPruneJob.name, everyHours: 1 },
];
