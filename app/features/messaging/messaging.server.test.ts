import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages, notifications, profiles, services, user } from "~/db/schema";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/features/notifications/notifications.server";
import { eventStreamResponse } from "~/features/realtime/event-stream.server";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import { openDatabase } from "~/lib/db.server";
import { createLocalStorage, type FileStorage } from "~/lib/storage.server";
import type { ReceivedFile } from "~/lib/uploads.server";
import { pdfBytes, pngBytes } from "../../../tests/support/files";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import {
  countUnreadMessages,
  getAttachment,
  listConversations,
  listMessages,
  markConversationRead,
  messagesSince,
  messageText,
  sendMessage,
  startDirectConversation,
  startServiceConversation,
  type ChatView,
} from "./messaging.server";

let t: TestDatabase;
let storage: FileStorage;
let storageRoot: string;
const SELLER = "u-seller";
const BUYER = "u-buyer";
const OUTSIDER = "u-outsider";
let serviceId: string;

function file(name: string, data: Buffer | string, tooLarge = false): ReceivedFile {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  return { field: "file", name, size: bytes.length, tooLarge, data: tooLarge ? Buffer.alloc(0) : bytes };
}

async function newUser(id: string, firstName: string) {
  await t.db.insert(user).values({ id, name: firstName, email: `${id}@example.de`, emailVerified: true });
  await t.db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName, lastName: "Test" });
}

/** A fresh pair of users with a service conversation, so rate limits of one test do not touch another. */
async function freshPair(prefix: string) {
  const seller = `${prefix}-s`;
  const buyer = `${prefix}-b`;
  await newUser(seller, "Sina");
  await newUser(buyer, "Bert");
  const [service] = await t.db
    .insert(services)
    .values({ title: `Dienst ${prefix}`, price: "10.00", category: "Design", createdBy: seller })
    .returning({ id: services.id });
  const conversationId = await startServiceConversation(t.db, buyer, service!.id);
  const directId = await startDirectConversation(t.db, buyer, seller);
  return { seller, buyer, conversationId, directId };
}

/** The magic bytes of an OLE compound file (a .doc). */
function docBytes(): Buffer {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  return bytes;
}

function send(view: ChatView, userId: string | null, conversationId: string, text: string, attachment: ReceivedFile | null = null) {
  return sendMessage(t.db, storage, { view, userId, conversationId, text, file: attachment });
}

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string) {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(storageRoot, full).split(path.sep).join("/"));
    }
  }
  await walk(storageRoot);
  return out.sort();
}

beforeAll(async () => {
  t = await createTestDatabase();
  storageRoot = await fs.mkdtemp(path.join(os.tmpdir(), "chat-storage-"));
  storage = createLocalStorage(storageRoot);
  await newUser(SELLER, "Sabine");
  await newUser(BUYER, "Boris");
  await newUser(OUTSIDER, "Otto");
  const [service] = await t.db
    .insert(services)
    .values({ title: "Logo-Design", price: "150.00", category: "Design", createdBy: SELLER })
    .returning({ id: services.id });
  serviceId = service!.id;
});
afterAll(async () => {
  await t?.destroy();
  await fs.rm(storageRoot, { recursive: true, force: true });
});

