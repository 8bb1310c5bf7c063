import { and, eq, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, messageDigests, messages, notifications, orders, services, userBlocks } from "~/db/schema";
import { chatErrorText } from "~/features/messaging/error-texts";
import { startDirectConversation, startServiceConversation } from "~/features/messaging/conversations.server";
import { markConversationRead } from "~/features/messaging/messages.server";
import { file, messagingFixture, OUTSIDER } from "~/features/messaging/messaging.test-support";
import { bookService, withdrawOrder } from "~/features/orders/orders.server";
import { presenceFor, streamClosed, streamOpened } from "~/features/presence/presence.server";
import { signalTyping } from "~/features/presence/typing.server";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { exportUserData } from "~/features/profile/export.server";
import { runMessageDigests } from "~/features/notifications/message-digest.server";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import { AppError } from "~/lib/errors";
import { failureOf } from "~/lib/responses.server";
import { pngBytes } from "../../../tests/support/files";
import { testEngine } from "../../../tests/support/test-database";
import { blockStateBetween, blockUser, listBlockedUsers, unblockUser } from "./blocks.server";

/** Blocking a user (ADR 024): who may block and unblock, and what a block stops, on the server. */

const fx = messagingFixture();

const NEUTRAL = "Die Nachricht konnte nicht gesendet werden.";
const address = { name: "Berta Kundin", street: "Hauptstraße 5", postalCode: "10115", city: "Berlin" };
const booking = { ...address, requirements: "Ein Logo für mein Café, bitte in Blau." };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** What a browser receives for a refusal: the failure as the API answers it. */
function answered(error: AppError) {
  return failureOf(error, "test").failure;
}

/**
 * A blocker and the person they will block, each with a service, with a service chat about each
 * other's service and a direct chat between them (all before the block).
 */
async function scene(prefix: string) {
  const { seller: blocker, buyer: blocked, conversationId: serviceChat, directId } = await fx.freshPair(prefix);
  const [blockerService] = await fx.db.select({ id: services.id }).from(services).where(eq(services.createdBy, blocker));
  const [blockedService] = await fx.db
    .insert(services)
    .values({ title: `Angebot ${prefix}`, price: "20.00", category: "Design", createdBy: blocked })
    .returning({ id: services.id });
  return { blocker, blocked, serviceChat, directId, blockerService: blockerService!.id, blockedService: blockedService!.id };
}

async function messageCount(conversationId: string) {
  const [row] = await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId));
  return row!.n;
}

describe(`blocking and unblocking on ${testEngine}`, () => {
  it("a signed-in user blocks another; self, unknown people and signed-out requests are refused", async () => {
    const { blocker, blocked } = await scene("perm");
    await expect(blockUser(fx.db, { actorId: null, userId: blocked })).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required" });
    await expect(blockUser(fx.db, { actorId: blocker, userId: blocker })).rejects.toMatchObject({ code: "INVALID", reason: "block_self", status: 400 });
    expect(answered(await refusal(blockUser(fx.db, { actorId: blocker, userId: blocker }))).message).toBe("Sie können sich nicht selbst blockieren.");
    await expect(blockUser(fx.db, { actorId: blocker, userId: "u-nobody" })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "block_user_not_found" });
    await expect(blockUser(fx.db, { actorId: blocker, userId: undefined })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await blockUser(fx.db, { actorId: blocker, userId: blocked })).toEqual({ name: "Bert Test", created: true });
    // Twice is harmless: nothing changes, the first date stays.
    const [first] = await fx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blocker));
    expect(await blockUser(fx.db, { actorId: blocker, userId: blocked })).toEqual({ name: "Bert Test", created: false });
    const rows = await fx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blocker));
    expect(rows).toEqual([first]);
    expect(await blockStateBetween(fx.db, blocker, blocked)).toEqual({ blockedByMe: true, blockedMe: false });
    expect(await blockStateBetween(fx.db, blocked, blocker)).toEqual({ blockedByMe: false, blockedMe: true });
    // The database refuses a self-block too.
    await expect(fx.db.insert(userBlocks).values({ blockerId: blocker, blockedId: blocker })).rejects.toThrow();
  });

  it("only the blocker lifts a block: the blocked person's unblock fails and changes nothing; a second unblock fails", async () => {
    const { blocker, blocked } = await scene("unbl");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const forbidden = await refusal(unblockUser(fx.db, { actorId: blocked, userId: blocker }));
    expect(forbidden).toMatchObject({ code: "NOT_FOUND", reason: "block_not_found", status: 404 });
    await expect(unblockUser(fx.db, { actorId: OUTSIDER, userId: blocked })).rejects.toMatchObject({ reason: "block_not_found" });
    await expect(unblockUser(fx.db, { actorId: null, userId: blocked })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await blockStateBetween(fx.db, blocker, blocked)).toEqual({ blockedByMe: true, blockedMe: false });

    expect(await unblockUser(fx.db, { actorId: blocker, userId: blocked })).toEqual({ name: "Bert Test" });
    expect(await blockStateBetween(fx.db, blocker, blocked)).toEqual({ blockedByMe: false, blockedMe: false });
    await expect(unblockUser(fx.db, { actorId: blocker, userId: blocked })).rejects.toMatchObject({ reason: "block_not_found" });
  });

  it("the profile lists whom the user blocked, never who blocked them", async () => {
    const { blocker, blocked } = await scene("list");
    await fx.newUser("list-third", "Tilda");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    await blockUser(fx.db, { actorId: "list-third", userId: blocker });
    const list = await listBlockedUsers(fx.db, blocker);
    expect(list).toEqual([expect.objectContaining({ userId: blocked, name: "Bert Test", firstName: "Bert", username: null })]);
    expect(await listBlockedUsers(fx.db, blocked)).toEqual([]);
  });
});

