import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, notifications, orders } from "~/db/schema";
import { loadUnreadCounts } from "~/features/notifications/counts.server";
import { conversationGroup, listNotifications, markNotificationRead } from "~/features/notifications/notifications.server";
import { saveNotificationSettings } from "~/features/notifications/settings.server";
import { orderedPair } from "./pair";
import { olderInstall } from "../../../tests/support/older-install";
import { testEngine } from "../../../tests/support/test-database";
import { listConversations } from "./conversations.server";
import { markConversationNotificationsSeen, markConversationRead } from "./messages.server";
import { messagingFixture } from "./messaging.test-support";

/** Issue #18: one inbox with two views, and calm (grouped) message notifications. */
const fx = messagingFixture();

async function unreadNotes(userId: string) {
  return fx.db
    .select({ groupKey: notifications.groupKey, count: notifications.count, title: notifications.title, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .orderBy(notifications.createdAt);
}

describe(`grouped message notifications on ${testEngine}`, () => {
  it("three messages make one unread entry with count 3, the sender named and the latest text", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("group");
    await fx.send(buyer, conversationId, "Hallo");
    expect(await unreadNotes(seller)).toEqual([
      { groupKey: conversationGroup(conversationId), count: 1, title: "Neue Nachricht von Bert Test zu „Dienst group“", message: "Hallo", link: `/chats/${conversationId}` },
    ]);
    await fx.send(buyer, conversationId, "Sind Sie da?");
    await fx.send(buyer, conversationId, "Ich warte auf Antwort.");
    expect(await unreadNotes(seller)).toEqual([
      { groupKey: conversationGroup(conversationId), count: 3, title: "3 neue Nachrichten von Bert Test zu „Dienst group“", message: "Ich warte auf Antwort.", link: `/chats/${conversationId}` },
    ]);
    // The bell lists it once; the sender got nothing.
    expect((await listNotifications(fx.db, seller)).filter((n) => !n.read)).toHaveLength(1);
    expect(await unreadNotes(buyer)).toEqual([]);
  });

  it("each conversation is its own group; a read entry is left alone and the next message starts a new one", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("regroup");
    await fx.send(buyer, conversationId, "Zum Dienst");
    await fx.send(buyer, directId, "Direkt");
    expect((await unreadNotes(seller)).map((n) => [n.groupKey, n.count])).toEqual([
      [conversationGroup(conversationId), 1],
      [conversationGroup(directId), 1],
    ]);
    const [first] = (await listNotifications(fx.db, seller)).filter((n) => n.link === `/chats/${conversationId}`);
    expect(await markNotificationRead(fx.db, seller, first!.id)).toEqual({ link: `/chats/${conversationId}` });
    await fx.send(buyer, conversationId, "Noch eine Frage");
    const all = (await listNotifications(fx.db, seller)).filter((n) => n.link === `/chats/${conversationId}`);
    expect(all.map((n) => ({ title: n.title, message: n.message, read: n.read }))).toEqual([
      { title: "Neue Nachricht von Bert Test zu „Dienst regroup“", message: "Noch eine Frage", read: false },
      { title: "Neue Nachricht von Bert Test zu „Dienst regroup“", message: "Zum Dienst", read: true },
    ]);
    // The direct chat's entry names the sender only: it is about nothing in particular.
    expect((await listNotifications(fx.db, seller)).find((n) => n.link === `/live-chat/${directId}`)).toMatchObject({ title: "Neue Nachricht von Bert Test" });
  });

  it("opening a conversation clears only its notifications, and only the viewer's", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("open");
    await fx.send(buyer, conversationId, "Eins");
    await fx.send(buyer, conversationId, "Zwei");
    await fx.send(buyer, directId, "Direkt");
    await fx.send(seller, conversationId, "Antwort");
    // Someone else cannot mark it read: 404, nothing changes.
    await expect(markConversationRead(fx.db, "u-outsider", conversationId)).rejects.toMatchObject({ status: 404 });
    expect(await unreadNotes(seller)).toHaveLength(2);

    expect(await markConversationRead(fx.db, seller, conversationId)).toBe(2);
    expect((await unreadNotes(seller)).map((n) => n.groupKey)).toEqual([conversationGroup(directId)]);
    // The buyer's notification about the seller's answer in the same conversation stays unread.
    expect((await unreadNotes(buyer)).map((n) => [n.groupKey, n.message])).toEqual([[conversationGroup(conversationId), "Antwort"]]);

    // Opening the page clears the notifications even when the messages were read elsewhere already.
    expect(await markConversationNotificationsSeen(fx.db, seller, directId)).toBe(true);
    expect(await markConversationNotificationsSeen(fx.db, seller, directId)).toBe(false);
    expect(await unreadNotes(seller)).toEqual([]);
    expect(await unreadNotes(buyer)).toHaveLength(1);
  });

  it("a user who switched message notifications off in-app gets none; the messages still count as unread", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("quiet");
    await saveNotificationSettings(fx.db, seller, { messages: { inApp: false, email: true } });
    await fx.send(buyer, conversationId, "Hallo");
    await fx.send(buyer, conversationId, "Hallo?");
    expect(await fx.db.select().from(notifications).where(eq(notifications.userId, seller))).toEqual([]);
    expect((await loadUnreadCounts(fx.db, seller)).newMessages).toBe(2);
  });

  it("the database keeps one unread entry per group", async () => {
    const { seller } = await fx.freshPair("unique");
    const row = { userId: seller, kind: "messages", title: "t", message: "m", groupKey: "conversation:x" };
    await fx.db.insert(notifications).values(row);
    await expect(fx.db.insert(notifications).values(row)).rejects.toThrow();
    await fx.db.insert(notifications).values({ ...row, read: true });
    await expect(fx.db.insert(notifications).values({ ...row, count: 0, groupKey: "conversation:y" })).rejects.toThrow();
  });
});

