import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { presenceConnections, typingSignals, user, userPresence } from "~/db/schema";
import { startDirectConversation } from "~/features/messaging/conversations.server";
import { messagingFixture, OUTSIDER } from "~/features/messaging/messaging.test-support";
import { eventStreamResponse } from "~/features/realtime/event-stream.server";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import { openDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { rateLimitPruneJob } from "~/lib/rate-limit.server";
import { captureLog } from "../../../tests/support/log-capture";
import { testEngine } from "../../../tests/support/test-database";
import {
  HEARTBEAT_WRITE_MS,
  ONLINE_WINDOW_MS,
  presenceFor,
  prunePresence,
  savePresenceSetting,
  streamAlive,
  streamClosed,
  streamOpened,
  streamPresence,
} from "./presence.server";
import { signalTyping } from "./typing.server";

/** Typing (throttled, participants only) and presence (online / last seen, the hide setting), on both engines. */

const fx = messagingFixture();

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The events a user's streams receive in this process. `settled()` publishes a marker to the
 * user and waits for it: notifications arrive in commit order, so everything published before
 * it has arrived by then (no waiting for time to pass to prove that nothing else came).
 */
async function inbox(userIds: string[]) {
  const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
  await listening.ready;
  const events = new Map<string, RealtimeEvent[]>(userIds.map((id) => [id, []]));
  for (const id of userIds) listening.hub.subscribe(id, (e) => events.get(id)!.push(e));
  let markers = 0;
  return {
    of: (id: string) => events.get(id)!.filter((e) => e.type !== "order.updated"),
    async settled() {
      const marker = `marker-${++markers}`;
      for (const id of userIds) await publish(fx.db, [id], { type: "order.updated", orderId: marker });
      await until(() => userIds.every((id) => events.get(id)!.some((e) => e.type === "order.updated" && e.orderId === marker)));
    },
    stop: () => listening.stop(),
  };
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const T0 = new Date("2026-11-23T10:00:00.000Z");

describe(`typing on ${testEngine}`, () => {
  it("two signals within 3 s make one event for the other participant; after 3 s a second one goes out", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("typing");
    const box = await inbox([seller, buyer]);
    try {
      expect(await signalTyping(fx.db, { userId: buyer, conversationId, now: T0 })).toBe(true);
      expect(await signalTyping(fx.db, { userId: buyer, conversationId, now: at(T0, 2999) })).toBe(false);
      await box.settled();
      expect(box.of(seller)).toEqual([{ type: "typing", conversationId, userId: buyer }]);
      expect(box.of(buyer)).toEqual([]); // the typist hears nothing of their own typing

      expect(await signalTyping(fx.db, { userId: buyer, conversationId, now: at(T0, 3000) })).toBe(true);
      // The throttle is per sender: the seller typing back is not held up by the buyer's.
      expect(await signalTyping(fx.db, { userId: seller, conversationId, now: at(T0, 3100) })).toBe(true);
      await box.settled();
      expect(box.of(seller)).toHaveLength(2);
      expect(box.of(buyer)).toEqual([{ type: "typing", conversationId, userId: seller }]);
    } finally {
      await box.stop();
    }
  });

  it("the throttle is per conversation, and concurrent signals (as from two processes) publish once", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("typing-race");
    const other = testEngine === "postgres" ? await openDatabase({ engine: "postgres", url: fx.t.url! }) : null;
    const box = await inbox([seller]);
    try {
      const dbs = [fx.db, other?.db ?? fx.db];
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => signalTyping(dbs[i % 2]!, { userId: buyer, conversationId, now: at(T0, 10 * i) })),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await signalTyping(fx.db, { userId: buyer, conversationId: directId, now: T0 })).toBe(true);
      await box.settled();
      expect(box.of(seller).map((e) => e.type === "typing" && e.conversationId)).toEqual([conversationId, directId]);
    } finally {
      await box.stop();
      await other?.close();
    }
  });

  it("someone who is not a participant gets NOT_FOUND, and nothing is written or published", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("typing-outsider");
    const box = await inbox([seller, buyer]);
    try {
      const refused = await signalTyping(fx.db, { userId: OUTSIDER, conversationId, now: T0 }).catch((e: unknown) => e);
      expect(isAppError(refused) && refused.code).toBe("NOT_FOUND");
      const unknown = await signalTyping(fx.db, { userId: buyer, conversationId: "00000000-0000-4000-8000-000000000000", now: T0 }).catch((e: unknown) => e);
      expect(isAppError(unknown) && unknown.code).toBe("NOT_FOUND");
      await box.settled();
      expect(box.of(seller)).toEqual([]);
      expect(box.of(buyer)).toEqual([]);
      expect(await fx.db.select().from(typingSignals).where(eq(typingSignals.conversationId, conversationId))).toEqual([]);
    } finally {
      await box.stop();
    }
  });
});

