import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The job queue of the embedded engine (PGlite). On PostgreSQL graphile-worker keeps its jobs in
 * its own schema (graphile_worker) and this table stays empty (ADR 011).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    task: text("task").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    /** Replaces a waiting job with the same key (like graphile-worker's job_key). */
    key: text("key").unique(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(25),
    lastError: text("last_error"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_run_at_idx").on(t.runAt)],
);