describe(`conversations on ${testEngine}`, () => {
  it("starting a chat about a service reuses the conversation of the two users, also when started concurrently", async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => startServiceConversation(t.db, BUYER, serviceId)));
    expect(new Set(ids).size).toBe(1);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, ids[0]!));
    expect(row).toMatchObject({ kind: "service", serviceId });
    expect([row!.user1Id, row!.user2Id].sort()).toEqual([BUYER, SELLER].sort());
  });

  it("refuses a chat about one's own service, an unknown service, and a direct chat with oneself", async () => {
    await expect(startServiceConversation(t.db, SELLER, serviceId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(startServiceConversation(t.db, BUYER, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(startServiceConversation(t.db, BUYER, "kaputt")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(startDirectConversation(t.db, BUYER, BUYER)).rejects.toMatchObject({ code: "INVALID" });
    await expect(startDirectConversation(t.db, BUYER, "u-nobody")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a direct conversation is separate from the service one and reused from either side", async () => {
    const direct = await startDirectConversation(t.db, BUYER, SELLER);
    expect(await startDirectConversation(t.db, SELLER, BUYER)).toBe(direct);
    expect(direct).not.toBe(await startServiceConversation(t.db, BUYER, serviceId));
    const list = await listConversations(t.db, BUYER, "direct");
    expect(list.map((c) => c.id)).toEqual([direct]);
    expect(list[0]!.other).toMatchObject({ userId: SELLER, name: "Sabine Test" });
  });

  it("a service conversation stays one when its service is deleted", async () => {
    const pair = await freshPair("del");
    await startDirectConversation(t.db, pair.buyer, pair.seller);
    await t.db.delete(services).where(eq(services.createdBy, pair.seller));
    const list = await listConversations(t.db, pair.buyer, "service");
    expect(list.map((c) => c.id)).toEqual([pair.conversationId]);
    expect(list[0]!.service).toBeNull();
  });
});

describe(`participants only on ${testEngine}`, () => {
  it("an outsider can read, write, mark read or download nothing; an unknown chat is 'Chat not found'", async () => {
    const conversationId = await startServiceConversation(t.db, BUYER, serviceId);
    const sent = await send("service", BUYER, conversationId, "Guten Tag", file("notiz.txt", "Hallo"));
    await expect(listMessages(t.db, OUTSIDER, conversationId)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You don't have permission to view this chat",
    });
    await expect(messagesSince(t.db, OUTSIDER, conversationId, null)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(send("service", OUTSIDER, conversationId, "Hallo")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(markConversationRead(t.db, OUTSIDER, conversationId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await getAttachment(t.db, OUTSIDER, sent.id)).toBeNull();
    expect(await getAttachment(t.db, SELLER, sent.id)).toMatchObject({ name: "notiz.txt" });
    const [row] = await t.db.select({ read: messages.read }).from(messages).where(eq(messages.id, sent.id));
    expect(row!.read).toBe(false);
    await expect(listMessages(t.db, BUYER, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Chat not found",
    });
    await expect(listMessages(t.db, BUYER, "nicht-da")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a signed-out sender gets the view's sign-in text", async () => {
    const conversationId = await startServiceConversation(t.db, BUYER, serviceId);
    await expect(send("service", null, conversationId, "Hallo")).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      title: "Authentication required",
      message: "You must be logged in to send messages",
    });
    await expect(send("live", null, await startDirectConversation(t.db, BUYER, SELLER), "Hallo")).rejects.toMatchObject({
      message: "Sie müssen angemeldet sein, um Nachrichten zu senden",
    });
  });
});

describe(`validation on ${testEngine}`, () => {
  it("text: 500 characters are sent, 501 refused; whitespace only without a file sends nothing", async () => {
    const { buyer, conversationId } = await freshPair("len");
    const ok = await send("service", buyer, conversationId, "x".repeat(500));
    expect(ok.content).toHaveLength(500);
    await expect(send("service", buyer, conversationId, "x".repeat(501))).rejects.toMatchObject({ code: "INVALID" });
    await expect(send("live", buyer, conversationId, "   \n ")).rejects.toMatchObject({ code: "INVALID" });
    const count = await t.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId));
    expect(count[0]!.n).toBe(1);
  });

  it("attachments: exactly 10 MB is stored, one byte more is refused with the view's texts and nothing stored", async () => {
    const { buyer, conversationId, directId } = await freshPair("size");
    const before = await storedFiles();
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 97);
    const ok = await send("service", buyer, conversationId, "", file("gross.txt", tenMb));
    expect(ok.file).toMatchObject({ name: "gross.txt", size: 10 * 1024 * 1024, type: "text/plain" });
    const after = await storedFiles();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((f) => !before.includes(f))).toMatch(new RegExp(`^chat-attachments/${buyer}/\\d+-[0-9a-f]{8}\\.txt$`));

    const tooBig = { ...file("gross.txt", ""), size: 10 * 1024 * 1024 + 1, tooLarge: true };
    await expect(send("service", buyer, conversationId, "", tooBig)).rejects.toMatchObject({
      title: "File too large",
      message: "Please select a file smaller than 10MB",
    });
    await expect(send("live", buyer, directId, "", tooBig)).rejects.toMatchObject({
      title: "Datei zu groß",
      message: "Die Datei darf maximal 10 MB groß sein.",
    });
    expect(await storedFiles()).toEqual(after);
  });

  it("the type comes from the bytes: a PNG named .pdf and an HTML page named .png are refused", async () => {
    const { buyer, conversationId, directId } = await freshPair("type");
    const before = await storedFiles();
    await expect(send("service", buyer, conversationId, "", file("rechnung.pdf", await pngBytes()))).rejects.toMatchObject({
      title: "File type not supported",
      message: "Please select an image, PDF, or text file",
    });
    await expect(
      send("service", buyer, conversationId, "", file("bild.png", "<!doctype html><script>alert(1)</script>")),
    ).rejects.toMatchObject({ title: "File type not supported" });
    await expect(send("live", buyer, directId, "", file("bild.png", "<html><body>x</body></html>"))).rejects.toMatchObject({
      title: "Dateityp nicht unterstützt",
    });
    expect(await storedFiles()).toEqual(before);
    const png = await send("service", buyer, conversationId, "", file("bild.png", await pngBytes()));
    expect(png.file).toMatchObject({ type: "image/png", url: `/api/attachments/${png.id}` });
    const pdf = await send("live", buyer, directId, "Angebot", file("angebot.pdf", pdfBytes()));
    expect(pdf.file).toMatchObject({ type: "application/pdf" });
  });

  it("the conversation decides the rules: a .doc is accepted in the live chat, refused in a service chat whatever the request claims", async () => {
    const { buyer, conversationId, directId } = await freshPair("doc");
    const doc = await send("live", buyer, directId, "", file("brief.doc", docBytes()));
    expect(doc.file).toMatchObject({ type: "application/msword", name: "brief.doc" });
    await expect(send("live", buyer, conversationId, "", file("brief.doc", docBytes()))).rejects.toMatchObject({
      title: "File type not supported",
      message: "Please select an image, PDF, or text file",
    });
  });

  it("file-only messages: 'Sent a file: …' in the service chat, paperclip and name in the live chat, and the notification text", async () => {
    const { seller, buyer, conversationId } = await freshPair("fileonly");
    const sent = await send("service", buyer, conversationId, "  ", file("plan.pdf", pdfBytes()));
    expect(sent.content).toBe("");
    expect(messageText("service", sent)).toBe("Sent a file: plan.pdf");
    expect(messageText("live", sent)).toBe("📎 plan.pdf");
    expect(messageText("service", { content: "Hallo", file: null })).toBe("Hallo");
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, seller));
    expect(note).toMatchObject({
      title: "Neue Nachricht von Bert Test",
      message: "Hat eine Datei gesendet: plan.pdf",
      link: `/chats/${conversationId}`,
      read: false,
    });
  });
});

