import type { DatabaseHandle, Database } from "../db.server";
import { env } from "../env.server";
import type { Mailer } from "../mail.server";
import { enqueue } from "./enqueue.server";
import { startLocalRunner, type JobRunner } from "./local-runner.server";
import { startPgRunner } from "./pg-runner.server";
import { appJobs, appSchedules } from "./registry.server";

export { enqueue } from "./enqueue.server";
export { jobStats, queueDepth } from "./engine.server";

/** A mailer whose `send` enqueues the "mail.send" job (through `db`, which may be a transaction). */
export function queuedMailer(db: Database): Mailer {
  return {
    kind: env().smtpUrl ? "smtp" : "outbox",
    send: (message) => enqueue(db, "mail.send", message),
  };
}

const globalForJobs = globalThis as unknown as { __marketplaceJobRunner?: JobRunner };

/** Starts this process's runner of the application's jobs and schedules (after the migrations). */
export async function startJobs(handle: DatabaseHandle): Promise<void> {
  await stopJobs();
  globalForJobs.__marketplaceJobRunner =
    handle.engine === "postgres"
      ? await startPgRunner({ pool: handle.pool!, db: handle.db, registry: appJobs(), schedules: appSchedules() })
      : await startLocalRunner({ db: handle.db, registry: appJobs(), schedules: appSchedules() });
}

/** Lets running jobs finish and stops picking up new ones; waiting jobs stay for the next start. */
export async function stopJobs(): Promise<void> {
  const runner = globalForJobs.__marketplaceJobRunner;
  globalForJobs.__marketplaceJobRunner = undefined;
  await runner?.stop();
}
