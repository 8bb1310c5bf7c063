import { describe, expect, it, vi } from "vitest";
import type { SessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { takeFlashToast } from "~/lib/flash.server";
import { createRequestContext, optionalUser } from "~/lib/request-context.server";
import { loader } from "./auth.verified";

// Who the browser is after Better Auth's redirect: the session it set (a fresh confirmation) or none.
vi.mock("~/lib/request-context.server", async (original) => ({ ...(await original<object>()), optionalUser: vi.fn() }));

const member: SessionUser = { id: "u1", email: "a@example.de", firstName: "Ada", lastName: "Muster", role: "user", sessionExpiresAt: 0 };

/** Where /auth/verified sends the browser, and the message it takes along. */
async function arrive(search: string, user: SessionUser | null) {
  vi.mocked(optionalUser).mockResolvedValue(user);
  const request = new Request(`http://localhost:3000/auth/verified${search}`);
  const response = (await loader({ request, params: {}, context: createRequestContext({ requestId: "test", cspNonce: "" }) } as never)) as Response;
  const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
  const { toast } = await takeFlashToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return { to: response.headers.get("Location"), toast };
}

describe("/auth/verified", () => {
  it("welcomes a freshly confirmed, signed-in user on the start page", async () => {
    expect(await arrive("", member)).toEqual({ to: "/", toast: { type: "success", title: de.auth.verifiedTitle, description: de.auth.verifiedText } });
  });

  it("says that a refused link failed, and leads to the sign-in", async () => {
    expect(await arrive("?error=INVALID_TOKEN", null)).toEqual({
      to: "/auth",
      toast: { type: "error", title: de.auth.verifyFailedTitle, description: de.auth.verifyFailedText },
    });
  });

  it("says kindly that an address already confirmed (the link opened again) needs nothing more, and leads to the sign-in", async () => {
    const { to, toast } = await arrive("", null);
    expect(to).toBe("/auth");
    expect(toast).toEqual({ type: "info", title: "E-Mail-Adresse bereits bestätigt", description: de.auth.alreadyVerifiedText });
    expect(toast?.title).not.toBe(de.auth.verifyFailedTitle);
  });
});
