import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, notifications } from "~/db/schema";
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/features/notifications/notifications.server";
import { loadUnreadCounts } from "~/features/notifications/counts.server";
import { testEngine } from "../../../tests/support/test-database";
import { listConversations, startServiceConversation } from "./conversations.server";
import { chatLoadFailedText } from "./error-texts";
import { countUnreadMessages, listMessages, markConversationRead, messagesSince } from "./messages.server";
import { BUYER, messagingFixture, OUTSIDER } from "./messaging.test-support";

const fx = messagingFixture();

describe(`reading on ${testEngine}`, () => {
  it("pages of 50, oldest first, with earlier pages by cursor", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("page");
    const base = Date.now() - 3600_000;
    await fx.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        conversationId,
        senderId: i % 2 ? seller : buyer,
        content: `Nachricht ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const latest = await listMessages(fx.db, buyer, conversationId);
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0]!.content).toBe("Nachricht 70");
    expect(latest.messages[49]!.content).toBe("Nachricht 119");
    expect(latest.hasEarlier).toBe(true);
    const earlier = await listMessages(fx.db, buyer, conversationId, { before: latest.messages[0]!.id });
    expect(earlier.messages.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `Nachricht ${20 + i}`));
    const first = await listMessages(fx.db, buyer, conversationId, { before: earlier.messages[0]!.id });
    expect(first.messages).toHaveLength(20);
    expect(first.hasEarlier).toBe(false);
  });

  it("opening a chat marks only the other party's messages read; counts follow", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("read");
    await fx.send(buyer, conversationId, "Frage 1");
    await fx.send(buyer, conversationId, "Frage 2");
    await fx.send(seller, conversationId, "Antwort");
    expect(await countUnreadMessages(fx.db, seller)).toBe(2);
    expect(await countUnreadMessages(fx.db, buyer)).toBe(1);
    // The shell's combined query says the same as the single counts.
    expect(await loadUnreadCounts(fx.db, seller)).toMatchObject({ newMessages: 2, unreadNotifications: await countUnreadNotifications(fx.db, seller) });
    expect(await markConversationRead(fx.db, seller, conversationId)).toBe(2);
    expect(await countUnreadMessages(fx.db, seller)).toBe(0);
    expect(await countUnreadMessages(fx.db, buyer)).toBe(1);
    const list = await listConversations(fx.db, buyer, "service");
    expect(list[0]).toMatchObject({ id: conversationId, unreadCount: 1, lastMessage: { text: "Antwort", mine: false } });
  });

  it("catch-up returns every message from the given one on (overlap de-duplicated by the client)", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("since");
    const a = await fx.send(buyer, conversationId, "eins");
    const b = await fx.send(seller, conversationId, "zwei");
    const c = await fx.send(buyer, conversationId, "drei");
    const since = await messagesSince(fx.db, buyer, conversationId, a.id);
    expect(since.map((m) => m.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
  });

  it("loading earlier messages that fails says so in the view's words", () => {
    expect(chatLoadFailedText("service")).toEqual({ title: "Error sending message", description: "Fehler beim Laden der Nachrichten" });
    expect(chatLoadFailedText("live")).toEqual({ title: "Fehler", description: "Fehler beim Laden der Nachrichten" });
  });
});

describe(`notifications on ${testEngine}`, () => {
  it("the recipient of a message gets a notification; mark read and mark all read touch only the user's rows", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("notes");
    await fx.send(buyer, conversationId, "Hallo Sina");
    await fx.send(seller, conversationId, "Hallo Bert");
    const sellerNotes = await listNotifications(fx.db, seller);
    expect(sellerNotes[0]).toMatchObject({ title: "Neue Nachricht von Bert Test zu „Dienst notes“", message: "Hallo Sina", read: false });

    expect(await markNotificationRead(fx.db, buyer, sellerNotes[0]!.id)).toBeNull();
    expect(await countUnreadNotifications(fx.db, seller)).toBe(1);
    expect(await markNotificationRead(fx.db, seller, sellerNotes[0]!.id)).toEqual({ link: `/chats/${conversationId}` });

    await fx.send(buyer, conversationId, "Noch etwas");
    expect(await markAllNotificationsRead(fx.db, seller)).toBe(1);
    expect(await countUnreadNotifications(fx.db, seller)).toBe(0);
    expect(await countUnreadNotifications(fx.db, buyer)).toBe(1);
    expect(await loadUnreadCounts(fx.db, seller)).toMatchObject({ unreadNotifications: 0 });
    expect(await loadUnreadCounts(fx.db, buyer)).toMatchObject({ unreadNotifications: 1 });
  });

  it("lists the latest 50", async () => {
    await fx.db.insert(notifications).values(Array.from({ length: 60 }, (_, i) => ({ userId: OUTSIDER, title: `T${i}`, message: "m" })));
    expect(await listNotifications(fx.db, OUTSIDER)).toHaveLength(50);
  });
});

describe(`message rows on ${testEngine}`, () => {
  it("the database itself refuses an empty message and an over-long one", async () => {
    const conversationId = await startServiceConversation(fx.db, BUYER, fx.serviceId);
    await expect(fx.db.insert(messages).values({ conversationId, senderId: BUYER, content: "  " })).rejects.toThrow();
    await expect(fx.db.insert(messages).values({ conversationId, senderId: BUYER, content: "x".repeat(501) })).rejects.toThrow();
    const rows = await fx.db.select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.content, "  ")));
    expect(rows).toEqual([]);
  });
});
