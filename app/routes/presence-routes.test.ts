import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, typingSignals, user, userPresence } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { startDirectConversation } from "~/features/messaging/conversations.server";
import { streamOpened } from "~/features/presence/presence.server";
import { inRequest } from "../../tests/support/request-context";
import { sessionUser } from "../../tests/support/session-users";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as typingAction } from "./api.conversation-typing";
import { loader as liveChatLoader } from "./live-chat";
import { action as settingAction, loader as settingLoader } from "./profile.presence";

// Who is signed in is not what this test is about: each test says it.
vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ANNA = sessionUser("u-presence-anna", "Anna");
const LUKAS = sessionUser("u-presence-lukas", "Lukas");
const OTTO = sessionUser("u-presence-otto", "Otto");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let conversationId: string;

function signedIn(who: SessionUser | null) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
}

function postTyping(id = conversationId) {
  const request = new Request(`http://localhost/api/conversations/${id}/typing`, { method: "POST" });
  return inRequest(request, (context) => typingAction({ request, params: { id }, context } as never), { id });
}

function postSetting(fields: Record<string, string>) {
  const request = new Request("http://localhost/profile/presence", { method: "POST", body: new URLSearchParams(fields) });
  return inRequest(request, (context) => settingAction({ request, params: {}, context } as never));
}

async function postSettingAs(who: SessionUser, fields: Record<string, string>) {
  signedIn(who);
  return postSetting(fields);
}

async function liveChat(id = conversationId) {
  const request = new Request(`http://localhost/live-chat/${id}`);
  const page = await inRequest(request, (context) => liveChatLoader({ request, params: { chatId: id }, context } as never), { chatId: id });
  if (!page.signedIn) throw new Error("expected a signed-in page");
  return page;
}

beforeAll(async () => {
  ({ db, close } = await openProcessDatabase());
  const people = [ANNA, LUKAS, OTTO];
  await db.insert(user).values(people.map((p) => ({ id: p.id, name: p.firstName, email: p.email, emailVerified: true })));
  await db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: p.email, firstName: p.firstName, lastName: p.lastName })));
  conversationId = await startDirectConversation(db, ANNA.id, LUKAS.id);
});
afterAll(() => close());

describe(`POST /api/conversations/{id}/typing on ${testEngine}`, () => {
  it("answers a participant, refuses the signed-out (401) and anyone else (404) without writing", async () => {
    signedIn(LUKAS);
    const answer = await postTyping();
    expect(answer.data).toEqual({ ok: true, sent: true });
    // Within 3 s the server publishes nothing more, whatever the browser sends.
    expect((await postTyping()).data).toEqual({ ok: true, sent: false });

    signedIn(null);
    expect((await postTyping()).init?.status).toBe(401);
    signedIn(OTTO);
    const refused = await postTyping();
    expect(refused.init?.status).toBe(404);
    expect(refused.data).toMatchObject({ ok: false, reason: "chat_forbidden" });
    expect((await postTyping("not-a-conversation")).init?.status).toBe(404);
    expect((await db.select().from(typingSignals).where(eq(typingSignals.userId, OTTO.id))).length).toBe(0);
  });
});

describe(`/profile/presence and the chat page's presence on ${testEngine}`, () => {
  it("the chat page sends the partner's presence; with the setting off (either side) it sends none", async () => {
    await streamOpened(db, LUKAS.id, new Date());
    await streamOpened(db, ANNA.id, new Date());
    signedIn(ANNA);
    expect((await liveChat()).presence[LUKAS.id]).toMatchObject({ online: true });

    // Lukas hides his status: Anna's page carries nothing about him.
    signedIn(LUKAS);
    expect((await postSetting({ showStatus: "off" })).data).toEqual({ ok: true, showStatus: false });
    signedIn(ANNA);
    expect((await liveChat()).presence).toEqual({ [LUKAS.id]: null });
    // And he sees nobody's: Anna shows hers, but his page carries nothing about her.
    signedIn(LUKAS);
    expect((await liveChat()).presence).toEqual({ [ANNA.id]: null });

    // The setting reads back; on again, both see each other.
    const request = new Request("http://localhost/profile/presence");
    const read = await inRequest(request, (context) => settingLoader({ request, params: {}, context } as never));
    expect(read.data).toEqual({ showStatus: false });
    expect((await postSetting({ showStatus: "on" })).data).toEqual({ ok: true, showStatus: true });
    expect((await liveChat()).presence[ANNA.id]).toMatchObject({ online: true });
  });

  it("refuses bad input (400, a German message) and the signed-out (401), changing nothing", async () => {
    signedIn(ANNA);
    const bad = await postSetting({ showStatus: "kaputt" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, reason: "invalid_input", message: "Bitte wählen Sie „an“ oder „aus“." });
    signedIn(null);
    expect((await postSetting({ showStatus: "off" })).init?.status).toBe(401);
    expect(await db.select().from(userPresence).where(eq(userPresence.userId, ANNA.id))).toEqual([]);
  });

  it("the switch without JavaScript (a plain form post) saves and goes back to /profile (303), a refusal too; signed out to the sign-in page", async () => {
    const navigate = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost/profile/presence", { method: "POST", body: new URLSearchParams(fields), headers: { "Sec-Fetch-Mode": "navigate" } });
      try {
        await inRequest(request, (context) => settingAction({ request, params: {}, context } as never));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
      throw new Error("expected a redirect");
    };
    signedIn(ANNA);
    const saved = await navigate({ showStatus: "off" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/profile");
    expect(saved.headers.get("Set-Cookie")).toContain("flash=");
    expect((await db.select().from(userPresence).where(eq(userPresence.userId, ANNA.id)))[0]?.showStatus).toBe(false);
    const refused = await navigate({ showStatus: "kaputt" });
    expect(refused.headers.get("Location")).toBe("/profile");
    expect((await db.select().from(userPresence).where(eq(userPresence.userId, ANNA.id)))[0]?.showStatus).toBe(false);
    signedIn(null);
    expect((await navigate({ showStatus: "on" })).headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fprofile/);
    await postSettingAs(ANNA, { showStatus: "on" });
  });
});