describe(`what a block stops, in both chat views, on ${testEngine}`, () => {
  it("the blocked person's messages are refused in both views with only the neutral text; nothing is stored or notified", async () => {
    const { blocker, blocked, serviceChat, directId } = await scene("send");
    await fx.send(blocked, serviceChat, "Vor der Blockierung");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const notesBefore = await fx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, blocker));

    for (const [view, conversationId] of [
      ["service", serviceChat],
      ["live", directId],
    ] as const) {
      const error = await refusal(fx.send(blocked, conversationId, "Hallo?"));
      expect(error).toMatchObject({ code: "FORBIDDEN", reason: "message_undeliverable", status: 403 });
      const failure = answered(error);
      expect(failure.message).toBe(NEUTRAL);
      // Nothing in the answer tells of a block.
      expect(JSON.stringify(failure)).not.toMatch(/block/i);
      const toast = chatErrorText(view, "send", failure);
      expect(JSON.stringify(toast)).toContain(NEUTRAL);
      expect(JSON.stringify(toast)).not.toMatch(/blockier/i);
    }
    expect(chatErrorText("service", "send", { reason: "message_undeliverable" })).toEqual({ title: NEUTRAL });
    expect(chatErrorText("live", "send", { reason: "message_undeliverable" })).toEqual({ title: "Fehler", description: NEUTRAL });
    expect(await messageCount(serviceChat)).toBe(1);
    expect(await messageCount(directId)).toBe(0);
    expect(await fx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, blocker))).toEqual(notesBefore);
  });

  it("the blocker cannot write to the blocked person either, and is told why", async () => {
    const { blocker, blocked, serviceChat, directId } = await scene("back");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    for (const conversationId of [serviceChat, directId]) {
      const error = await refusal(fx.send(blocker, conversationId, "Noch was"));
      expect(error).toMatchObject({ code: "FORBIDDEN", reason: "blocked_by_you" });
      expect(answered(error).message).toBe("Sie haben diese Person blockiert. Heben Sie die Blockierung auf, um ihr zu schreiben.");
    }
    expect(await messageCount(serviceChat)).toBe(0);
  });

  it("an attachment from either side is refused before anything is stored", async () => {
    const { blocker, blocked, serviceChat, directId } = await scene("file");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const before = await fx.storedFiles();
    await expect(fx.send(blocked, serviceChat, "", file("bild.png", await pngBytes()))).rejects.toMatchObject({ reason: "message_undeliverable" });
    await expect(fx.send(blocked, directId, "Bild", file("bild.png", await pngBytes()))).rejects.toMatchObject({ reason: "message_undeliverable" });
    await expect(fx.send(blocker, directId, "", file("bild.png", await pngBytes()))).rejects.toMatchObject({ reason: "blocked_by_you" });
    expect(await fx.storedFiles()).toEqual(before);
  });

  it("no new conversation: the blocked person starts none (neutral text); the blocker only reopens an existing one", async () => {
    const { blocker, blocked, directId, blockerService, blockedService } = await scene("start");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const countConversations = async () =>
      (
        await fx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(conversations)
          .where(or(eq(conversations.user1Id, blocked), eq(conversations.user2Id, blocked)))
      )[0]!.n;
    const before = await countConversations();
    const direct = await refusal(startDirectConversation(fx.db, blocked, blocker));
    expect(direct).toMatchObject({ reason: "message_undeliverable" });
    expect(chatErrorText("live", "start", answered(direct))).toEqual({ title: "Fehler", description: NEUTRAL });
    // Also about a service the two have no chat about yet (and one they have).
    const [otherService] = await fx.db
      .insert(services)
      .values({ title: "Zweites Angebot", price: "5.00", category: "Design", createdBy: blocker })
      .returning({ id: services.id });
    for (const serviceId of [otherService!.id, blockerService]) {
      const started = await refusal(startServiceConversation(fx.db, blocked, serviceId));
      expect(started).toMatchObject({ reason: "message_undeliverable" });
      expect(chatErrorText("service", "start", answered(started))).toEqual({ title: NEUTRAL });
    }
    // The blocker reopens the chat they have (it shows the block), but starts no new one.
    expect(await startDirectConversation(fx.db, blocker, blocked)).toBe(directId);
    await expect(startServiceConversation(fx.db, blocker, blockedService)).rejects.toMatchObject({ reason: "blocked_by_you" });
    expect(await countConversations()).toBe(before);
  });

  it("ordering is refused both ways; the blocked buyer reads a neutral text; no order is made", async () => {
    const { blocker, blocked, blockerService, blockedService } = await scene("order");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const error = await refusal(bookService(fx.db, { actorId: blocked, serviceId: blockerService, input: booking }));
    expect(error).toMatchObject({ code: "FORBIDDEN", reason: "order_undeliverable" });
    expect(answered(error).message).toBe("Der Auftrag konnte nicht übermittelt werden.");
    expect(JSON.stringify(answered(error))).not.toMatch(/block/i);
    await expect(bookService(fx.db, { actorId: blocker, serviceId: blockedService, input: booking })).rejects.toMatchObject({ reason: "order_blocked_by_you" });
    const made = await fx.db.select({ id: orders.id }).from(orders).where(or(eq(orders.buyerId, blocked), eq(orders.buyerId, blocker)));
    expect(made).toEqual([]);
  });

  it("an order under way keeps its conversation open for both; once it has ended, the block applies there too", async () => {
    const { blocker, blocked, blockerService } = await scene("running");
    const { orderId } = await bookService(fx.db, { actorId: blocked, serviceId: blockerService, input: booking });
    const [orderChat] = await fx.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.orderId, orderId));
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    await fx.send(blocked, orderChat!.id, "Wann geht es los?");
    await fx.send(blocker, orderChat!.id, "Morgen.");
    expect(await signalTyping(fx.db, { userId: blocked, conversationId: orderChat!.id })).toBe(true);
    // The order's own steps go on.
    await withdrawOrder(fx.db, { actorId: blocked, orderId });
    await expect(fx.send(blocked, orderChat!.id, "Noch eine Frage")).rejects.toMatchObject({ reason: "message_undeliverable" });
    await expect(fx.send(blocker, orderChat!.id, "Schade")).rejects.toMatchObject({ reason: "blocked_by_you" });
    expect(await messageCount(orderChat!.id)).toBe(2);
  });

  it("unblocking restores writing, starting and ordering", async () => {
    const { blocker, blocked, serviceChat, directId, blockerService } = await scene("restore");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    await expect(fx.send(blocked, directId, "Hallo")).rejects.toMatchObject({ reason: "message_undeliverable" });
    await unblockUser(fx.db, { actorId: blocker, userId: blocked });
    expect((await fx.send(blocked, directId, "Hallo")).content).toBe("Hallo");
    expect((await fx.send(blocked, serviceChat, "", file("bild.png", await pngBytes()))).file).toMatchObject({ name: "bild.png" });
    expect((await fx.send(blocker, directId, "Wieder da")).content).toBe("Wieder da");
    expect(await startDirectConversation(fx.db, blocked, blocker)).toBe(directId);
    const { orderId } = await bookService(fx.db, { actorId: blocked, serviceId: blockerService, input: booking });
    expect(orderId).toBeTruthy();
  });
});