describe(`presence on ${testEngine}`, () => {
  it("online while a stream is open and refreshed; last seen from the stored times once it is not", async () => {
    const { seller, buyer } = await fx.freshPair("presence");
    const seen = async (now: Date) => (await presenceFor(fx.db, buyer, [seller], now))[seller];
    expect(await seen(T0)).toEqual({ online: false, lastSeenAt: null });

    const first = await streamOpened(fx.db, seller, T0);
    expect(await seen(at(T0, 60_000))).toEqual({ online: true, lastSeenAt: T0.toISOString() });
    // Without a heartbeat the row goes stale (a process that died): no longer online, last seen then.
    expect(await seen(at(T0, ONLINE_WINDOW_MS))).toEqual({ online: false, lastSeenAt: T0.toISOString() });
    // The heartbeat keeps it fresh.
    await streamAlive(fx.db, seller, first, at(T0, HEARTBEAT_WRITE_MS));
    expect((await seen(at(T0, HEARTBEAT_WRITE_MS + ONLINE_WINDOW_MS - 1)))?.online).toBe(true);

    // A second tab; closing one keeps the person online, closing both makes them last seen at the close.
    const second = await streamOpened(fx.db, seller, at(T0, 90_000));
    await streamClosed(fx.db, seller, first, at(T0, 100_000));
    expect((await seen(at(T0, 100_000)))?.online).toBe(true);
    await streamClosed(fx.db, seller, second, at(T0, 120_000));
    expect(await seen(at(T0, 121_000))).toEqual({ online: false, lastSeenAt: at(T0, 120_000).toISOString() });
    // The viewer's own presence is not asked for.
    expect(await presenceFor(fx.db, buyer, [buyer], T0)).toEqual({});
  });

  it("coming online and going offline is announced once to conversation partners (ids only), not to others", async () => {
    const { seller, buyer } = await fx.freshPair("announce");
    const box = await inbox([seller, buyer, OUTSIDER]);
    try {
      const one = await streamOpened(fx.db, seller, T0);
      const two = await streamOpened(fx.db, seller, at(T0, 1000)); // a second tab: no news
      await streamClosed(fx.db, seller, one, at(T0, 2000)); // still online in the other tab
      await box.settled();
      expect(box.of(buyer)).toEqual([{ type: "presence", userId: seller }]);
      await streamClosed(fx.db, seller, two, at(T0, 3000));
      await box.settled();
      expect(box.of(buyer)).toEqual([
        { type: "presence", userId: seller },
        { type: "presence", userId: seller },
      ]);
      expect(box.of(OUTSIDER)).toEqual([]);
      expect(box.of(seller)).toEqual([]);
    } finally {
      await box.stop();
    }
  });

  it("'Online-Status anzeigen' off hides the user from others and others from the user; on again shows both", async () => {
    const { seller, buyer } = await fx.freshPair("hide");
    const third = "hide-third";
    await fx.newUser(third, "Tina");
    await streamOpened(fx.db, seller, T0);
    await streamOpened(fx.db, buyer, T0);
    const thirdStream = await streamOpened(fx.db, third, T0);
    await startDirectConversation(fx.db, third, buyer);
    const now = at(T0, 1000);
    const box = await inbox([seller, buyer]);
    try {
      await savePresenceSetting(fx.db, { actorId: buyer, input: { showStatus: "off" } });
      // Nobody sees the buyer …
      expect((await presenceFor(fx.db, seller, [buyer, third], now))[buyer]).toBeNull();
      // … and the buyer sees nobody, though the others show theirs.
      expect(await presenceFor(fx.db, buyer, [seller, third], now)).toEqual({ [seller]: null, [third]: null });
      expect((await presenceFor(fx.db, seller, [third], now))[third]).toEqual({ online: true, lastSeenAt: T0.toISOString() });
      // The partner heard of the change (to re-read); the hidden user hears of nobody's going.
      await box.settled();
      expect(box.of(seller)).toEqual([{ type: "presence", userId: buyer }]);
      // A partner going offline is not announced to the hidden user.
      await streamClosed(fx.db, third, thirdStream, at(T0, 2000));
      await box.settled();
      expect(box.of(buyer)).toEqual([]);

      await savePresenceSetting(fx.db, { actorId: buyer, input: { showStatus: "on" } });
      expect((await presenceFor(fx.db, seller, [buyer], now))[buyer]).toEqual({ online: true, lastSeenAt: T0.toISOString() });
      expect((await presenceFor(fx.db, buyer, [seller], now))[seller]).toEqual({ online: true, lastSeenAt: T0.toISOString() });
    } finally {
      await box.stop();
    }
  });

  it("a bad setting is refused with a German message and changes nothing", async () => {
    const { seller, buyer } = await fx.freshPair("hide-bad");
    const refused = await savePresenceSetting(fx.db, { actorId: buyer, input: { showStatus: "vielleicht" } }).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("INVALID");
    expect(isAppError(refused) && refused.fieldErrors?.showStatus).toBe("Bitte wählen Sie „an“ oder „aus“.");
    await streamOpened(fx.db, buyer, T0);
    expect((await presenceFor(fx.db, seller, [buyer], at(T0, 1)))[buyer]?.online).toBe(true);
  });

  it("an event stream makes its user online while it is open and last seen when it closes", async () => {
    const { seller, buyer } = await fx.freshPair("stream");
    const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    await listening.ready;
    try {
      let now = T0;
      const abort = new AbortController();
      const response = eventStreamResponse({
        hub: listening.hub,
        userId: seller,
        signal: abort.signal,
        sessionValid: async () => true,
        presence: streamPresence(fx.db, seller, () => now),
      });
      const reader = response.body!.getReader();
      await reader.read(); // 'ready'
      await until(async () => (await presenceFor(fx.db, buyer, [seller], at(T0, 1000)))[seller]?.online === true);
      now = at(T0, 5000);
      abort.abort();
      await until(async () => (await presenceFor(fx.db, buyer, [seller], at(T0, 6000)))[seller]?.online === false);
      expect((await presenceFor(fx.db, buyer, [seller], at(T0, 6000)))[seller]?.lastSeenAt).toBe(at(T0, 5000).toISOString());
    } finally {
      await listening.stop();
    }
  });
});

