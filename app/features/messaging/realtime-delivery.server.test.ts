import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventStreamResponse } from "~/features/realtime/event-stream.server";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import { openDatabase } from "~/lib/db.server";
import { testEngine } from "../../../tests/support/test-database";
import { listMessages, messagesSince } from "./messages.server";
import { BUYER, messagingFixture, OUTSIDER } from "./messaging.test-support";

/** Messages reach the other side live: the event stream, reconnects, and other processes. */

const fx = messagingFixture();


/** Reads an event stream and collects its events. */
function collect(response: Response) {
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let ended = false;
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = "message";
        let data = "";
        for (const line of block.split("\n")) {
          if (line.startsWith("event: ")) event = line.slice(7);
          if (line.startsWith("data: ")) data += line.slice(6);
        }
        if (data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return { events, done, isEnded: () => ended, cancel: () => reader.cancel().catch(() => {}) };
}

async function until(check: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe(`realtime on ${testEngine}`, () => {
  it("events reach the addressed user's stream after commit, never on rollback, never another user's", async () => {
    const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    await listening.ready;
    try {
      const { seller, buyer, conversationId } = await fx.freshPair("rt");
      const abort = new AbortController();
      const sellerStream = collect(
        eventStreamResponse({ hub: listening.hub, userId: seller, signal: abort.signal, sessionValid: async () => true }),
      );
      const outsiderEvents: RealtimeEvent[] = [];
      listening.hub.subscribe(OUTSIDER, (e) => outsiderEvents.push(e));
      await until(() => sellerStream.events.some((e) => e.event === "ready"));

      await fx.db
        .transaction(async (tx) => {
          await publish(tx, [seller], { type: "counts" });
          throw new Error("rollback");
        })
        .catch(() => {});
      const sent = await fx.send(buyer, conversationId, "Live?");
      await until(() => sellerStream.events.some((e) => e.data.type === "message.created"));
      const created = sellerStream.events.find((e) => e.data.type === "message.created")!;
      expect(created.data).toEqual({ type: "message.created", conversationId, messageId: sent.id });
      // Only ids travel: no text of the message is in the event.
      expect(JSON.stringify(sellerStream.events)).not.toContain("Live?");
      await until(() => sellerStream.events.some((e) => e.data.type === "notification.created"));
      expect(sellerStream.events.filter((e) => e.data.type === "counts")).toHaveLength(1);
      expect(outsiderEvents).toEqual([]);
      abort.abort();
      await sellerStream.done;
      expect(listening.hub.streamCount).toBe(1); // the outsider's direct subscription only
    } finally {
      await listening.stop();
    }
  });

  it("a stream ends when its session is revoked", async () => {
    const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    await listening.ready;
    try {
      let valid = true;
      const stream = collect(
        eventStreamResponse({ hub: listening.hub, userId: BUYER, signal: new AbortController().signal, sessionValid: async () => valid }),
      );
      await until(() => stream.events.length > 0);
      valid = false;
      await publish(fx.db, [BUYER], { type: "session.ended" });
      await stream.done;
      expect(stream.events.at(-1)).toEqual({ event: "end", data: { reason: "session" } });
      expect(listening.hub.streamCount).toBe(0);
    } finally {
      await listening.stop();
    }
  });

  it("reconnect: a stream killed mid-conversation misses nothing after catch-up, and shows nothing twice", async () => {
    const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    await listening.ready;
    try {
      const { seller, buyer, conversationId } = await fx.freshPair("reconnect");
      // The receiving tab: what it shows, by id.
      const shown = new Map<string, string>();
      const catchUp = async () => {
        const last = [...shown.keys()].at(-1) ?? null;
        for (const m of await messagesSince(fx.db, seller, conversationId, last)) shown.set(m.id, m.content);
      };
      const connect = () => {
        const abort = new AbortController();
        const stream = collect(eventStreamResponse({ hub: listening.hub, userId: seller, signal: abort.signal, sessionValid: async () => true }));
        return { abort, stream };
      };
      let tab = connect();
      await until(() => tab.stream.events.some((e) => e.event === "ready"));
      await catchUp();
      const sentIds: string[] = [];
      for (let i = 0; i < 3; i++) sentIds.push((await fx.send(buyer, conversationId, `vorher ${i}`)).id);
      await until(() => tab.stream.events.filter((e) => e.data.type === "message.created").length === 3);
      await catchUp();
      tab.abort.abort(); // the connection drops …
      for (let i = 0; i < 2; i++) sentIds.push((await fx.send(buyer, conversationId, `waehrenddessen ${i}`)).id);
      tab = connect(); // … and comes back: catch up on 'ready'
      await until(() => tab.stream.events.some((e) => e.event === "ready"));
      await catchUp();
      expect([...shown.keys()]).toEqual(sentIds);
      expect(new Set(shown.keys()).size).toBe(shown.size);
      tab.abort.abort();
    } finally {
      await listening.stop();
    }
  });
});

describe("stream limits", () => {
  it("a user has at most 10 streams per process: an 11th ends the oldest", () => {
    const hub = new RealtimeHub();
    const evicted: number[] = [];
    const unsubscribes = Array.from({ length: 11 }, (_, i) => hub.subscribe("u-many", () => {}, () => evicted.push(i)));
    expect(evicted).toEqual([0]);
    unsubscribes[0]!();
    expect(hub.streamCount).toBe(10);
  });
});

describe.runIf(testEngine === "postgres")("realtime across processes on PostgreSQL", () => {
  it("a message sent through one app instance reaches an SSE client of another", async () => {
    // A second "process": its own pool and its own listening connection on the same database.
    const other = await openDatabase({ engine: "postgres", url: fx.t.url! });
    const listeningA = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    const listeningB = listen(other, new RealtimeHub(), { url: fx.t.url });
    await Promise.all([listeningA.ready, listeningB.ready]);
    try {
      const { seller, buyer, conversationId } = await fx.freshPair("xproc");
      const abort = new AbortController();
      const onB = collect(eventStreamResponse({ hub: listeningB.hub, userId: seller, signal: abort.signal, sessionValid: async () => true }));
      await until(() => onB.events.some((e) => e.event === "ready"));
      const sent = await fx.send(buyer, conversationId, "über Prozessgrenzen");
      await until(() => onB.events.some((e) => e.data.type === "message.created"));
      expect(onB.events.find((e) => e.data.type === "message.created")!.data.messageId).toBe(sent.id);
      // And the reader on B reads it through its own database connection.
      const page = await listMessages(other.db, seller, conversationId);
      expect(page.messages.at(-1)!.content).toBe("über Prozessgrenzen");
      abort.abort();
    } finally {
      await listeningA.stop();
      await listeningB.stop();
      await other.close();
    }
  });

  it("the listening connection re-listens after it drops and tells its streams to re-read", async () => {
    const hub = new RealtimeHub();
    const listening = listen(fx.t, hub, { url: fx.t.url, delays: [50] });
    await listening.ready;
    try {
      const seen: RealtimeEvent[] = [];
      hub.subscribe(BUYER, (e) => seen.push(e));
      await fx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'marketplace-realtime' and datname = current_database()`,
      );
      await until(() => seen.some((e) => e.type === "resync"), 10_000);
      await publish(fx.db, [BUYER], { type: "counts" });
      await until(() => seen.some((e) => e.type === "counts"), 10_000);
    } finally {
      await listening.stop();
    }
  });
});

