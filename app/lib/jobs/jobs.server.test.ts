import { sql } from "drizzle-orm";
import { parseCronItems } from "graphile-worker";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { captureLog } from "../../../tests/support/log-capture";
import type { Database } from "../db.server";
import { enqueue } from "./enqueue.server";
import { jobStats, queueDepth } from "./engine.server";
import { startLocalRunner, type JobRunner } from "./local-runner.server";
import { cronItemsOf, startPgRunner } from "./pg-runner.server";
import { appJobs, appSchedules } from "./registry.server";
import { backoffMs, defineJob, registryOf, schedulePeriodMs, type JobSchedule } from "./types";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

/** Every run of a test job, in order: `${runner}:${id}`. */
let runs: string[] = [];
const idsRun = () => runs.map((run) => run.split(":")[1]!);

function testRegistry(runner = "a") {
  return registryOf([
    defineJob({ name: "test.record", payload: z.object({ id: z.string() }), maxAttempts: 5, run: async ({ id }) => void runs.push(`${runner}:${id}`) }),
    defineJob({
      name: "test.fail",
      payload: z.object({ id: z.string() }),
      maxAttempts: 3,
      run: async ({ id }) => {
        runs.push(`${runner}:${id}`);
        throw new Error(`${id} failed`);
      },
    }),
    defineJob({ name: "test.tick", payload: z.object({}), maxAttempts: 1, run: async () => void runs.push(`${runner}:tick`) }),
  ] as never);
}

const POLL_MS = 50;
const runners: JobRunner[] = [];

async function startRunner(options: { db?: Database; pool?: pg.Pool; runner?: string; schedules?: JobSchedule[] } = {}) {
  const registry = testRegistry(options.runner);
  const runner =
    testEngine === "postgres"
      ? await startPgRunner({
          pool: options.pool ?? t.pool!,
          db: options.db ?? t.db,
          registry,
          schedules: options.schedules,
          pollIntervalMs: POLL_MS,
          resetLockedIntervalMs: [50, 100],
        })
      : await startLocalRunner({ db: t.db, registry, schedules: options.schedules, pollIntervalMs: POLL_MS });
  runners.push(runner);
  return runner;
}

/** Waits for a condition, checking after each turn of the event loop (no fixed sleeps); fails after 10 s of real time. */
async function until(condition: () => boolean | Promise<boolean>, onEach?: () => Promise<unknown>) {
  const deadline = performance.now() + 10_000;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`condition not met; runs: ${runs.join(", ")}; jobs: ${JSON.stringify(await jobRows())}`);
    if (onEach) await onEach();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const jobsTable = () => (testEngine === "postgres" ? sql.raw("graphile_worker._private_jobs") : sql.raw("jobs"));

async function jobRows(): Promise<{ attempts: number; max_attempts: number; run_at: Date; last_error: string | null; locked_at: Date | null }[]> {
  const result = (await t.db.execute(sql`select attempts, max_attempts, run_at, last_error, locked_at from ${jobsTable()} order by id`)) as unknown as {
    rows: { attempts: number; max_attempts: number; run_at: string | Date; last_error: string | null; locked_at: string | Date | null }[];
  };
  return result.rows.map((row) => ({ ...row, run_at: new Date(row.run_at), locked_at: row.locked_at ? new Date(row.locked_at) : null }));
}

beforeEach(async () => {
  runs = [];
  await t.db.execute(sql`delete from ${jobsTable()}`);
});

afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe(`background jobs on ${testEngine}`, () => {
  it("a job enqueued in a transaction that rolls back never runs; one that commits runs", async () => {
    const registry = testRegistry();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx as unknown as Database, "test.record", { id: "rolled-back" }, {}, registry);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await t.db.transaction(async (tx) => {
      await enqueue(tx as unknown as Database, "test.record", { id: "committed" }, {}, registry);
    });
    expect(await queueDepth(t.db)).toBe(1);

    await startRunner();
    await until(() => idsRun().includes("committed"));
    // The committed job was enqueued after the rolled-back one: had that existed, it would have run first.
    expect(idsRun()).toEqual(["committed"]);
    await until(async () => (await queueDepth(t.db)) === 0);
  });

  it("checks the payload against the job's schema when enqueueing, and refuses unknown jobs", async () => {
    await expect(enqueue(t.db, "mail.send", { to: "", subject: "x" })).rejects.toThrow();
    await expect(enqueue(t.db, "no.such.job", {})).rejects.toThrow(/Unknown job/);
    expect(await queueDepth(t.db)).toBe(0);
  });

  it("runs a job enqueued while the runner waits promptly (no polling delay)", async () => {
    const registry = testRegistry();
    // A long poll interval: only the wake-up (PGlite) or LISTEN/NOTIFY (PostgreSQL) can be this quick.
    const runner =
      testEngine === "postgres"
        ? await startPgRunner({ pool: t.pool!, db: t.db, registry, pollIntervalMs: 60_000 })
        : await startLocalRunner({ db: t.db, registry, pollIntervalMs: 60_000 });
    runners.push(runner);
    const started = performance.now();
    await enqueue(t.db, "test.record", { id: "prompt" }, {}, registry);
    await until(() => idsRun().includes("prompt"));
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("retries a failing job with exponential back-off and gives up after maxAttempts", async () => {
    const failuresBefore = jobStats.failures;
    const registry = testRegistry();
    if (testEngine === "pglite") {
      // Only the clock and timeouts are fake: the database's I/O stays real.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
      vi.setSystemTime(new Date("2026-03-01T08:00:00.000Z"));
    }
    const logged = captureLog();
    // On PGlite the poll timer fires as the fake clock moves on a little each turn.
    const tick = testEngine === "pglite" ? () => vi.advanceTimersByTimeAsync(5) : undefined;
    await startRunner();
    let before = Date.now();
    await enqueue(t.db, "test.fail", { id: "flaky" }, {}, registry);

    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(async () => {
        const [job] = await jobRows();
        return job?.attempts === attempt && job.locked_at === null;
      }, tick);
      const after = Date.now();
      const [job] = await jobRows();
      expect(job!.last_error).toContain("flaky failed");
      expect(runs).toHaveLength(attempt);
      // The next run waits e^attempt seconds from the failure (graphile-worker's formula, ours on PGlite).
      expect(job!.run_at.getTime()).toBeGreaterThanOrEqual(before + backoffMs(attempt) - 100);
      expect(job!.run_at.getTime()).toBeLessThanOrEqual(after + backoffMs(attempt) + 100);
      if (attempt === 3) break;
      // Let the back-off pass: the fake clock jumps on PGlite; on PostgreSQL the job is made due now.
      if (testEngine === "pglite") vi.setSystemTime(job!.run_at);
      else await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`);
      before = Date.now();
    }
    expect(runs).toEqual(["a:flaky", "a:flaky", "a:flaky"]);
    // Each failed run is logged (on PostgreSQL by graphile-worker, through our logger).
    if (testEngine === "postgres") expect(logged.errors().length).toBeGreaterThanOrEqual(3);
    else
      expect(logged.errors().map((line) => [line.msg, line.attempt])).toEqual([
        ["Job test.fail failed", 1],
        ["Job test.fail failed", 2],
        ["Job test.fail failed (given up)", 3],
      ]);
    expect(jobStats.failures - failuresBefore).toBe(3);

    // Given up: even when due, it does not run again (a later job runs, it does not).
    if (testEngine === "pglite") vi.setSystemTime(Date.now() + backoffMs(3) + 1_000);
    else await t.db.execute(sql`update graphile_worker._private_jobs set run_at = now()`);
    await enqueue(t.db, "test.record", { id: "later" }, {}, registry);
    await until(() => idsRun().includes("later"), tick);
    expect(runs.filter((run) => run === "a:flaky")).toHaveLength(3);
    const [job] = await jobRows();
    expect(job).toMatchObject({ attempts: 3, max_attempts: 3 });
    await until(async () => (await queueDepth(t.db)) === 0);
  });

  it("runs again a job whose worker died mid-run (its lock is left behind)", async () => {
    const registry = testRegistry();
    await enqueue(t.db, "test.record", { id: "orphaned" }, {}, registry);
    // As a process killed while running it leaves it: attempted once, locked by a worker that is gone.
    // graphile-worker releases locks older than 4 hours; PGlite's runner all locks at its start.
    await t.db.execute(
      testEngine === "postgres"
        ? sql`update graphile_worker._private_jobs set attempts = 1, locked_by = 'dead-worker', locked_at = now() - interval '5 hours'`
        : sql`update jobs set attempts = 1, locked_by = 'dead-worker', locked_at = now()`,
    );
    await startRunner();
    await until(() => idsRun().includes("orphaned"));
    expect(idsRun()).toEqual(["orphaned"]);
    await until(async () => (await queueDepth(t.db)) === 0);
  });

  it("declares the application's schedules once, as valid cron items for graphile-worker", () => {
    const items = cronItemsOf(appSchedules(), appJobs());
    expect(items.map((item) => [item.task, item.match])).toEqual([
      ["storage.sweep", "0 */6 * * *"],
      ["rate-limit.prune", "0 * * * *"],
      ["orders.auto-complete", "0 * * * *"],
      ["saved-searches.alert", "0 0 * * *"],
      ["messages.digest", "*/5 * * * *"],
      ["orders.retention", "0 0 * * *"],
    ]);
    expect(parseCronItems(items).map((item) => item.task)).toEqual(["storage.sweep", "rate-limit.prune", "orders.auto-complete", "saved-searches.alert", "messages.digest", "orders.retention"]);
    for (const schedule of appSchedules()) expect(appJobs().has(schedule.task)).toBe(true);
  });

  it("keeps a schedule's period whole: minutes divide the hour, hours the day; anything else is refused", () => {
    const match = (schedule: JobSchedule) => cronItemsOf([schedule], appJobs())[0]!.match;
    expect(match({ task: "x", everyMinutes: 1 })).toBe("* * * * *");
    expect(match({ task: "x", everyMinutes: 15 })).toBe("*/15 * * * *");
    expect(match({ task: "x", everyHours: 12 })).toBe("0 */12 * * *");
    expect(schedulePeriodMs({ task: "x", everyMinutes: 5 })).toBe(5 * 60 * 1000);
    expect(schedulePeriodMs({ task: "x", everyHours: 6 })).toBe(6 * 60 * 60 * 1000);
    for (const bad of [{ task: "x", everyMinutes: 7 }, { task: "x", everyMinutes: 60 }, { task: "x", everyMinutes: 0 }, { task: "x", everyHours: 5 }, { task: "x", everyHours: 48 }] as JobSchedule[]) {
      expect(() => cronItemsOf([bad], appJobs()), JSON.stringify(bad)).toThrow(/must divide/);
    }
  });

  if (testEngine === "pglite") {
    it("enqueues scheduled jobs on time (first a few minutes after the start, then every period) and stops with the runner", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
      const HOUR = 60 * 60 * 1000;
      const runner = await startLocalRunner({ db: t.db, registry: testRegistry(), schedules: [{ task: "test.tick", everyHours: 1 }], pollIntervalMs: 10 * 60 * 1000, firstScheduleAfterMs: 5 * 60 * 1000 });
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1_000);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      await until(() => runs.length === 1);
      await vi.advanceTimersByTimeAsync(HOUR - 1_000);
      expect(runs).toEqual(["a:tick"]);
      await vi.advanceTimersByTimeAsync(1_000);
      await until(() => runs.length === 2);
      await runner.stop();
      await vi.advanceTimersByTimeAsync(3 * HOUR);
      expect(runs).toEqual(["a:tick", "a:tick"]);
      expect(await queueDepth(t.db)).toBe(0);
    });

    it("enqueues a schedule of minutes every period too (the message digest's every five minutes)", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
      const MINUTE = 60 * 1000;
      const runner = await startLocalRunner({ db: t.db, registry: testRegistry(), schedules: [{ task: "test.tick", everyMinutes: 5 }], pollIntervalMs: 60 * MINUTE, firstScheduleAfterMs: 5 * MINUTE });
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
      await until(() => runs.length === 1);
      await vi.advanceTimersByTimeAsync(5 * MINUTE - 1_000);
      expect(runs).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await until(() => runs.length === 2);
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
      await until(() => runs.length === 3);
      await runner.stop();
      expect(await queueDepth(t.db)).toBe(0);
    });
  }

  if (testEngine === "postgres") {
    it("two processes (two pools, two runners) run each job exactly once", async () => {
      const pool = new pg.Pool({ connectionString: t.url, max: 10 });
      try {
        const db = drizzle(pool, { schema }) as unknown as Database;
        await startRunner({ runner: "a" });
        await startRunner({ runner: "b", pool, db });
        const registry = testRegistry();
        const ids = Array.from({ length: 40 }, (_, i) => `job-${i}`);
        for (const id of ids) await enqueue(id.endsWith("1") ? db : t.db, "test.record", { id }, {}, registry);
        await until(() => ids.every((id) => idsRun().includes(id)));
        // A job enqueued last has run: had any job been run twice, it would show by now too.
        await enqueue(t.db, "test.record", { id: "last" }, {}, registry);
        await until(() => idsRun().includes("last"));
        expect(idsRun().filter((id) => id !== "last").sort()).toEqual([...ids].sort());
        // The worker records a completion just after the task returns.
        await until(async () => (await queueDepth(t.db)) === 0);
      } finally {
        for (const runner of runners.splice(0)) await runner.stop();
        await pool.end();
      }
    });

    it("registers the schedules as graphile-worker's crontab (one record for all processes)", async () => {
      await startRunner({ schedules: [{ task: "test.tick", everyHours: 6 }] });
      await startRunner({ runner: "b", schedules: [{ task: "test.tick", everyHours: 6 }] });
      await until(async () => {
        const result = (await t.db.execute(sql`select identifier from graphile_worker._private_known_crontabs`)) as unknown as { rows: { identifier: string }[] };
        return result.rows.map((row) => row.identifier).join() === "test.tick";
      });
    });
  }
});