describe(`presence of a deleted account on ${testEngine}`, () => {
  it("a stream whose account was deleted while it was open closes without a write or a warning", async () => {
    const { seller } = await fx.freshPair("deleted");
    const log = captureLog();
    const presence = streamPresence(fx.db, seller, () => T0);
    presence.opened();
    await until(async () => (await fx.db.select().from(presenceConnections).where(eq(presenceConnections.userId, seller))).length === 1);
    await fx.db.delete(user).where(eq(user.id, seller));
    await presence.closed();
    expect(await fx.db.select().from(userPresence).where(eq(userPresence.userId, seller))).toEqual([]);
    expect(log.lines().filter((line) => line.msg === "Presence update failed")).toEqual([]);
  });
});

describe(`stale presence (a process that died) on ${testEngine}`, () => {
  it("a stream that is never closed stops counting after its last heartbeat plus the window; the prune removes it and keeps its time as last seen", async () => {
    const { seller, buyer } = await fx.freshPair("crash");
    // The seller's tab is served by a process that then dies: opened, one heartbeat, never closed.
    const id = await streamOpened(fx.db, seller, T0);
    await streamAlive(fx.db, seller, id, at(T0, HEARTBEAT_WRITE_MS));
    const lastBeat = at(T0, HEARTBEAT_WRITE_MS);
    expect((await presenceFor(fx.db, buyer, [seller], at(lastBeat, ONLINE_WINDOW_MS - 1)))[seller]).toEqual({ online: true, lastSeenAt: at(lastBeat, 0).toISOString() });
    // No heartbeat for the window: offline, last seen at the last heartbeat (not "online forever").
    expect((await presenceFor(fx.db, buyer, [seller], at(lastBeat, ONLINE_WINDOW_MS)))[seller]).toEqual({ online: false, lastSeenAt: lastBeat.toISOString() });

    // Meanwhile the buyer has a live stream (heartbeat just now): the prune leaves it alone.
    const pruneAt = at(lastBeat, ONLINE_WINDOW_MS + 60_000);
    const live = await streamOpened(fx.db, buyer, at(pruneAt, -1000));
    await prunePresence(fx.db, pruneAt);
    const rows = await fx.db.select().from(presenceConnections).where(inArray(presenceConnections.userId, [seller, buyer]));
    expect(rows.map((r) => r.id)).toEqual([live]);
    const [kept] = await fx.db.select().from(userPresence).where(eq(userPresence.userId, seller));
    expect(kept?.lastSeenAt?.toISOString()).toBe(lastBeat.toISOString());
    expect((await presenceFor(fx.db, buyer, [seller], pruneAt))[seller]).toEqual({ online: false, lastSeenAt: lastBeat.toISOString() });
    expect((await presenceFor(fx.db, seller, [buyer], pruneAt))[buyer]?.online).toBe(true);
  });

  it("the prune never moves a later last-seen time back, and drops typing rows older than an hour", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("crash-later");
    const id = await streamOpened(fx.db, seller, T0);
    // A later stream of the seller closed normally (another tab, another process).
    const other = await streamOpened(fx.db, seller, at(T0, 10 * 60_000));
    await streamClosed(fx.db, seller, other, at(T0, 20 * 60_000));
    await signalTyping(fx.db, { userId: buyer, conversationId, now: T0 });
    await prunePresence(fx.db, at(T0, 2 * 60 * 60_000));
    const [kept] = await fx.db.select().from(userPresence).where(eq(userPresence.userId, seller));
    expect(kept?.lastSeenAt?.toISOString()).toBe(at(T0, 20 * 60_000).toISOString());
    expect(await fx.db.select().from(presenceConnections).where(eq(presenceConnections.id, id))).toEqual([]);
    expect(await fx.db.select().from(typingSignals).where(eq(typingSignals.conversationId, conversationId))).toEqual([]);
  });

  it("the hourly prune job does it (the rate-limit.prune housekeeping run)", async () => {
    const { seller } = await fx.freshPair("crash-job");
    // A row from far in the past: stale against the real clock the job uses.
    await streamOpened(fx.db, seller, T0);
    await rateLimitPruneJob.run({}, { db: fx.db, attempt: 1 });
    expect(await fx.db.select().from(presenceConnections).where(eq(presenceConnections.userId, seller))).toEqual([]);
    const [kept] = await fx.db.select().from(userPresence).where(eq(userPresence.userId, seller));
    expect(kept?.lastSeenAt?.toISOString()).toBe(T0.toISOString());
  });
});

