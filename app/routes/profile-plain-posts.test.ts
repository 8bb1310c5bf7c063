import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, savedSearches, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { saveSearch } from "~/features/saved-searches/saved-searches.server";
import { takeFlashToast } from "~/lib/flash.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action } from "./profile";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ME: SessionUser = { id: "u-profile-plain", email: "plain@example.de", firstName: "Paul", lastName: "Plain", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
beforeAll(async () => {
  const opened = await openProcessDatabase();
  close = opened.close;
  db = opened.db;
  await db.insert(user).values({ id: ME.id, name: "Paul Plain", email: ME.email, emailVerified: true });
  await db.insert(profiles).values({ userId: ME.id, email: ME.email, firstName: "Paul", lastName: "Plain" });
  vi.mocked(readSession).mockResolvedValue({ user: ME, setCookies: [] });
});
afterAll(() => close());

/** A form of /profile, as the browser posts it without JavaScript (a navigation) or as the app's fetch. */
async function post(fields: Record<string, string>, mode: "navigate" | "cors" = "navigate"): Promise<unknown> {
  const request = new Request("http://localhost/profile", { method: "POST", body: new URLSearchParams(fields), headers: { "Sec-Fetch-Mode": mode } });
  try {
    return await inRequest(request, async (context) => {
      await requireUserMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response(null));
      return action({ request, context, params: {}, unstable_pattern: "" } as never);
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A post/redirect/get answer: 303 back to /profile; its flash message and its other cookies. */
async function redirectedBack(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/profile");
  const cookies = response.headers.getSetCookie();
  const flashCookie = cookies.find((cookie) => cookie.startsWith("flash="));
  expect(flashCookie).toBeDefined();
  const { toast } = await takeFlashToast(new Request("http://localhost/profile", { headers: { Cookie: flashCookie!.split(";")[0]! } }));
  return { toast, others: cookies.filter((cookie) => cookie !== flashCookie) };
}

describe(`/profile's list and settings forms without JavaScript on ${testEngine}`, () => {
  it("a deleted saved search: back to /profile (303) with the message; the app's fetch still gets data", async () => {
    const first = await saveSearch(db, { actorId: ME.id, query: "?category=Design", name: "Design" });
    const { toast } = await redirectedBack(await post({ intent: "deleteSavedSearch", id: first.id }));
    expect(toast).toEqual({ type: "success", title: "Gespeicherte Suche gelöscht" });
    expect(await db.select().from(savedSearches).where(eq(savedSearches.id, first.id))).toEqual([]);

    const second = await saveSearch(db, { actorId: ME.id, query: "?q=Logo", name: "Logo" });
    expect(await post({ intent: "deleteSavedSearch", id: second.id }, "cors")).toMatchObject({ data: { intent: "deleteSavedSearch", ok: true } });
  });

  it("notification settings: back to /profile (303) with the message", async () => {
    const { toast } = await redirectedBack(await post({ intent: "notificationSettings" }));
    expect(toast).toEqual({ type: "success", title: "Einstellungen gespeichert", description: "Ihre Benachrichtigungseinstellungen wurden übernommen." });
  });

  it("a gallery image that cannot be removed: back to /profile (303) with the refusal as the message", async () => {
    const { toast } = await redirectedBack(await post({ intent: "removeImage", url: "/storage/gallery/someone-else/1.webp" }));
    expect(toast).toEqual({ type: "error", title: "Error removing image", description: "Dieses Bild ist nicht (mehr) in Ihrer Galerie." });
  });

  it("a removed favourite: back to /profile (303) with the message", async () => {
    const { toast } = await redirectedBack(await post({ intent: "removeFavorite", serviceId: "0b7c6f7e-0000-4000-8000-00000000dead" }));
    expect(toast).toEqual({ type: "success", title: "Removed from favorites" });
  });

  it("the theme: back to /profile (303) with its cookie and the message, and kept with the account", async () => {
    const { toast, others } = await redirectedBack(await post({ intent: "theme", theme: "dark" }));
    expect(toast).toEqual({ type: "success", title: "Darstellung gespeichert" });
    expect(others.some((cookie) => cookie.startsWith("theme=dark;"))).toBe(true);
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, ME.id));
    expect(row?.theme).toBe("dark");
    // The switch's own fetch (with JavaScript) still gets data.
    expect(await post({ intent: "theme", theme: "light" }, "cors")).toMatchObject({ data: { intent: "theme", ok: true } });
  });

  it("deleting the account from the page's own form needs the exact word: a wrong one renders the page with its message, nothing deleted", async () => {
    const refused = await post({ intent: "deleteAccount", confirmation: "bestätigen" });
    expect(refused).not.toBeInstanceOf(Response);
    expect(refused).toMatchObject({ init: { status: 400 }, data: { intent: "deleteAccount", ok: false, fieldErrors: { confirmation: expect.any(String) } } });
    expect(await db.select().from(profiles).where(eq(profiles.userId, ME.id))).toHaveLength(1);
  });
});
