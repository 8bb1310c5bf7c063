import { and, eq, gt, inArray, lte, max, sql } from "drizzle-orm";
import { z } from "zod";
import { presenceConnections, typingSignals, userPresence } from "~/db/schema";
import { blockedEitherWayAmong, noBlockBetweenSql } from "~/features/blocks/blocks.server";
import { publish } from "~/features/realtime/realtime.server";
import { presenceDe } from "~/i18n/presence.de";
import { rowsOf, type Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { sqlState } from "~/lib/sql-errors";
import type { PresenceView } from "./format";

/**
 * Presence (docs/decisions/021-typing-and-presence.md): whether a person has an open event
 * stream now, or when they last had one. Streams live in app processes; each writes its own row
 * (presence_connections), so every process answers the same. "Online" = a row seen within
 * ONLINE_WINDOW_MS; a stream refreshes its row every HEARTBEAT_WRITE_MS while it is open.
 */

/** A stream's row counts as online this long after its last write (two missed heartbeats and a margin). */
export const ONLINE_WINDOW_MS = 2 * 60_000;
/** How often an open stream refreshes its row (the stream's own heartbeat is more frequent; this throttles it). */
export const HEARTBEAT_WRITE_MS = 60_000;
/** Recipients per NOTIFY: a payload must stay under PostgreSQL's 8000 bytes. */
const RECIPIENTS_PER_EVENT = 100;

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Serialises one user's stream openings and closings, so "first open" and "last closed" are decided once. */
async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"presence:" + userId}))`);
}

/** How many of the user's streams (in any process) count as open at `now`. */
async function freshStreams(tx: Tx, userId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(presenceConnections)
    .where(and(eq(presenceConnections.userId, userId), gt(presenceConnections.seenAt, since)));
  return Number(row?.n ?? 0);
}

/** Whether the user shows their status (no row: the default, yes). */
async function showsStatus(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select({ show: userPresence.showStatus }).from(userPresence).where(eq(userPresence.userId, userId));
  return row?.show ?? true;
}

/**
 * Tells the people the user has conversations with that the user's presence changed (ids only:
 * they re-read it through presenceFor, which applies both sides' settings). Nobody hears of a
 * user who hides their status, and nobody who hides their own hears of anyone.
 */
async function announce(tx: Tx, userId: string, { force = false }: { force?: boolean } = {}) {
  if (!force && !(await showsStatus(tx, userId))) return;
  const result = await tx.execute(sql`
    select distinct x.other from (
      select case when c.user1_id = ${userId} then c.user2_id else c.user1_id end as other
      from conversations c where c.user1_id = ${userId} or c.user2_id = ${userId}
    ) x
    left join user_presence p on p.user_id = x.other
    where x.other is not null and coalesce(p.show_status, true)
      -- Nobody blocked either way hears of the other coming or going (ADR 024).
      and ${noBlockBetweenSql(userId, sql`x.other`)}
  `);
  const rows = rowsOf<{ other: string }>(result);
  const recipients = rows.map((r) => r.other);
  for (let i = 0; i < recipients.length; i += RECIPIENTS_PER_EVENT) {
    await publish(tx, recipients.slice(i, i + RECIPIENTS_PER_EVENT), { type: "presence", userId });
  }
}

/**
 * A stream of the user opened: its row is written, rows of streams whose process died are
 * dropped, and when it is the user's only fresh stream (they just came online) their partners
 * hear of it. Returns the row's id for the heartbeat and the close.
 */
export async function streamOpened(db: Database, userId: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const before = await freshStreams(tx, userId, now);
    // Left behind by a process that died (its streams never closed); they are stale by now.
    await tx.delete(presenceConnections).where(and(eq(presenceConnections.userId, userId), lte(presenceConnections.seenAt, new Date(now.getTime() - ONLINE_WINDOW_MS))));
    const [row] = await tx.insert(presenceConnections).values({ userId, seenAt: now }).returning({ id: presenceConnections.id });
    if (before === 0) await announce(tx, userId);
    return row!.id;
  });
}

/** Typing throttle rows older than this are of no use any more (the throttle looks 3 s back). */
export const TYPING_SIGNAL_RETENTION_MS = 60 * 60_000;

/**
 * Housekeeping (the hourly prune job): rows of streams whose process died without closing them
 * (no heartbeat for ONLINE_WINDOW_MS) are removed, and the time they were last refreshed becomes
 * the user's last-seen time (never moving it back), so "zuletzt online" stays right; old typing
 * throttle rows go too. The online query ignores such rows anyway (it has the same cutoff); this
 * keeps the table to the streams that are open. Returns how many stream rows went.
 */
export async function prunePresence(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const result = await db.execute(sql`
    with gone as (
      delete from presence_connections where seen_at <= ${cutoff.toISOString()}::timestamptz returning user_id, seen_at
    ), latest as (
      select user_id, max(seen_at) as seen_at, count(*)::int as n from gone group by user_id
    ), kept as (
      insert into user_presence (user_id, last_seen_at, updated_at)
      select user_id, seen_at, ${now.toISOString()}::timestamptz from latest
      on conflict (user_id) do update set
        last_seen_at = greatest(user_presence.last_seen_at, excluded.last_seen_at),
        updated_at = excluded.updated_at
      returning 1
    )
    select coalesce(sum(n), 0)::int as removed from latest
  `);
  await db.delete(typingSignals).where(lte(typingSignals.lastAt, new Date(now.getTime() - TYPING_SIGNAL_RETENTION_MS)));
  return Number(rowsOf<{ removed: number }>(result)[0]?.removed ?? 0);
}

/** The stream is still open: refresh its row (re-created if something removed it meanwhile). */
export async function streamAlive(db: Database, userId: string, connectionId: string, now = new Date()): Promise<void> {
  await db
    .insert(presenceConnections)
    .values({ id: connectionId, userId, seenAt: now })
    .onConflictDoUpdate({ target: presenceConnections.id, set: { seenAt: now } });
}

/**
 * The stream closed: its row goes, the user's last-seen time is now, and when no other stream
 * of theirs is open anywhere (they went offline) their partners hear of it.
 */
export async function streamClosed(db: Database, userId: string, connectionId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await tx.delete(presenceConnections).where(eq(presenceConnections.id, connectionId));
    await tx
      .insert(userPresence)
      .values({ userId, lastSeenAt: now })
      .onConflictDoUpdate({ target: userPresence.userId, set: { lastSeenAt: sql`greatest(${userPresence.lastSeenAt}, excluded.last_seen_at)`, updatedAt: now } });
    if ((await freshStreams(tx, userId, now)) === 0) await announce(tx, userId);
  });
}

/**
 * The presence hooks of one event stream: open, a throttled heartbeat, close. A failure here is
 * logged and never ends the stream: presence is a hint, the messages are what matter.
 */
export function streamPresence(db: Database, userId: string, clock: () => Date = () => new Date()) {
  let id: Promise<string | null> | null = null;
  let lastWrite = 0;
  const report = (error: unknown) => {
    // The account was deleted while its stream was open: its presence went with it, and the
    // stream's last write finds no user (foreign key). Nothing failed that should have worked.
    if (sqlState(error) !== "23503") log.warn({ err: error }, "Presence update failed");
    return null;
  };
  return {
    opened() {
      const now = clock();
      lastWrite = now.getTime();
      id = streamOpened(db, userId, now).catch(report);
    },
    beat() {
      const now = clock();
      if (!id || now.getTime() - lastWrite < HEARTBEAT_WRITE_MS) return;
      lastWrite = now.getTime();
      void id.then((connectionId) => (connectionId ? streamAlive(db, userId, connectionId, now).catch(report) : null));
    },
    /** Settles when the closing write is done (or reported); the stream does not wait for it. */
    closed(): Promise<void> {
      const now = clock();
      const done = id?.then((connectionId) => (connectionId ? streamClosed(db, userId, connectionId, now).catch(report) : null));
      id = null;
      return Promise.resolve(done).then(() => undefined);
    },
  };
}

/**
 * What the viewer may know of these people's presence, by user id. Hidden (null) when the person
 * hides their status, and for everyone when the viewer hides their own (reciprocal): the data is
 * not sent, whatever the screen would do with it.
 */
export async function presenceFor(db: Database, viewerId: string, userIds: (string | null | undefined)[], now = new Date()): Promise<Record<string, PresenceView | null>> {
  const ids = [...new Set(userIds.filter((id): id is string => !!id && id !== viewerId))];
  const out: Record<string, PresenceView | null> = {};
  if (ids.length === 0) return out;
  const settings = await db
    .select({ userId: userPresence.userId, show: userPresence.showStatus, lastSeenAt: userPresence.lastSeenAt })
    .from(userPresence)
    .where(inArray(userPresence.userId, [viewerId, ...ids]));
  const byUser = new Map(settings.map((s) => [s.userId, s]));
  if (byUser.get(viewerId)?.show === false) {
    for (const id of ids) out[id] = null;
    return out;
  }
  // Between two people with a block either way, neither sees the other's status (ADR 024).
  const blocked = await blockedEitherWayAmong(db, viewerId, ids);
  const streams = await db
    .select({ userId: presenceConnections.userId, seenAt: max(presenceConnections.seenAt) })
    .from(presenceConnections)
    .where(inArray(presenceConnections.userId, ids))
    .groupBy(presenceConnections.userId);
  const streamSeen = new Map(streams.flatMap((s) => (s.seenAt ? [[s.userId, s.seenAt] as const] : [])));
  for (const id of ids) {
    const setting = byUser.get(id);
    if (setting?.show === false || blocked.has(id)) {
      out[id] = null;
      continue;
    }
    const seen = streamSeen.get(id);
    const online = !!seen && now.getTime() - seen.getTime() < ONLINE_WINDOW_MS;
    const candidates = [setting?.lastSeenAt ?? null, seen ?? null].filter((d): d is Date => !!d);
    const last = candidates.length ? new Date(Math.max(...candidates.map((d) => d.getTime()))) : null;
    // A stream row of a process that died says when the person was last there.
    out[id] = { online, lastSeenAt: last ? new Date(Math.min(last.getTime(), now.getTime())).toISOString() : null };
  }
  return out;
}

/** Whether the user shows their status ("Online-Status anzeigen"; default on). */
export async function loadPresenceSetting(db: Database, userId: string): Promise<boolean> {
  return showsStatus(db, userId);
}

const settingSchema = z.object({ showStatus: z.enum(["on", "off"]) });

/**
 * Saves "Online-Status anzeigen". The user's partners hear of the change (ids only), so their
 * open chats show or drop the status at once.
 */
export async function savePresenceSetting(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }): Promise<boolean> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const parsed = settingSchema.safeParse(input);
  if (!parsed.success) throw new AppError("INVALID", "invalid_input", { fieldErrors: { showStatus: presenceDe.setting.invalid } });
  const show = parsed.data.showStatus === "on";
  await db.transaction(async (tx) => {
    await tx
      .insert(userPresence)
      .values({ userId: actorId, showStatus: show })
      .onConflictDoUpdate({ target: userPresence.userId, set: { showStatus: show, updatedAt: new Date() } });
    await announce(tx, actorId, { force: true });
  });
  return show;
}