describe.runIf(testEngine === "postgres")("presence across processes on PostgreSQL", () => {
  it("a stream open in one process shows its user online in another, which hears of it", async () => {
    const { seller, buyer } = await fx.freshPair("xproc-presence");
    const other = await openDatabase({ engine: "postgres", url: fx.t.url! });
    const listeningA = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    const listeningB = listen(other, new RealtimeHub(), { url: fx.t.url });
    await Promise.all([listeningA.ready, listeningB.ready]);
    try {
      const heardOnA: RealtimeEvent[] = [];
      listeningA.hub.subscribe(buyer, (e) => heardOnA.push(e));
      // The seller's tab is served by process B …
      const abort = new AbortController();
      const response = eventStreamResponse({
        hub: listeningB.hub,
        userId: seller,
        signal: abort.signal,
        sessionValid: async () => true,
        presence: streamPresence(other.db, seller),
      });
      const reader = response.body!.getReader();
      await reader.read();
      // … and the buyer, on process A, hears of it and reads it there.
      await until(() => heardOnA.some((e) => e.type === "presence" && e.userId === seller));
      expect((await presenceFor(fx.db, buyer, [seller]))[seller]?.online).toBe(true);
      abort.abort();
      await until(() => heardOnA.filter((e) => e.type === "presence").length === 2);
      expect((await presenceFor(fx.db, buyer, [seller]))[seller]?.online).toBe(false);
    } finally {
      await listeningA.stop();
      await listeningB.stop();
      await other.close();
    }
  });
});
