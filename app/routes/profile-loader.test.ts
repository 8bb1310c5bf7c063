import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { loader } from "./profile";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ME: SessionUser = { id: "u-profile-loader", email: "loader@example.de", firstName: "Lena", lastName: "Lader", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };

let close = async () => {};
beforeAll(async () => {
  const opened = await openProcessDatabase();
  close = opened.close;
  await opened.db.insert(user).values({ id: ME.id, name: "Lena Lader", email: ME.email, emailVerified: true });
  await opened.db.insert(profiles).values({ userId: ME.id, email: ME.email, firstName: "Lena", lastName: "Lader" });
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
