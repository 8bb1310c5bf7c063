import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages, notifications, services } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { blockUser } from "~/features/blocks/blocks.server";
import { startDirectConversation, startServiceConversation } from "~/features/messaging/conversations.server";
import { chatErrorText } from "~/features/messaging/error-texts";
import { chatRequest, file } from "~/features/messaging/messaging.test-support";
import { takeFlashToast } from "~/lib/flash.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { sessionUser, storeSessionUsers } from "../../tests/support/session-users";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as apiAction } from "./api.conversation-messages";
import { action as chatsAction } from "./chats";
import { action as liveChatAction } from "./live-chat";

/**
 * Sends to the chat pages as the browser posts them without JavaScript (the page's own form:
 * chat-page.server.ts) and to the API the composer's script posts to: the same rules, and a
 * refusal stores nothing (no message, no notification, no file).
 */

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

// The attachments go to a store of this file's own (getStorage() reads DATA_DIR on first use).
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "chat-sends-"));
vi.stubEnv("DATA_DIR", dataDir);

const SELLER = sessionUser("u-sends-seller", "Sabine");
const BUYER = sessionUser("u-sends-buyer", "Boris");
const OUTSIDER = sessionUser("u-sends-outsider", "Otto");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let serviceChat = "";
let directChat = "";
beforeAll(async () => {
  ({ db, close } = await openProcessDatabase());
  await storeSessionUsers(db, [SELLER, BUYER, OUTSIDER]);
  const [service] = await db.insert(services).values({ title: "Logo-Design", price: "150.00", category: "Design", createdBy: SELLER.id }).returning({ id: services.id });
  serviceChat = await startServiceConversation(db, BUYER.id, service!.id);
  directChat = await startDirectConversation(db, BUYER.id, SELLER.id);
});
afterAll(async () => {
  await close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Send = { text: string; attachment?: ReturnType<typeof file>; sendToken?: string };

/** Runs a route's action as the signed-in `as`, with what a thrown redirect answers as its result. */
async function run(as: SessionUser, request: Request, params: Record<string, string>, call: (args: never) => Promise<unknown>): Promise<Response> {
  vi.mocked(readSession).mockResolvedValue({ user: as, setCookies: [] });
  try {
    return (await inRequest(
      request,
      async (context) => {
        const args = { request, context, params, unstable_pattern: "" } as never;
        // The chat pages are below the signed-in layout, whose middleware this is.
        await requireUserMiddleware(args, async () => new Response(null));
        return call(args);
      },
      params,
    )) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The page's form posted without JavaScript to /chats/{id} (service chats) or /live-chat/{id}. */
function postPage(as: SessionUser, view: "chats" | "live-chat", chatId: string, send: Send) {
  const request = chatRequest(send.text, send.attachment ?? null, send.sendToken, `http://localhost/${view}/${chatId}`);
  return run(as, request, { chatId }, view === "chats" ? chatsAction : liveChatAction);
}

/** The composer's fetch to the API. */
async function postApi(as: SessionUser, chatId: string, send: Send) {
  const request = chatRequest(send.text, send.attachment ?? null, send.sendToken, `http://localhost/api/conversations/${chatId}/messages`);
  const answer = (await run(as, request, { id: chatId }, apiAction)) as unknown as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, body: answer.data as { ok: boolean; reason?: string; message?: string } };
}

/** A post/redirect/get answer (303): where it goes and the toast it carries. */
async function redirected(response: Response) {
  expect(response.status).toBe(303);
  const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("flash="));
  const { toast } = flash ? await takeFlashToast(new Request("http://localhost/", { headers: { Cookie: flash.split(";")[0]! } })) : { toast: null };
  return { location: response.headers.get("Location"), toast };
}

const messageCount = async (conversationId: string) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId)))[0]!.n;
const notificationCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(notifications))[0]!.n;
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "storage");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Runs `act` and checks that it stored nothing: no message in `conversationId`, no notification, no file. */
async function storesNothing(conversationId: string, act: () => Promise<void>) {
  const before = { messages: await messageCount(conversationId), notifications: await notificationCount(), files: await storedFiles() };
  await act();
  expect({ messages: await messageCount(conversationId), notifications: await notificationCount(), files: await storedFiles() }).toEqual(before);
}