describe(`rate limit on ${testEngine}`, () => {
  it("20 concurrent sends store exactly 5; the others get the spec's text", async () => {
    const { buyer, conversationId } = await freshPair("rate");
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => send("service", buyer, conversationId, `Nachricht ${i}`)),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.reason).toMatchObject({
        code: "RATE_LIMITED",
        message: "You can only send 5 messages per minute. Please wait before sending another message.",
      });
    }
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.senderId, buyer));
    expect(count!.n).toBe(5);
  });

  it("a refused send with a file stores no file", async () => {
    const { buyer, conversationId } = await freshPair("ratefile");
    for (let i = 0; i < 5; i++) await send("live", buyer, conversationId, `m${i}`);
    const before = await storedFiles();
    await expect(send("live", buyer, conversationId, "", file("a.txt", "x"))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await storedFiles()).toEqual(before);
  });
});

describe(`attachment budget on ${testEngine}`, () => {
  it("a sender's attachments are capped at 200 MB a day; text still goes through", async () => {
    const { buyer, conversationId } = await freshPair("daily");
    const earlier = new Date(Date.now() - 2 * 3600_000);
    await t.db.insert(messages).values(
      Array.from({ length: 20 }, (_, i) => ({
        conversationId,
        senderId: buyer,
        content: "",
        fileKey: `chat-attachments/${buyer}/${i}.txt`,
        fileUrl: `/api/attachments/x${i}`,
        fileName: "alt.txt",
        fileType: "text/plain",
        fileSize: 10 * 1024 * 1024,
        createdAt: earlier,
      })),
    );
    await expect(send("service", buyer, conversationId, "", file("neu.txt", "x"))).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Sie haben heute bereits Dateien mit zusammen 200 MB gesendet. Morgen geht es weiter.",
    });
    expect((await send("service", buyer, conversationId, "Text geht noch")).content).toBe("Text geht noch");
  });
});

