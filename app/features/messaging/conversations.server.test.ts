import { eq } from "drizzle-orm";
import { failureOf } from "~/lib/responses.server";
import { describe, expect, it } from "vitest";
import { conversations, messages, services } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { testEngine } from "../../../tests/support/test-database";
import { getAttachment } from "./attachments.server";
import { listConversations, startDirectConversation, startServiceConversation } from "./conversations.server";
import { chatErrorText } from "./error-texts";
import { listMessages, markConversationRead, messagesSince } from "./messages.server";
import { BUYER, file, messagingFixture, OUTSIDER, SELLER } from "./messaging.test-support";
import { captureLog } from "../../../tests/support/log-capture";

const fx = messagingFixture();

/** The database, except that the given method fails (as when the connection drops) from its `after`-th call on. */
function failing(db: Database, method: "select" | "insert", after = 0): Database {
  let calls = 0;
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop !== method || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (calls++ >= after) throw Object.assign(new Error("connection terminated"), { code: "ECONNRESET" });
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe(`conversations on ${testEngine}`, () => {
  it("starting a chat about a service reuses the conversation of the two users, also when started concurrently", async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => startServiceConversation(fx.db, BUYER, fx.serviceId)));
    expect(new Set(ids).size).toBe(1);
    const [row] = await fx.db.select().from(conversations).where(eq(conversations.id, ids[0]!));
    expect(row).toMatchObject({ kind: "service", serviceId: fx.serviceId });
    expect([row!.user1Id, row!.user2Id].sort()).toEqual([BUYER, SELLER].sort());
  });

  it("refuses a chat about one's own service, an unknown service, and a direct chat with oneself, each with its reason", async () => {
    await expect(startServiceConversation(fx.db, SELLER, fx.serviceId)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "chat_own_service" });
    await expect(startServiceConversation(fx.db, BUYER, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "chat_service_not_found",
    });
    await expect(startServiceConversation(fx.db, BUYER, "kaputt")).rejects.toMatchObject({ code: "NOT_FOUND", reason: "chat_service_not_found" });
    await expect(startDirectConversation(fx.db, BUYER, BUYER)).rejects.toMatchObject({ code: "INVALID", reason: "chat_self" });
    await expect(startDirectConversation(fx.db, BUYER, "u-nobody")).rejects.toMatchObject({ code: "NOT_FOUND", reason: "chat_user_not_found" });
  });

  it.each([
    ["removed by moderation", { removedAt: new Date() }],
    ["of a suspended provider", { ownerSuspended: true }],
  ] as const)("refuses a new chat about a service %s like a missing one (ADR 023)", async (_how, hidden) => {
    const [row] = await fx.db.insert(services).values({ title: "Versteckt", price: "10.00", category: "Design", createdBy: SELLER, ...hidden }).returning({ id: services.id });
    await expect(startServiceConversation(fx.db, BUYER, row!.id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "chat_service_not_found" });
    expect(await fx.db.select().from(conversations).where(eq(conversations.serviceId, row!.id))).toEqual([]);
  });

  it("a database failure while starting is ours (503), named by the step that failed, and logged", async () => {
    const logged = captureLog();
    await fx.newUser("u-infra-a", "Ina");
    await fx.newUser("u-infra-b", "Ivo");
    // The profile lookup works, the lookup of an existing conversation fails.
    const lookup = await startDirectConversation(failing(fx.db, "select", 1), "u-infra-a", "u-infra-b").catch((error: unknown) => error);
    expect(lookup).toMatchObject({ code: "UNAVAILABLE", reason: "chat_check_failed", status: 503 });
    const insert = await startDirectConversation(failing(fx.db, "insert"), "u-infra-a", "u-infra-b").catch((error: unknown) => error);
    expect(insert).toMatchObject({ code: "UNAVAILABLE", reason: "chat_create_failed" });
    // The boundary answers 503 and logs each once (the use-case itself does not log).
    expect(failureOf(lookup, "start chat").status).toBe(503);
    expect(failureOf(insert, "start chat").status).toBe(503);
    expect(logged.errors()).toHaveLength(2);
    expect(await listConversations(fx.db, "u-infra-a", "live")).toEqual([]);
  });

  it("a direct conversation is separate from the service one and reused from either side", async () => {
    const direct = await startDirectConversation(fx.db, BUYER, SELLER);
    expect(await startDirectConversation(fx.db, SELLER, BUYER)).toBe(direct);
    expect(direct).not.toBe(await startServiceConversation(fx.db, BUYER, fx.serviceId));
    const list = await listConversations(fx.db, BUYER, "live");
    expect(list.map((c) => c.id)).toEqual([direct]);
    expect(list[0]!.other).toMatchObject({ userId: SELLER, name: "Sabine Test" });
  });

  it("a service conversation stays one when its service is deleted", async () => {
    const pair = await fx.freshPair("del");
    await startDirectConversation(fx.db, pair.buyer, pair.seller);
    await fx.db.delete(services).where(eq(services.createdBy, pair.seller));
    const list = await listConversations(fx.db, pair.buyer, "service");
    expect(list.map((c) => c.id)).toEqual([pair.conversationId]);
    expect(list[0]!.service).toBeNull();
  });
});

