import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "~/lib/db.server";

/** The provider's track record on a service page (the trust box). */
export interface ProviderTrust {
  memberSince: Date;
  /** Across all of the provider's services, weighted by their ratings; null without any rating. */
  ratingAvg: string | null;
  ratingCount: number;
  serviceCount: number;
  completedOrders: number;
  /**
   * The median time in seconds from a customer's first message in a conversation to the provider's
   * first reply after it (conversations active in the last RESPONSE_WINDOW_DAYS); null with fewer
   * than RESPONSE_MIN_ANSWERED answered conversations: too few to call it typical.
   */
  responseSeconds: number | null;
}

export const RESPONSE_WINDOW_DAYS = 90;
export const RESPONSE_MIN_ANSWERED = 3;
/** The most recent conversations looked at: a busy provider's figure stays cheap, and recent. */
const RESPONSE_MAX_CONVERSATIONS = 200;

/**
 * One statement, each figure read from an index: the provider's services (services_created_by_idx),
 * completed orders (orders_seller_status_idx), conversations by last message (conversations_user1/2_idx)
 * and within each the first customer message and the first reply (messages_conversation_idx).
 */
export async function providerTrust(db: Database, providerId: string): Promise<ProviderTrust | null> {
  const window = sql`now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})`;
  type Row = {
    member_since: string | Date;
    rating_sum: string | null;
    rating_count: number;
    service_count: number;
    completed_orders: number;
    answered: number;
    median_seconds: number | null;
  };
  const [row] = rowsOf<Row>(await db.execute(sql`
    with recent as (
      select id, last_message_at from (
        (select id, last_message_at from conversations
          where user1_id = ${providerId} and last_message_at >= ${window}
          order by last_message_at desc limit ${RESPONSE_MAX_CONVERSATIONS})
        union all
        (select id, last_message_at from conversations
          where user2_id = ${providerId} and last_message_at >= ${window}
          order by last_message_at desc limit ${RESPONSE_MAX_CONVERSATIONS})
      ) as both_sides order by last_message_at desc limit ${RESPONSE_MAX_CONVERSATIONS}
    ),
    asked as (
      select recent.id, (
        select m.created_at from messages m
        where m.conversation_id = recent.id and m.created_at >= ${window} and m.sender_id <> ${providerId}
        order by m.created_at, m.id limit 1
      ) as asked_at from recent
    ),
    replies as (
      select (
        select m.created_at from messages m
        where m.conversation_id = asked.id and m.created_at > asked.asked_at and m.sender_id = ${providerId}
        order by m.created_at, m.id limit 1
      ) - asked.asked_at as waited
      from asked where asked.asked_at is not null
    ),
    answered as (
      select count(waited)::int as answered,
        percentile_cont(0.5) within group (order by extract(epoch from waited)) as median_seconds
      from replies where waited is not null
    ),
    offered as (
      select sum(rating_avg * rating_count)::text as rating_sum, coalesce(sum(rating_count), 0)::int as rating_count, count(*)::int as service_count
      -- Listed only: a service removed by moderation or of a suspended account shows nowhere (ADR 023).
      from services where created_by = ${providerId} and listed
    )
    select u.created_at as member_since, offered.rating_sum, offered.rating_count, offered.service_count,
      (select count(*)::int from orders where seller_id = ${providerId} and status = 'completed') as completed_orders,
      answered.answered, answered.median_seconds
    from "user" u, offered, answered
    where u.id = ${providerId}
  `));
  if (!row) return null;
  const ratingCount = Number(row.rating_count);
  const answered = Number(row.answered);
  return {
    memberSince: new Date(row.member_since),
    // The weighted mean, rounded as the services' own averages are (numeric(3,2)).
    ratingAvg: ratingCount > 0 && row.rating_sum !== null ? (Number(row.rating_sum) / ratingCount).toFixed(2) : null,
    ratingCount,
    serviceCount: Number(row.service_count),
    completedOrders: Number(row.completed_orders),
    responseSeconds: answered >= RESPONSE_MIN_ANSWERED && row.median_seconds !== null ? Number(row.median_seconds) : null,
  };
}

/**
 * The trust box is on every service page, and its figures move slowly: each provider's are kept
 * for a minute per process (at most 1,000 providers; the oldest goes first).
 */
const TRUST_TTL_MS = 60_000;
const TRUST_MAX_ENTRIES = 1_000;
const trustCaches = new WeakMap<Database, Map<string, { value: ProviderTrust | null; at: number }>>();

export async function cachedProviderTrust(db: Database, providerId: string): Promise<ProviderTrust | null> {
  let cache = trustCaches.get(db);
  if (!cache) trustCaches.set(db, (cache = new Map()));
  const hit = cache.get(providerId);
  if (hit && Date.now() - hit.at < TRUST_TTL_MS) return hit.value;
  const value = await providerTrust(db, providerId);
  cache.delete(providerId);
  if (cache.size >= TRUST_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(providerId, { value, at: Date.now() });
  return value;
}