describe(`someone else's chat on ${testEngine}`, () => {
  it("an outsider's plain form post to /chats/{id} is sent back with 'no permission' and stores nothing, file included", async () => {
    await postPage(BUYER, "chats", serviceChat, { text: "Erste Nachricht" });
    await storesNothing(serviceChat, async () => {
      const { location, toast } = await redirected(await postPage(OUTSIDER, "chats", serviceChat, { text: "Ich mische mich ein", attachment: file("notiz.txt", "Hallo") }));
      expect(location).toBe(`/chats/${serviceChat}`);
      expect(toast).toEqual({ type: "error", title: "You don't have permission to view this chat" });
    });
  });

  it("an outsider's plain form post to /live-chat/{id} and the API's send are refused the same way, storing nothing", async () => {
    await storesNothing(directChat, async () => {
      const { location, toast } = await redirected(await postPage(OUTSIDER, "live-chat", directChat, { text: "Hallo", attachment: file("notiz.txt", "Hallo") }));
      expect(location).toBe(`/live-chat/${directChat}`);
      expect(toast).toEqual({ type: "error", title: "You don't have permission to view this chat" });
      // The API: someone else's conversation reads as unknown (404).
      for (const chatId of [directChat, serviceChat]) {
        const { status, body } = await postApi(OUTSIDER, chatId, { text: "Hallo", attachment: file("notiz.txt", "Hallo") });
        expect(status).toBe(404);
        expect(body).toMatchObject({ ok: false, reason: "chat_forbidden" });
      }
    });
    expect(await messageCount(serviceChat)).toBe(1);
  });
});

describe(`a blocked person's plain form post on ${testEngine}`, () => {
  it("is refused with the API's neutral words in both views, storing nothing", async () => {
    await blockUser(db, { actorId: SELLER.id, userId: BUYER.id });
    try {
      for (const [view, chatId] of [
        ["chats", serviceChat],
        ["live-chat", directChat],
      ] as const) {
        await storesNothing(chatId, async () => {
          const { status, body } = await postApi(BUYER, chatId, { text: "Hallo?", attachment: file("notiz.txt", "Hallo") });
          expect(status).toBe(403);
          expect(body).toMatchObject({ ok: false, reason: "message_undeliverable", message: "Die Nachricht konnte nicht gesendet werden." });
          const { location, toast } = await redirected(await postPage(BUYER, view, chatId, { text: "Hallo?", attachment: file("notiz.txt", "Hallo") }));
          expect(location).toBe(`/${view}/${chatId}`);
          // What the script shows for the API's answer, as the page's flash toast.
          const { title, description } = chatErrorText(view === "chats" ? "service" : "live", "send", { reason: body.reason!, message: body.message });
          expect(toast).toEqual({ type: "error", title, ...(description && description !== title ? { description } : {}) });
          expect(JSON.stringify(toast)).not.toMatch(/blockier/i);
        });
      }
    } finally {
      await db.execute(sql`delete from user_blocks`);
    }
  });
});

describe(`a double click on "Senden" without JavaScript on ${testEngine}`, () => {
  const TOKEN = "0f6c7a52-3d7e-4b8f-a1c2-9d8e7f6a5b4c";

  it("the same form twice sends one message; both posts go back to the newest message", async () => {
    const before = await messageCount(directChat);
    const files = (await storedFiles()).length;
    const answers = await Promise.all([0, 1].map(() => postPage(BUYER, "live-chat", directChat, { text: "Nur einmal", attachment: file("a.txt", "A"), sendToken: TOKEN })));
    for (const answer of answers) expect(await redirected(answer)).toEqual({ location: `/live-chat/${directChat}#neueste-nachricht`, toast: null });
    expect(await messageCount(directChat)).toBe(before + 1);
    expect(await storedFiles()).toHaveLength(files + 1);
  });

  it("the next form (a new token) sends again; the other person's form with the same token is their own message", async () => {
    const before = await messageCount(directChat);
    await redirected(await postPage(BUYER, "live-chat", directChat, { text: "Nur einmal", sendToken: "0f6c7a52-3d7e-4b8f-a1c2-000000000002" }));
    await redirected(await postPage(SELLER, "live-chat", directChat, { text: "Antwort", sendToken: TOKEN }));
    expect(await messageCount(directChat)).toBe(before + 2);
  });
});