describe(`presence, typing and live events under a block on ${testEngine}`, () => {
  it("neither sees the other's status; typing signals and read events do not reach the blocked person", async () => {
    const { blocker, blocked, directId } = await scene("quiet");
    const blockerStream = await streamOpened(fx.db, blocker);
    await streamOpened(fx.db, blocked);
    expect((await presenceFor(fx.db, blocked, [blocker]))[blocker]).toMatchObject({ online: true });
    await fx.send(blocked, directId, "Bevor es still wird");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    expect(await presenceFor(fx.db, blocked, [blocker])).toEqual({ [blocker]: null });
    expect(await presenceFor(fx.db, blocker, [blocked])).toEqual({ [blocked]: null });

    const listening = listen(fx.t, new RealtimeHub(), { url: fx.t.url });
    await listening.ready;
    try {
      const heard: RealtimeEvent[] = [];
      listening.hub.subscribe(blocked, (event) => heard.push(event));
      expect(await signalTyping(fx.db, { userId: blocker, conversationId: directId })).toBe(false);
      expect(await signalTyping(fx.db, { userId: blocked, conversationId: directId })).toBe(false);
      // The blocker reads the chat: their unread count clears, the blocked person hears nothing.
      expect(await markConversationRead(fx.db, blocker, directId)).toBe(1);
      // The blocker goes offline and comes back: the blocked person is not told.
      await streamClosed(fx.db, blocker, blockerStream);
      await streamOpened(fx.db, blocker);
      // Events arrive in order: once this one is here, anything published before it would be too.
      await publish(fx.db, [blocked], { type: "counts" });
      await expect.poll(() => heard.some((e) => e.type === "counts")).toBe(true);
      expect(heard.filter((e) => e.type !== "counts")).toEqual([]);
    } finally {
      await listening.stop();
    }
  });
});

