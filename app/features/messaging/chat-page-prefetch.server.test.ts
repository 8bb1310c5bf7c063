import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, notifications, profiles, user } from "~/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import { conversationGroup, createNotification } from "~/features/notifications/notifications.server";
import { isPrefetch } from "~/lib/request-kind.server";
import { inRequest } from "../../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../../tests/support/test-database";
import { loadChatPage } from "./chat-page.server";
import { startDirectConversation } from "./conversations.server";
import { markConversationRead } from "./messages.server";

/** A prefetch of a chat page (React Router's `<Link prefetch>`, speculation rules) marks nothing read; opening it does. */

const READER: SessionUser = {
  id: "u-prefetch-reader",
  email: "reader@prefetch.example.de",
  firstName: "Rita",
  lastName: "Reader",
  role: "user",
  sessionExpiresAt: Date.now() + 3_600_000,
};
const WRITER = { id: "u-prefetch-writer", email: "writer@prefetch.example.de" };

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let conversationId = "";
beforeAll(async () => {
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  for (const [who, first] of [
    [READER, "Rita"],
    [WRITER, "Walter"],
  ] as const) {
    await db.insert(user).values({ id: who.id, name: first, email: who.email, emailVerified: true });
    await db.insert(profiles).values({ userId: who.id, email: who.email, firstName: first, lastName: "Test" });
  }
  conversationId = await startDirectConversation(db, WRITER.id, READER.id);
});
afterAll(() => close());

/** A new unread message to the reader with its grouped notification. */
async function newMessage(text: string) {
  await db.insert(messages).values({ conversationId, senderId: WRITER.id, content: text });
  await createNotification(db, {
    kind: "messages",
    userId: READER.id,
    title: "Neue Nachricht",
    message: text,
    link: `/live-chat/${conversationId}`,
    group: { key: conversationGroup(conversationId), title: (n) => `${n} neue Nachrichten` },
  });
}

const unreadNotes = async () =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, READER.id), eq(notifications.groupKey, conversationGroup(conversationId)), eq(notifications.read, false)))
  ).length;
const unreadMessages = async () =>
  (
    await db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.read, false)))
  ).length;

function open(headers: Record<string, string>) {
  const request = new Request(`http://localhost/live-chat/${conversationId}`, { headers });
  return inRequest(request, (context) => loadChatPage({ request, context }, READER, "live", conversationId));
}

describe("isPrefetch", () => {
  it("knows the prefetch headers of Chromium, Firefox and others, and nothing else", () => {
    const is = (headers: Record<string, string>) => isPrefetch(new Request("http://x/", { headers }));
    expect(is({ "Sec-Purpose": "prefetch" })).toBe(true);
    expect(is({ "Sec-Purpose": "prefetch;prerender" })).toBe(true);
    expect(is({ Purpose: "prefetch" })).toBe(true);
    expect(is({ "X-Purpose": "preview" })).toBe(true);
    expect(is({ "X-Moz": "prefetch" })).toBe(true);
    expect(is({ "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" })).toBe(false);
    expect(is({})).toBe(false);
  });
});

describe(`opening a chat page vs prefetching it on ${testEngine}`, () => {
  it("a prefetch (React Router's data request or a document prefetch) marks no notification and no message read", async () => {
    await newMessage("Hallo?");
    const prefetches: Record<string, string>[] = [{ "Sec-Purpose": "prefetch" }, { Purpose: "prefetch" }, { "Sec-Purpose": "prefetch;prerender", "Sec-Fetch-Dest": "document" }];
    for (const headers of prefetches) {
      const page = await open(headers);
      expect(page.active?.notificationsPending).toBe(true);
      expect(page.active?.page.messages.map((m) => m.content)).toContain("Hallo?");
    }
    expect(await unreadNotes()).toBe(1);
    expect(await unreadMessages()).toBe(1);
  });

  it("really opening it (without JavaScript: the document GET) marks its notifications read", async () => {
    const page = await open({ "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" });
    expect(page.active?.notificationsPending).toBe(false);
    expect(await unreadNotes()).toBe(0);
  });

  it("a page that came from a prefetch is marked read by the browser when it shows it (the read call, also with no unread message)", async () => {
    await newMessage("Noch da?");
    await open({ "Sec-Purpose": "prefetch" });
    expect(await unreadNotes()).toBe(1);
    // The browser's call on showing the chat (with JavaScript): messages and notifications.
    expect(await markConversationRead(db, READER.id, conversationId)).toBe(2);
    expect(await unreadNotes()).toBe(0);
    expect(await unreadMessages()).toBe(0);
    // Again with no unread message left but a fresh notification: the call still clears it.
    await createNotification(db, {
      kind: "messages",
      userId: READER.id,
      title: "Neue Nachricht",
      message: "x",
      link: `/live-chat/${conversationId}`,
      group: { key: conversationGroup(conversationId), title: (n) => `${n} neue Nachrichten` },
    });
    expect(await markConversationRead(db, READER.id, conversationId)).toBe(0);
    expect(await unreadNotes()).toBe(0);
  });
});
