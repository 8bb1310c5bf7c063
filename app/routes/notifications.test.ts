import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { sessionUser, storeSessionUsers } from "../../tests/support/session-users";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action, loader } from "./notifications";

vi.mock("~/features/auth/session.server", async (original) => ({
  ...(await original<object>()),
  readSession: vi.fn(),
}));

const READER = sessionUser("u-notes-reader", "Rita");
const OTHER = sessionUser("u-notes-other", "Otto");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
beforeAll(async () => {
  ({ db, close } = await openProcessDatabase());
  await storeSessionUsers(db, [READER, OTHER]);
});
afterAll(() => close());

/** Runs the page's loader or action below the signed-in layout's middleware, as `who`. */
async function run(who: SessionUser, method: "GET" | "POST", fields?: Record<string, string>) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
  const request = new Request("http://localhost/benachrichtigungen", {
    method,
    body: fields ? new URLSearchParams(fields) : undefined,
    headers: { "Sec-Fetch-Mode": "navigate", Accept: "text/html" },
  });
  return inRequest(request, async (context) => {
    await requireUserMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response(null));
    try {
      return await ((method === "GET" ? loader : action) as (args: unknown) => Promise<unknown>)({ request, context, params: {}, unstable_pattern: "" });
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  });
}

const note = async (userId: string, title: string, link: string | null) =>
  (await db.insert(notifications).values({ userId, title, message: `${title}.`, link }).returning({ id: notifications.id }))[0]!.id;
const isRead = async (id: string) => (await db.select({ read: notifications.read }).from(notifications).where(eq(notifications.id, id)))[0]?.read;

describe(`the notifications page (/benachrichtigungen) on ${testEngine}`, () => {
  it("lists only the user's own notifications, newest first", async () => {
    await note(OTHER.id, "Fremd", "/orders");
    await note(READER.id, "Erste", "/orders");
    await note(READER.id, "Zweite", null);
    const page = (await run(READER, "GET")) as { notifications: { title: string }[] };
    expect(page.notifications.map((n) => n.title)).toEqual(["Zweite", "Erste"]);
  });

  it("opening one marks it read and goes where it leads (303); an address off this site, or none, comes back here", async () => {
    const inside = await note(READER.id, "Auftrag", "/orders/123");
    const answer = (await run(READER, "POST", { intent: "read", id: inside })) as Response;
    expect([answer.status, answer.headers.get("Location")]).toEqual([303, "/orders/123"]);
    expect(await isRead(inside)).toBe(true);
    const outside = await note(READER.id, "Fremde Adresse", "//evil.example/x");
    const back = (await run(READER, "POST", { intent: "read", id: outside })) as Response;
    expect(back.headers.get("Location")).toBe("/benachrichtigungen");
  });

  it("cannot mark another user's notification read: nothing changes, the page comes back", async () => {
    const theirs = await note(OTHER.id, "Nicht Ihre", "/orders/geheim");
    const answer = (await run(READER, "POST", { intent: "read", id: theirs })) as Response;
    expect([answer.status, answer.headers.get("Location")]).toEqual([303, "/benachrichtigungen"]);
    expect(await isRead(theirs)).toBe(false);
    const junk = (await run(READER, "POST", { intent: "read", id: "kein-uuid" })) as Response;
    expect(junk.headers.get("Location")).toBe("/benachrichtigungen");
  });

  it("'Alle als gelesen markieren' marks only the user's own ones and says so", async () => {
    const theirs = await note(OTHER.id, "Bleibt ungelesen", null);
    const answer = (await run(READER, "POST", { intent: "read-all" })) as Response;
    expect([answer.status, answer.headers.get("Location")]).toEqual([303, "/benachrichtigungen"]);
    expect(answer.headers.get("Set-Cookie")).toContain("flash=");
    const mine = await db.select({ read: notifications.read }).from(notifications).where(eq(notifications.userId, READER.id));
    expect(mine.every((n) => n.read)).toBe(true);
    expect(await isRead(theirs)).toBe(false);
  });
});