describe(`mail under a block on ${testEngine}`, () => {
  it("the digest of unread messages leaves out what a blocked person wrote before the block", async () => {
    const { blocker, blocked, directId } = await scene("digest");
    await fx.send(blocked, directId, "Ungelesen vor der Blockierung");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    await runMessageDigests(fx.db, { now: new Date(Date.now() + 30 * 60_000), delayMinutes: 15, baseUrl: "http://localhost:3000" });
    const digests = await fx.db.select().from(messageDigests).where(eq(messageDigests.userId, blocker));
    expect(digests.filter((d) => d.sentAt !== null)).toEqual([]);
    // Unblocked, the message is named by the next digest.
    await unblockUser(fx.db, { actorId: blocker, userId: blocked });
    await runMessageDigests(fx.db, { now: new Date(Date.now() + 30 * 60_000), delayMinutes: 15, baseUrl: "http://localhost:3000" });
    const [sent] = await fx.db.select().from(messageDigests).where(eq(messageDigests.userId, blocker));
    expect(sent?.sentAt).toBeInstanceOf(Date);
  });
});

describe(`export and account deletion on ${testEngine}`, () => {
  it("the export lists whom the user blocked, not who blocked them", async () => {
    const { blocker, blocked } = await scene("export");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    const mine = await exportUserData(fx.db, { actorId: blocker });
    expect(mine.blocked_users).toEqual([{ user_id: blocked, name: "Bert Test", username: null, blocked_at: expect.any(String) }]);
    const theirs = await exportUserData(fx.db, { actorId: blocked });
    expect(theirs.blocked_users).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain(`"${blocker}"`);
  });

  it("deleting either account removes its blocks", async () => {
    const { blocker, blocked } = await scene("gone");
    await fx.newUser("gone-third", "Dora");
    await blockUser(fx.db, { actorId: blocker, userId: blocked });
    await blockUser(fx.db, { actorId: "gone-third", userId: blocker });
    await blockUser(fx.db, { actorId: blocked, userId: "gone-third" });
    await deleteAccount(fx.db, fx.storage, { actorId: blocker, input: { confirmation: "BESTÄTIGEN" } });
    const left = await fx.db
      .select()
      .from(userBlocks)
      .where(or(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocker)));
    expect(left).toEqual([]);
    // Other blocks stay.
    expect(await fx.db.select().from(userBlocks).where(and(eq(userBlocks.blockerId, blocked), eq(userBlocks.blockedId, "gone-third")))).toHaveLength(1);
  });
});
