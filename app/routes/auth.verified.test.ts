import { describe, expect, it, vi } from "vitest";
import { sessionCreatedAt, type SessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { takeFlashToast } from "~/lib/flash.server";
import { createRequestContext, session } from "~/lib/request-context.server";
import { loader } from "./auth.verified";

// Who the browser is after Better Auth's redirect: the session it set (a fresh confirmation), one
// it had before (signed in already), or none.
vi.mock("~/lib/request-context.server", async (original) => ({ ...(await original<object>()), session: vi.fn(), database: vi.fn(async () => ({})) }));
vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), sessionCreatedAt: vi.fn() }));

const member: SessionUser = { id: "u1", email: "a@example.de", firstName: "Ada", lastName: "Muster", role: "user", sessionExpiresAt: 0 };

/** Where /auth/verified sends the browser, and the message it takes along. */
async function arrive(search: string, user: SessionUser | null, sessionAgeMs = 3_000, cookie = "") {
  vi.mocked(session).mockResolvedValue(user ? { user, sessionId: "s1", setCookies: [] } : { user: null, setCookies: [] });
  vi.mocked(sessionCreatedAt).mockResolvedValue(user ? new Date(Date.now() - sessionAgeMs) : null);
  const request = new Request(`http://localhost:3000/auth/verified${search}`, { headers: { Cookie: cookie } });
  const response = (await loader({ request, params: {}, context: createRequestContext({ requestId: "test", cspNonce: "" }) } as never)) as Response;
  const [flash, ...others] = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const { toast } = await takeFlashToast(new Request("http://localhost:3000/", { headers: { Cookie: flash! } }));
  return { to: response.headers.get("Location"), toast, others };
}

describe("/auth/verified", () => {
  it("welcomes a freshly confirmed, signed-in user on the start page", async () => {
    const { to, toast, others } = await arrive("", member);
    expect({ to, toast }).toEqual({ to: "/", toast: { type: "success", title: de.auth.verifiedTitle, description: de.auth.verifiedText } });
    // The link opened again at once, in the same browser (the same young session): no second welcome.
    const again = await arrive("", member, 5_000, others.join("; "));
    expect(again.toast).toEqual({ type: "info", title: de.auth.alreadyVerifiedTitle, description: de.auth.alreadyVerifiedSignedInText });
    expect(again.to).toBe("/");
    // The mark belongs to that session: another young session is welcomed.
    vi.mocked(session).mockResolvedValueOnce({ user: member, sessionId: "s2", setCookies: [] });
    const request = new Request("http://localhost:3000/auth/verified", { headers: { Cookie: others.join("; ") } });
    const response = (await loader({ request, params: {}, context: createRequestContext({ requestId: "test", cspNonce: "" }) } as never)) as Response;
    const { toast: other } = await takeFlashToast(new Request("http://localhost:3000/", { headers: { Cookie: response.headers.getSetCookie()[0]!.split(";")[0]! } }));
    expect(other?.title).toBe(de.auth.verifiedTitle);
  });

  it("says that a refused link failed, and leads to the sign-in", async () => {
    expect(await arrive("?error=INVALID_TOKEN", null)).toEqual({
      to: "/auth",
      toast: { type: "error", title: de.auth.verifyFailedTitle, description: de.auth.verifyFailedText },
      others: [],
    });
  });

  it("says kindly that an address already confirmed (the link opened again) needs nothing more, and leads to the sign-in", async () => {
    const { to, toast } = await arrive("", null);
    expect(to).toBe("/auth");
    expect(toast).toEqual({ type: "info", title: "E-Mail-Adresse bereits bestätigt", description: de.auth.alreadyVerifiedText });
    expect(toast?.title).not.toBe(de.auth.verifyFailedTitle);
  });

  it("tells someone signed in before (the link opened again in their browser) that nothing more is needed, not a welcome", async () => {
    const { to, toast } = await arrive("", member, 3 * 24 * 3600_000);
    expect(to).toBe("/");
    expect(toast).toEqual({ type: "info", title: de.auth.alreadyVerifiedTitle, description: "Ihre E-Mail-Adresse ist schon bestätigt – der Link wird nicht mehr gebraucht. Sie sind angemeldet." });
  });
});
