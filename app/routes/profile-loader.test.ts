import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action, loader } from "./profile";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ME: SessionUser = { id: "u-profile-loader", email: "loader@example.de", firstName: "Lena", lastName: "Lader", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
beforeAll(async () => {
  const opened = await openProcessDatabase();
  close = opened.close;
  db = opened.db;
  await opened.db.insert(user).values({ id: ME.id, name: "Lena Lader", email: ME.email, emailVerified: true });
  await opened.db.insert(profiles).values({ userId: ME.id, email: ME.email, firstName: "Lena", lastName: "Lader" });
  // Someone else's username, for a refusal.
  await opened.db.insert(user).values({ id: "u-profile-other", name: "Otto Anders", email: "otto@example.de", emailVerified: true });
  await opened.db.insert(profiles).values({ userId: "u-profile-other", email: "otto@example.de", firstName: "Otto", lastName: "Anders", username: "otto.anders" });
  vi.mocked(readSession).mockResolvedValue({ user: ME, setCookies: [] });
});
afterAll(() => close());

function load(headers: Record<string, string>) {
  const request = new Request("http://localhost/profile", { headers });
  return inRequest(request, async (context) => {
    await requireUserMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response(null));
    return loader({ request, context, params: {}, unstable_pattern: "" } as never);
  });
}

describe(`the /profile loader on ${testEngine}`, () => {
  it("answers the whole page, nothing streamed (a streamed section needs JavaScript to show), for documents and data fetches alike", async () => {
    const requests: Record<string, string>[] = [{ "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" }, { "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" }, {}];
    for (const headers of requests) {
      const { page } = await load(headers);
      expect(page).not.toBeInstanceOf(Promise);
      expect(page).toMatchObject({ profile: expect.objectContaining({ firstName: "Lena" }), showStatus: true });
    }
  });
});

/** The edit form's post, as the browser sends it without JavaScript (a navigation) or as the app's fetch. */
async function postProfile(fields: Record<string, string>, mode: "navigate" | "cors") {
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

describe(`the /profile edit form's post on ${testEngine}`, () => {
  const fields = { intent: "updateProfile", firstName: "Lena", lastName: "Neu", username: "lena.neu", bio: "Fotografin." };

  it("without JavaScript, a save goes back to /profile (303, post/redirect/get) with the flash message", async () => {
    const saved = await postProfile(fields, "navigate");
    expect(saved).toBeInstanceOf(Response);
    const response = saved as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/profile");
    expect(response.headers.get("Set-Cookie")).toContain("flash=");
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, ME.id));
    expect(row).toMatchObject({ lastName: "Neu", username: "lena.neu", bio: "Fotografin." });
  });

  it("without JavaScript, a refusal renders the page (409, the name is taken) with the field's message and what was typed", async () => {
    const refused = await postProfile({ ...fields, lastName: "Anders", username: "Otto.Anders" }, "navigate");
    expect(refused).not.toBeInstanceOf(Response);
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: {
        intent: "updateProfile",
        ok: false,
        fieldErrors: { username: "Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen." },
        values: { firstName: "Lena", lastName: "Anders", username: "Otto.Anders", bio: "Fotografin." },
      },
    });
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, ME.id));
    expect(row?.lastName).toBe("Neu");
  });

  it("the app's own post (a fetch) is answered with data, not redirected, and a refusal sends nothing back", async () => {
    const saved = await postProfile({ ...fields, bio: "Fotografin aus Jena." }, "cors");
    expect(saved).toMatchObject({ data: { intent: "updateProfile", ok: true } });
    const refused = await postProfile({ ...fields, username: "otto.anders" }, "cors");
    expect(refused).toMatchObject({ init: { status: 409 }, data: { ok: false } });
    expect((refused as { data: object }).data).not.toHaveProperty("values");
  });
});
