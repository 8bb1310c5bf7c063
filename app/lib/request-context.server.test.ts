import { describe, expect, it, vi } from "vitest";
import { inRequest } from "../../tests/support/request-context";
import { createRequestContext, optionalUser, requestMiddleware, requireUser, requireUserMiddleware, signedInUser } from "./request-context.server";

vi.mock("~/features/auth/session.server", () => ({
  readSession: vi.fn(async (request: Request) =>
    request.headers.get("Cookie")?.includes("session_token=ok")
      ? { user: { id: "u1", email: "u1@example.de", firstName: "U", lastName: "Eins", role: "user", sessionExpiresAt: 0 }, sessionId: "s1", setCookies: ["marktplatz.session_token=slid; Path=/"] }
      : { user: null, setCookies: [] },
  ),
}));

const signedIn = (url: string) => new Request(url, { headers: { Cookie: "marktplatz.session_token=ok" } });

async function middlewareResponse(request: Request, response: Response, params: Record<string, string> = {}) {
  const context = createRequestContext({ requestId: "t", cspNonce: "" });
  return requestMiddleware({ request, context, params, unstable_pattern: "" } as never, async () => {
    await optionalUser({ request, context });
    return response;
  }) as Promise<Response>;
}

describe("the request context", () => {
  it("reads the session once per request, whoever asks", async () => {
    const { readSession } = await import("~/features/auth/session.server");
    vi.mocked(readSession).mockClear();
    const request = signedIn("http://localhost/dashboard");
    await inRequest(request, async (context) => {
      await Promise.all([optionalUser({ request, context }), optionalUser({ request, context }), requireUser({ request, context })]);
    });
    expect(readSession).toHaveBeenCalledTimes(1);
  });

  it("requireUser sends a visitor to sign in and back to this page", async () => {
    const request = new Request("http://localhost/services/abc/edit?x=1");
    const thrown = await inRequest(request, (context) => requireUser({ request, context }).catch((error: unknown) => error));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/services/abc/edit?x=1")}`);
  });

  it("the signed-in layout's middleware stops a visitor before any child runs, and hands members their user", async () => {
    const child = vi.fn();
    const visitor = new Request("http://localhost/dashboard", { method: "POST" });
    const outcome = await inRequest(visitor, async (context) => {
      try {
        await requireUserMiddleware({ request: visitor, context, params: {}, unstable_pattern: "" } as never, async () => new Response(null));
        child();
      } catch (error) {
        return error;
      }
    });
    expect(child).not.toHaveBeenCalled();
    expect((outcome as Response).status).toBe(302);
    const member = signedIn("http://localhost/dashboard");
    const user = await inRequest(member, async (context) => {
      await requireUserMiddleware({ request: member, context, params: {}, unstable_pattern: "" } as never, async () => new Response(null));
      return signedInUser(context);
    });
    expect(user.id).toBe("u1");
  });

  it("passes a slid session's cookie on, unless the response sets the session itself", async () => {
    const slid = await middlewareResponse(signedIn("http://localhost/"), new Response("ok"));
    expect(slid.headers.getSetCookie()).toEqual(["marktplatz.session_token=slid; Path=/"]);
    const signedOut = new Response(null, { headers: { "Set-Cookie": "marktplatz.session_token=; Max-Age=0; Path=/" } });
    const out = await middlewareResponse(signedIn("http://localhost/auth/sign-out"), signedOut);
    expect(out.headers.getSetCookie()).toEqual(["marktplatz.session_token=; Max-Age=0; Path=/"]);
  });

  it("refuses a NUL in a path segment (404) or a query (400) before anything runs", async () => {
    const path = await middlewareResponse(new Request("http://localhost/u/a%00b"), new Response("ran"), { username: "a\u0000b" }).catch((error: unknown) => error);
    expect((path as { init?: ResponseInit }).init?.status).toBe(404);
    const query = await middlewareResponse(new Request("http://localhost/services?q=a%00b"), new Response("ran")).catch((error: unknown) => error);
    expect((query as { init?: ResponseInit }).init?.status).toBe(400);
  });
});
