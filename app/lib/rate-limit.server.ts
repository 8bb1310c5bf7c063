import { sql } from "drizzle-orm";
import type { Database } from "./db.server";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window. */
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfter: number | null;
  /** Requests counted in the current window, this one included. */
  count: number;
}

/**
 * Counts one request against a fixed window kept in the database, so the
 * limit holds across app processes. The upsert takes the row lock, which
 * makes the count exact under concurrency.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowMs = rule.window * 1000;
  const result = (await db.execute(sql`
    insert into rate_limit (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${now - windowMs} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${now - windowMs} then ${now} else rate_limit.last_request end
    returning count, last_request
  `)) as unknown as { rows: { count: number; last_request: string | number }[] };
  const row = result.rows[0]!;
  const count = Number(row.count);
  if (count <= rule.max) return { allowed: true, retryAfter: null, count };
  const windowStart = Number(row.last_request);
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)), count };
}

/**
 * Takes one counted request back, for a request that turned out not to be what the limit is about
 * (a sign-in with the right password). Should its window have ended meanwhile, the new window
 * loses one count: harmless for a limit.
 */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limit set count = count - 1 where key = ${key} and count > 0`);
}

/** Removes windows that ended long ago (called now and then; the table stays small). */
export async function pruneRateLimits(db: Database, olderThanSeconds = 24 * 60 * 60, now = Date.now()) {
  await db.execute(sql`delete from rate_limit where last_request < ${now - olderThanSeconds * 1000}`);
}
