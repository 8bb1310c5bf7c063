import { sql } from "drizzle-orm";
import { z } from "zod";
import { pruneExpiredSessions } from "~/features/auth/session-prune.server";
import { prunePresence } from "~/features/presence/presence.server";
import { defineJob } from "./jobs/types";
import { rowsOf, type Database } from "./db.server";

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
  const row = rowsOf<{ count: number; last_request: string | number }>(await db.execute(sql`
    insert into rate_limit (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${now - windowMs} then 1 else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request <= ${now - windowMs} then ${now} else rate_limit.last_request end
    returning count, last_request
  `))[0]!;
  const count = Number(row.count);
  if (count <= rule.max) return { allowed: true, retryAfter: null, count };
  const windowStart = Number(row.last_request);
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)), count };
}

/**
 * Whether the next request would be refused, without counting one: an early refusal before work
 * that should not be done for a request the limit will refuse anyway (an upload), with the
 * exact count taken later by consumeRateLimit.
 */
export async function rateLimitSpent(db: Pick<Database, "execute">, key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const row = rowsOf<{ count: number; last_request: string | number }>(await db.execute(sql`select count, last_request from rate_limit where key = ${key}`))[0];
  return !!row && Number(row.last_request) > now - rule.window * 1000 && Number(row.count) >= rule.max;
}

/**
 * Takes one counted request back, for a request that turned out not to be what the limit is about
 * (a sign-in with the right password). Should its window have ended meanwhile, the new window
 * loses one count: harmless for a limit.
 */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limit set count = count - 1 where key = ${key} and count > 0`);
}

/**
 * How long a window's row is kept after its start: a day. A row whose window has ended counts the
 * same as no row (consumeRateLimit starts a new window), so any age above the longest window in
 * use is safe. The longest today is the support tickets' hour (TICKET_RATE_LIMIT); the others are
 * ten minutes (AUTH_RATE_LIMITS, EMAIL_CHANGE_LIMIT, IMAGE_UPLOAD_LIMIT) and Better Auth's rules
 * at most a minute (auth.server.ts and its built-in rules). Chat messages are limited by counting
 * messages, not here. A new rule longer than a day needs a longer retention.
 */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/** Removes windows that started more than `olderThanSeconds` ago (startRateLimitPruner calls it now and then). */
export async function pruneRateLimits(db: Database, olderThanSeconds = RATE_LIMIT_RETENTION_SECONDS, now = Date.now()) {
  await db.execute(sql`delete from rate_limit where last_request < ${now - olderThanSeconds * 1000}`);
}

/**
 * The scheduled prune (hourly, app/lib/jobs/registry.server.ts): the housekeeping of short-lived
 * rows, so they do not pile up: rate_limit windows, and presence rows of event streams whose
 * process died without closing them (ADR 021; their last refresh becomes the user's last-seen time),
 * and expired sign-in sessions and verification tokens.
 */
export const rateLimitPruneJob = defineJob({
  name: "rate-limit.prune",
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { db }) {
    await pruneRateLimits(db);
    await prunePresence(db);
    await pruneExpiredSessions(db);
  },
});