describe("what starting a chat says when it fails", () => {
  it("service chat: 'Failed to check existing chats' alone, else 'Failed to create chat' with the reason", () => {
    expect(chatErrorText("service", "start", { reason: "chat_check_failed" })).toEqual({
      title: "Failed to check existing chats",
      description: "Failed to check existing chats",
    });
    expect(chatErrorText("service", "start", { reason: "chat_service_not_found" })).toEqual({
      title: "Failed to create chat",
      description: "Service not found",
    });
    expect(chatErrorText("service", "start", { reason: "chat_own_service" })).toEqual({
      title: "Failed to create chat",
      description: "Zu Ihrer eigenen Dienstleistung können Sie keinen Chat starten.",
    });
    // Something unexpected: 'Failed to create chat' (the redirect shows a description equal to the title once).
    expect(chatErrorText("service", "start", { reason: "unexpected", message: "x" }).title).toBe("Failed to create chat");
  });

  it("live chat: 'Fehler' / 'Fehler beim Erstellen des Chats', whatever failed", () => {
    for (const reason of ["chat_self", "chat_user_not_found", "chat_check_failed", "chat_create_failed", "unexpected"]) {
      expect(chatErrorText("live", "start", { reason })).toEqual({ title: "Fehler", description: "Fehler beim Erstellen des Chats" });
    }
  });
});

describe(`participants only on ${testEngine}`, () => {
  it("an outsider can read, write, mark read or download nothing: someone else's chat reads as unknown (404)", async () => {
    const conversationId = await startServiceConversation(fx.db, BUYER, fx.serviceId);
    const sent = await fx.send(BUYER, conversationId, "Guten Tag", file("notiz.txt", "Hallo"));
    const forbidden = { code: "NOT_FOUND", reason: "chat_forbidden", status: 404 };
    await expect(listMessages(fx.db, OUTSIDER, conversationId)).rejects.toMatchObject(forbidden);
    await expect(messagesSince(fx.db, OUTSIDER, conversationId, null)).rejects.toMatchObject(forbidden);
    await expect(fx.send(OUTSIDER, conversationId, "Hallo")).rejects.toMatchObject(forbidden);
    await expect(markConversationRead(fx.db, OUTSIDER, conversationId)).rejects.toMatchObject(forbidden);
    expect(await getAttachment(fx.db, OUTSIDER, sent.id)).toBeNull();
    expect(await getAttachment(fx.db, SELLER, sent.id)).toMatchObject({ name: "notiz.txt" });
    expect(await getAttachment(fx.db, SELLER, "kaputt")).toBeNull();
    const [row] = await fx.db.select({ read: messages.read }).from(messages).where(eq(messages.id, sent.id));
    expect(row!.read).toBe(false);
    await expect(listMessages(fx.db, BUYER, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "chat_not_found",
    });
    await expect(listMessages(fx.db, BUYER, "nicht-da")).rejects.toMatchObject({ code: "NOT_FOUND", reason: "chat_not_found" });
  });

  it("both views show the spec's words for an unknown and someone else's chat", () => {
    for (const view of ["service", "live"] as const) {
      expect(chatErrorText(view, "open", { reason: "chat_not_found" }).title).toBe("Chat not found");
      expect(chatErrorText(view, "open", { reason: "chat_forbidden" }).title).toBe("You don't have permission to view this chat");
    }
  });
});