describe(`one inbox, two views on ${testEngine}`, () => {
  it("the shell's counts split unread messages by view and name the view of the newest one", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("counts");
    expect(await loadUnreadCounts(fx.db, seller)).toEqual({
      newMessages: 0,
      unreadNotifications: 0,
      unreadByView: { service: 0, live: 0 },
      newestUnreadView: null,
    });
    await fx.send(buyer, conversationId, "Dienst 1");
    await fx.send(buyer, conversationId, "Dienst 2");
    await fx.send(buyer, directId, "Direkt");
    expect(await loadUnreadCounts(fx.db, seller)).toEqual({
      newMessages: 3,
      unreadNotifications: 2,
      unreadByView: { service: 2, live: 1 },
      newestUnreadView: "live",
    });
    await fx.send(buyer, conversationId, "Dienst 3");
    expect(await loadUnreadCounts(fx.db, seller)).toMatchObject({ unreadByView: { service: 3, live: 1 }, newestUnreadView: "service" });
    await markConversationRead(fx.db, seller, conversationId);
    expect(await loadUnreadCounts(fx.db, seller)).toEqual({
      newMessages: 1,
      unreadNotifications: 1,
      unreadByView: { service: 0, live: 1 },
      newestUnreadView: "live",
    });
    // The sender's own messages are no unread ones of theirs.
    expect(await loadUnreadCounts(fx.db, buyer)).toMatchObject({ newMessages: 0, newestUnreadView: null });
  });

  it("an order's conversation is listed under /chats with the order named, also before anyone wrote", async () => {
    const { seller, buyer } = await fx.freshPair("order");
    const [order] = await fx.db
      .insert(orders)
      .values({
        buyerId: buyer,
        sellerId: seller,
        serviceTitle: "Logo für das Café",
        priceUnit: "fixed",
        unitPrice: "90.00",
        total: "90.00",
        requirements: "In Blau",
        buyerAddress: { name: "Bert Test", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "DE" },
        createdAt: new Date("2026-11-24T13:05:00Z"),
      })
      .returning({ id: orders.id });
    const [user1Id, user2Id] = orderedPair(buyer, seller);
    const [conversation] = await fx.db
      .insert(conversations)
      .values({ kind: "order", orderId: order!.id, user1Id, user2Id })
      .returning({ id: conversations.id });
    for (const user of [buyer, seller]) {
      const listed = (await listConversations(fx.db, user, "service")).find((c) => c.id === conversation!.id);
      // With the day it was booked: two orders of the same service are told apart by it.
      expect(listed).toMatchObject({
        kind: "order",
        order: { id: order!.id, title: "Logo für das Café", bookedAt: "2026-11-24T13:05:00.000Z" },
        lastMessage: null,
        unreadCount: 0,
      });
      expect((await listConversations(fx.db, user, "live")).map((c) => c.id)).not.toContain(conversation!.id);
    }
    // Its messages count in the /chats view.
    await fx.send(buyer, conversation!.id, "Wann geht es los?");
    expect(await loadUnreadCounts(fx.db, seller)).toMatchObject({ unreadByView: { service: 1, live: 0 }, newestUnreadView: "service" });
    // Its notification names the order.
    expect((await listNotifications(fx.db, seller)).find((n) => n.link === `/chats/${conversation!.id}`)).toMatchObject({
      title: "Neue Nachricht von Bert Test zum Auftrag „Logo für das Café“",
    });
    // Gone with the order.
    await fx.db.delete(orders).where(eq(orders.id, order!.id));
    expect((await listConversations(fx.db, seller, "service")).map((c) => c.id)).not.toContain(conversation!.id);
  });
});