describe(`reading on ${testEngine}`, () => {
  it("pages of 50, oldest first, with earlier pages by cursor", async () => {
    const { seller, buyer, conversationId } = await freshPair("page");
    const base = Date.now() - 3600_000;
    await t.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        conversationId,
        senderId: i % 2 ? seller : buyer,
        content: `Nachricht ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const latest = await listMessages(t.db, buyer, conversationId);
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0]!.content).toBe("Nachricht 70");
    expect(latest.messages[49]!.content).toBe("Nachricht 119");
    expect(latest.hasEarlier).toBe(true);
    const earlier = await listMessages(t.db, buyer, conversationId, { before: latest.messages[0]!.id });
    expect(earlier.messages.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `Nachricht ${20 + i}`));
    const first = await listMessages(t.db, buyer, conversationId, { before: earlier.messages[0]!.id });
    expect(first.messages).toHaveLength(20);
    expect(first.hasEarlier).toBe(false);
  });

  it("opening a chat marks only the other party's messages read; counts follow", async () => {
    const { seller, buyer, conversationId } = await freshPair("read");
    await send("service", buyer, conversationId, "Frage 1");
    await send("service", buyer, conversationId, "Frage 2");
    await send("service", seller, conversationId, "Antwort");
    expect(await countUnreadMessages(t.db, seller)).toBe(2);
    expect(await countUnreadMessages(t.db, buyer)).toBe(1);
    expect(await markConversationRead(t.db, seller, conversationId)).toBe(2);
    expect(await countUnreadMessages(t.db, seller)).toBe(0);
    expect(await countUnreadMessages(t.db, buyer)).toBe(1);
    const list = await listConversations(t.db, buyer, "service");
    expect(list[0]).toMatchObject({ id: conversationId, unreadCount: 1, lastMessage: { text: "Antwort", mine: false } });
  });

  it("catch-up returns every message from the given one on (overlap de-duplicated by the client)", async () => {
    const { seller, buyer, conversationId } = await freshPair("since");
    const a = await send("service", buyer, conversationId, "eins");
    const b = await send("service", seller, conversationId, "zwei");
    const c = await send("service", buyer, conversationId, "drei");
    const since = await messagesSince(t.db, buyer, conversationId, a.id);
    expect(since.map((m) => m.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });
});

describe(`notifications on ${testEngine}`, () => {
  it("the recipient of a message gets a notification; mark read and mark all read touch only the user's rows", async () => {
    const { seller, buyer, conversationId } = await freshPair("notes");
    await send("live", buyer, conversationId, "Hallo Sina");
    await send("live", seller, conversationId, "Hallo Bert");
    const sellerNotes = await listNotifications(t.db, seller);
    expect(sellerNotes[0]).toMatchObject({ title: "Neue Nachricht von Bert Test", message: "Hallo Sina", read: false });

    expect(await markNotificationRead(t.db, buyer, sellerNotes[0]!.id)).toBeNull();
    expect(await countUnreadNotifications(t.db, seller)).toBe(1);
    expect(await markNotificationRead(t.db, seller, sellerNotes[0]!.id)).toEqual({ link: `/chats/${conversationId}` });

    await send("live", buyer, conversationId, "Noch etwas");
    expect(await markAllNotificationsRead(t.db, seller)).toBe(1);
    expect(await countUnreadNotifications(t.db, seller)).toBe(0);
    expect(await countUnreadNotifications(t.db, buyer)).toBe(1);
  });

  it("lists the latest 50", async () => {
    await t.db.insert(notifications).values(Array.from({ length: 60 }, (_, i) => ({ userId: OUTSIDER, title: `T${i}`, message: "m" })));
    expect(await listNotifications(t.db, OUTSIDER)).toHaveLength(50);
  });
});

// ---- realtime --------------------------------------------------------------------------

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
    const listening = listen(t, new RealtimeHub(), { url: t.url });
    await listening.ready;
    try {
      const { seller, buyer, conversationId } = await freshPair("rt");
      const abort = new AbortController();
      const sellerStream = collect(
        eventStreamResponse({ hub: listening.hub, userId: seller, signal: abort.signal, sessionValid: async () => true }),
      );
      const outsiderEvents: RealtimeEvent[] = [];
      listening.hub.subscribe(OUTSIDER, (e) => outsiderEvents.push(e));
      await until(() => sellerStream.events.some((e) => e.event === "ready"));

      await t.db
        .transaction(async (tx) => {
          await publish(tx, [seller], { type: "counts" });
          throw new Error("rollback");
        })
        .catch(() => {});
      const sent = await send("service", buyer, conversationId, "Live?");
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
    const listening = listen(t, new RealtimeHub(), { url: t.url });
    await listening.ready;
    try {
      let valid = true;
      const stream = collect(
        eventStreamResponse({ hub: listening.hub, userId: BUYER, signal: new AbortController().signal, sessionValid: async () => valid }),
      );
      await until(() => stream.events.length > 0);
      valid = false;
      await publish(t.db, [BUYER], { type: "session.ended" });
      await stream.done;
      expect(stream.events.at(-1)).toEqual({ event: "end", data: { reason: "session" } });
      expect(listening.hub.streamCount).toBe(0);
    } finally {
      await listening.stop();
    }
  });

  it("reconnect: a stream killed mid-conversation misses nothing after catch-up, and shows nothing twice", async () => {
    const listening = listen(t, new RealtimeHub(), { url: t.url });
    await listening.ready;
    try {
      const { seller, buyer, conversationId } = await freshPair("reconnect");
      // The receiving tab: what it shows, by id.
      const shown = new Map<string, string>();
      const catchUp = async () => {
        const last = [...shown.keys()].at(-1) ?? null;
        for (const m of await messagesSince(t.db, seller, conversationId, last)) shown.set(m.id, m.content);
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
      for (let i = 0; i < 3; i++) sentIds.push((await send("service", buyer, conversationId, `vorher ${i}`)).id);
      await until(() => tab.stream.events.filter((e) => e.data.type === "message.created").length === 3);
      await catchUp();
      tab.abort.abort(); // the connection drops …
      for (let i = 0; i < 2; i++) sentIds.push((await send("service", buyer, conversationId, `waehrenddessen ${i}`)).id);
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
    const other = await openDatabase({ engine: "postgres", url: t.url! });
    const listeningA = listen(t, new RealtimeHub(), { url: t.url });
    const listeningB = listen(other, new RealtimeHub(), { url: t.url });
    await Promise.all([listeningA.ready, listeningB.ready]);
    try {
      const { seller, buyer, conversationId } = await freshPair("xproc");
      const abort = new AbortController();
      const onB = collect(eventStreamResponse({ hub: listeningB.hub, userId: seller, signal: abort.signal, sessionValid: async () => true }));
      await until(() => onB.events.some((e) => e.event === "ready"));
      const sent = await send("service", buyer, conversationId, "über Prozessgrenzen");
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
    const listening = listen(t, hub, { url: t.url, delays: [50] });
    await listening.ready;
    try {
      const seen: RealtimeEvent[] = [];
      hub.subscribe(BUYER, (e) => seen.push(e));
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'marketplace-realtime' and datname = current_database()`,
      );
      await until(() => seen.some((e) => e.type === "resync"), 10_000);
      await publish(t.db, [BUYER], { type: "counts" });
      await until(() => seen.some((e) => e.type === "counts"), 10_000);
    } finally {
      await listening.stop();
    }
  });
});

describe(`message rows on ${testEngine}`, () => {
  it("the database itself refuses an empty message and an over-long one", async () => {
    const conversationId = await startServiceConversation(t.db, BUYER, serviceId);
    await expect(t.db.insert(messages).values({ conversationId, senderId: BUYER, content: "  " })).rejects.toThrow();
    await expect(t.db.insert(messages).values({ conversationId, senderId: BUYER, content: "x".repeat(501) })).rejects.toThrow();
    const rows = await t.db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.content, "  ")));
    expect(rows).toEqual([]);
  });
});
