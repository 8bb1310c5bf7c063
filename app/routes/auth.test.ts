import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, session, user } from "~/db/schema";
import { accountsContext, AUTH_RATE_LIMITS } from "~/features/auth/accounts.server";
import { CLIENT_IP_HEADER, type Auth } from "~/features/auth/auth.server";
import { de } from "~/i18n/de";
import { createRequestContext } from "~/lib/request-context.server";
import { createTestAuth, ctxFor, TEST_BASE_URL } from "../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { action } from "./auth";

// The real use-cases on a test database and a test auth server, instead of the app's own.
vi.mock("~/features/auth/accounts.server", async (original) => ({ ...(await original<object>()), accountsContext: vi.fn() }));

let t: TestDatabase;
let auth: Auth;
let ipCounter = 0;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ auth } = createTestAuth(t.db));
  vi.mocked(accountsContext).mockImplementation(async (request) => ctxFor(auth, t.db, request));
});
afterAll(async () => {
  await t?.destroy();
});

/** The form posted to /auth, from a client address of its own (the per-client limits stay out of the way). */
function post(fields: Record<string, string>, search = "", ip = `192.0.2.${++ipCounter}`) {
  const request = new Request(`${TEST_BASE_URL}/auth${search}`, {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: ip, Origin: TEST_BASE_URL },
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: createRequestContext({ requestId: "test", cspNonce: "" }) } as never);
}

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const registration = (overrides: Record<string, string> = {}) => ({
  intent: "signUp",
  firstName: "Rita",
  lastName: "Route",
  email: `rita.${stamp()}@example.de`,
  password: "geheim123",
  terms: "on",
  ...overrides,
});

describe(`the /auth action on ${testEngine}`, () => {
  it("refuses a too-short password as the form's own check: at the field, in the words of its hint", async () => {
    const values = registration({ password: "12345" });
    const answer = await post(values);
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      intent: "signUp",
      ok: false,
      reason: "invalid_input",
      message: de.auth.passwordHint,
      fieldErrors: { password: de.auth.passwordHint },
      values: { firstName: "Rita", lastName: "Route", email: values.email },
    });
  });

  it("answers a sign-up with the check-inbox data, and a resend from there", async () => {
    const values = registration({ email: `Neu.${stamp()}@Example.de` });
    expect((await post(values)).data).toEqual({ intent: "signUp", ok: true, email: values.email.toLowerCase() });
    expect((await post({ intent: "resend", email: values.email.toLowerCase() })).data).toEqual({ intent: "resend", ok: true, email: values.email.toLowerCase() });
  });

  it("answers a resend over its limit with 429 and when to try again, not as a failed send", async () => {
    const ip = `198.18.0.${++ipCounter}`;
    const resend = { intent: "resend", email: `rita.${stamp()}@example.de` };
    for (let i = 0; i < AUTH_RATE_LIMITS.resend.max; i++) expect((await post(resend, "", ip)).data).toMatchObject({ ok: true });
    const answer = await post(resend, "", ip);
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toMatchObject({ intent: "resend", ok: false, reason: "resend_rate_limited", values: { email: resend.email } });
    // The window is ten minutes; the text names the minutes left.
    expect((answer.data as { message: string }).message).toBe(
      "Zu viele Versuche: Die Bestätigungs-E-Mail wurde in kurzer Zeit zu oft angefordert. Bitte versuchen Sie es in 10 Minuten erneut.",
    );
    expect((answer.data as { message: string }).message).not.toBe(de.auth.resendFailed);
  });

  it("answers a sign-up and a sign-in over their limits with 429 and how long to wait", async () => {
    const signUpIp = `198.18.1.${++ipCounter}`;
    for (let i = 0; i < AUTH_RATE_LIMITS.signUp.max; i++) expect((await post(registration(), "", signUpIp)).data).toMatchObject({ ok: true });
    const values = registration();
    const signUp = await post(values, "", signUpIp);
    expect(signUp.init?.status).toBe(429);
    // Ten minutes to wait: "einen Moment" would be wrong.
    expect(signUp.data).toMatchObject({
      intent: "signUp",
      ok: false,
      reason: "rate_limited",
      message: "Zu viele Versuche. Bitte versuchen Sie es in 10 Minuten erneut.",
      values: { email: values.email },
    });

    const signInIp = `198.18.2.${++ipCounter}`;
    const signInForm = () => ({ intent: "signIn", email: `niemand.${stamp()}@example.de`, password: "falsch123" });
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.max; i++) expect((await post(signInForm(), "", signInIp)).data).toMatchObject({ reason: "invalid_credentials" });
    const signIn = await post(signInForm(), "", signInIp);
    expect(signIn.init?.status).toBe(429);
    expect(signIn.data).toMatchObject({ intent: "signIn", ok: false, reason: "rate_limited", message: "Zu viele Versuche. Bitte versuchen Sie es in einer Minute erneut." });
  });

  it("answers the auth server's refusal of a sign-in with its reason and message, and keeps the address", async () => {
    const values = registration();
    await post(values);
    const answer = await post({ intent: "signIn", email: values.email, password: values.password });
    expect(answer.init?.status).toBe(403);
    expect(answer.data).toMatchObject({ intent: "signIn", ok: false, reason: "email_not_verified", message: de.auth.errors.emailNotVerified, values: { email: values.email } });
  });

  it("signs in with a redirect that carries the session cookie", async () => {
    const values = registration();
    await post(values);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, values.email));
    const redirected = await post({ intent: "signIn", email: values.email, password: values.password, redirectTo: "/dashboard" }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(redirected).toBeInstanceOf(Response);
    const response = redirected as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(true);
  });

  it("sends a suspended account with the right password to /konto-gesperrt with its short access, never a session (ADR 023)", async () => {
    const values = registration();
    await post(values);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, values.email));
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, values.email));
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, account!.id));

    const thrown = await post({ intent: "signIn", email: values.email, password: values.password, redirectTo: "/dashboard" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/konto-gesperrt");
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    const access = cookies.find((c) => c.startsWith("suspended_access="));
    expect(access).toContain("Path=/;");
    expect(access).toContain("HttpOnly");
    expect(access).toContain("Max-Age=900");
    expect(await t.db.select().from(session).where(eq(session.userId, account!.id))).toEqual([]);

    // A wrong password learns nothing about the suspension: the ordinary refusal, no access.
    const wrong = await post({ intent: "signIn", email: values.email, password: "falsch123" });
    expect(wrong.init?.status).toBe(401);
    expect(wrong.data).toMatchObject({ intent: "signIn", ok: false, reason: "invalid_credentials" });
  });
});
