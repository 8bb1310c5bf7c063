import { messageDigestJob } from "~/features/notifications/message-digest.server";
import { invoiceRenderJob } from "~/features/orders/invoices.server";
import { orderAutoCompleteJob } from "~/features/orders/orders.server";
import { orderRetentionJob } from "~/features/orders/retention.server";
import { savedSearchAlertJob } from "~/features/saved-searches/saved-searches.server";
import { mailSendJob } from "../mail.server";
import { rateLimitPruneJob } from "../rate-limit.server";
import { storageSweepJob } from "../storage-sweep.server";
import { registryOf, type JobDefinition, type JobRegistry, type JobSchedule } from "./types";

// Built on first use, not at import: job modules enqueue other jobs (an order's mail), so they
// import the enqueuer, which imports this registry; reading their definitions only at run time
// keeps that import cycle harmless.
let registry: JobRegistry | undefined;

/** Every job of the application: one definition each, run by graphile-worker (PostgreSQL) or the local runner (PGlite). */
export function appJobs(): JobRegistry {
  registry ??= registryOf([mailSendJob, storageSweepJob, rateLimitPruneJob, invoiceRenderJob, orderAutoCompleteJob, savedSearchAlertJob, messageDigestJob, orderRetentionJob] as JobDefinition[]);
  return registry;
}

/** The recurring jobs, declared once for both engines. */
export function appSchedules(): readonly JobSchedule[] {
  return [
    { task: storageSweepJob.name, everyHours: 6 },
    { task: rateLimitPruneJob.name, everyHours: 1 },
    // Delivered orders without an answer for 7 days complete themselves (checked hourly).
    { task: orderAutoCompleteJob.name, everyHours: 1 },
    // New services matching saved searches: one check a day (each search at most daily, ADR 018).
    { task: savedSearchAlertJob.name, everyHours: 24 },
    // Unread messages older than DIGEST_DELAY_MINUTES go out as one mail per user (at most hourly, ADR 020).
    { task: messageDigestJob.name, everyMinutes: 5 },
    // Ended orders of deleted accounts, once their statutory retention has run out (ADR 025).
    { task: orderRetentionJob.name, everyHours: 24 },
  ];
}