describe(`the notification groups migration on ${testEngine}`, () => {
  it("files stored message notifications in their conversation's group and collapses each group's unread ones", async () => {
    const db = await olderInstall("_inbox_notification_groups");
    try {
      await db.execute(`insert into "user" (id, name, email) values ('old', 'Alt', 'alt@example.de'), ('other', 'B', 'b@example.de')`);
      const a = "11111111-1111-4111-8111-111111111111";
      const b = "22222222-2222-4222-8222-222222222222";
      const rows: [string, string, string, boolean, number][] = [
        ["old", `/chats/${a}`, "Neue Nachricht von Bert Test", false, 3],
        ["old", `/chats/${a}`, "Neue Nachricht von Bert Test", false, 2],
        ["old", `/chats/${a}`, "Neue Nachricht von Bert Test", false, 1],
        ["old", `/chats/${a}`, "Neue Nachricht von Bert Test", true, 4],
        ["old", `/live-chat/${b}`, "Neue Nachricht von Eva Test", false, 5],
        ["other", `/chats/${a}`, "Neue Nachricht von Bert Test", false, 1],
      ];
      for (const [userId, link, title, read, minutesAgo] of rows) {
        await db.execute(
          `insert into notifications (user_id, kind, title, message, link, read, created_at) values ('${userId}', 'messages', '${title}', 'm${minutesAgo}', '${link}', ${read}, now() - interval '${minutesAgo} minutes')`,
        );
      }
      await db.execute(`insert into notifications (user_id, kind, title, message, link) values ('old', 'reviews', 'Neue Bewertung', 'r', '/services/${a}')`);
      await db.upgrade();
      const unread = await db.execute(`select user_id, group_key, count, title, message from notifications where read = false order by user_id, group_key nulls last`);
      expect(unread).toEqual([
        { user_id: "old", group_key: `conversation:${a}`, count: 3, title: "3 neue Nachrichten von Bert Test", message: "m1" },
        { user_id: "old", group_key: `conversation:${b}`, count: 1, title: "Neue Nachricht von Eva Test", message: "m5" },
        { user_id: "old", group_key: null, count: 1, title: "Neue Bewertung", message: "r" },
        { user_id: "other", group_key: `conversation:${a}`, count: 1, title: "Neue Nachricht von Bert Test", message: "m1" },
      ]);
      expect(await db.execute(`select count(*)::int as n from notifications where read = true`)).toEqual([{ n: 3 }]);
    } finally {
      await db.close();
    }
  });
});
