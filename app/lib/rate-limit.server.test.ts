import { eq, sql } from "drizzle-orm";
import { session, user, verification } from "~/db/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AUTH_RATE_LIMITS } from "~/features/auth/accounts.server";
import { EMAIL_CHANGE_LIMIT } from "~/features/profile/email.server";
import { IMAGE_UPLOAD_LIMIT } from "~/features/profile/upload-route.server";
import { TICKET_RATE_LIMIT } from "~/features/support/support.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { consumeRateLimit, RATE_LIMIT_RETENTION_SECONDS, rateLimitPruneJob, refundRateLimit } from "./rate-limit.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`database rate limit on ${testEngine}`, () => {
  // On PGlite queries run one at a time; on PostgreSQL the 20 calls really race (pool of 20).
  it("allows exactly max requests per window under concurrency", async () => {
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(t.db, "k:concurrent", { window: 60, max: 5 }, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfter).toBe(60);
  });

  it("starts a new window when the old one has passed", async () => {
    const start = Date.now();
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(t.db, "k:window", { window: 10, max: 3 }, start)).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, "k:window", { window: 10, max: 3 }, start + 9_000)).allowed).toBe(false);
    expect((await consumeRateLimit(t.db, "k:window", { window: 10, max: 3 }, start + 10_001)).allowed).toBe(true);
  });

  it("reports the count and takes a request back on refund, never below zero", async () => {
    const now = Date.now();
    const rule = { window: 60, max: 10 };
    for (let i = 1; i <= 3; i++) expect((await consumeRateLimit(t.db, "k:refund", rule, now)).count).toBe(i);
    await refundRateLimit(t.db, "k:refund");
    expect((await consumeRateLimit(t.db, "k:refund", rule, now)).count).toBe(3);
    for (let i = 0; i < 5; i++) await refundRateLimit(t.db, "k:refund");
    await refundRateLimit(t.db, "k:never-counted");
    expect((await consumeRateLimit(t.db, "k:refund", rule, now)).count).toBe(1);
  });

  it("keeps separate counts per key", async () => {
    const now = Date.now();
    expect((await consumeRateLimit(t.db, "k:a", { window: 60, max: 1 }, now)).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, "k:b", { window: 60, max: 1 }, now)).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, "k:a", { window: 60, max: 1 }, now)).allowed).toBe(false);
  });
});

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

async function prunedKeys(): Promise<string[]> {
  const result = (await t.db.execute(sql`select key from rate_limit where key like 'prune:%' order by key`)) as unknown as { rows: { key: string }[] };
  return result.rows.map((row) => row.key);
}

describe(`rate limit pruning on ${testEngine}`, () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("keeps rows longer than the longest rule window in use", () => {
    const windows = [...Object.values(AUTH_RATE_LIMITS), EMAIL_CHANGE_LIMIT, IMAGE_UPLOAD_LIMIT, TICKET_RATE_LIMIT].map((rule) => rule.window);
    expect(windows.length).toBeGreaterThan(0);
    expect(RATE_LIMIT_RETENTION_SECONDS).toBeGreaterThan(Math.max(...windows));
  });

  it("the prune job removes windows older than a day and keeps current ones (its schedule: app/lib/jobs)", async () => {
    const start = Date.now();
    const rule = { window: 60, max: 5 };
    await consumeRateLimit(t.db, "prune:old", rule, start - 25 * HOUR);
    await consumeRateLimit(t.db, "prune:yesterday", rule, start - 23 * HOUR - 30 * MINUTE);
    await consumeRateLimit(t.db, "prune:current", rule, start);
    expect(await prunedKeys()).toEqual(["prune:current", "prune:old", "prune:yesterday"]);

    await rateLimitPruneJob.run({}, { db: t.db, attempt: 1 });
    expect(await prunedKeys()).toEqual(["prune:current", "prune:yesterday"]);
  });

  it("the prune job deletes expired sessions (with their IP address and browser) and verification tokens, and keeps live ones", async () => {
    const now = Date.now();
    await t.db.insert(user).values({ id: "u-prune", name: "Prune", email: "prune@example.test" });
    await t.db.insert(session).values([
      { id: "s-expired", token: "t-expired", userId: "u-prune", expiresAt: new Date(now - MINUTE), ipAddress: "203.0.113.1", userAgent: "Alt" },
      { id: "s-live", token: "t-live", userId: "u-prune", expiresAt: new Date(now + HOUR), ipAddress: "203.0.113.2", userAgent: "Neu" },
    ]);
    await t.db.insert(verification).values([
      { id: "v-expired", identifier: "prune@example.test", value: "alt", expiresAt: new Date(now - MINUTE) },
      { id: "v-live", identifier: "prune@example.test", value: "neu", expiresAt: new Date(now + HOUR) },
    ]);
    await rateLimitPruneJob.run({}, { db: t.db, attempt: 1 });
    expect((await t.db.select({ id: session.id }).from(session).where(eq(session.userId, "u-prune"))).map((r) => r.id)).toEqual(["s-live"]);
    expect((await t.db.select({ id: verification.id }).from(verification).where(eq(verification.identifier, "prune@example.test"))).map((r) => r.id)).toEqual(["v-live"]);
  });
});
