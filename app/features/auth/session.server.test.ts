import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, session, user } from "~/db/schema";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { signIn, signUp } from "./accounts.server";
import { createAuth, SESSION_EXPIRES_IN, SESSION_UPDATE_AGE, type Auth } from "./auth.server";
import { readSessionWith, sessionCreatedAt } from "./session.server";

let t: TestDatabase;
let auth: Auth;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ auth } = createTestAuth(t.db));
});
afterAll(async () => {
  await t?.destroy();
});

/** A verified user, signed in: the Cookie header a browser sends, the session token and the user id. */
async function signedInUser(first = "Sabine") {
  const email = `${first.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.de`;
  await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { firstName: first, lastName: "Sitzung", email, password: "geheim123", terms: "on" });
  await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const { headers } = await signIn(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email, password: "geheim123" });
  const cookie = cookieFrom(headers);
  const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, token, email, userId: row!.id };
}

const page = (cookie: string) => new Request(`${TEST_BASE_URL}/services`, { headers: { Cookie: cookie } });

/** readSessionWith, and whether it needed Better Auth's getSession for the answer. */
async function read(cookie: string, withAuth = auth) {
  const spy = vi.spyOn(withAuth.api, "getSession");
  try {
    const result = await readSessionWith(withAuth, t.db, page(cookie));
    return { result, askedBetterAuth: spy.mock.calls.length > 0 };
  } finally {
    spy.mockRestore();
  }
}

describe(`reading the session of a request on ${testEngine}`, () => {
  it("reads a live session in one statement, the same user Better Auth reads", async () => {
    const { cookie, email, userId } = await signedInUser();
    const { result, askedBetterAuth } = await read(cookie);
    expect(askedBetterAuth).toBe(false);
    expect(result.user).toMatchObject({ id: userId, email, firstName: "Sabine", lastName: "Sitzung", role: "user" });
    expect(result.setCookies).toEqual([]);
    const official = await auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
    expect(result.sessionId).toBe(official!.session.id);
    expect(result.user!.sessionExpiresAt).toBe(new Date(official!.session.expiresAt).getTime());
  });

  it("tells when a session began (/auth/verified tells a fresh confirmation from a link opened again)", async () => {
    const before = Date.now();
    const { cookie } = await signedInUser("Bruno");
    const { result } = await read(cookie);
    const startedAt = await sessionCreatedAt(t.db, result.sessionId!);
    expect(startedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(startedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(await sessionCreatedAt(t.db, "no-such-session")).toBeNull();
  });

  it("refuses a token whose signature is wrong, missing or made with another secret", async () => {
    const { cookie, token } = await signedInUser();
    const [name, value] = cookie.split("=") as [string, string];
    const signature = decodeURIComponent(value).split(".")[1]!;
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const forged of [`${name}=${encodeURIComponent(`${token}.${flipped}`)}`, `${name}=${token}`, `${name}=${encodeURIComponent(`${token}.${signature}x`)}`]) {
      const { result } = await read(forged);
      expect(result.user).toBeNull();
    }
    const otherSecret = createAuth({ db: t.db, baseUrl: TEST_BASE_URL, secret: "another-secret-another-secret-another-1", mailer: createTestAuth(t.db).mailer });
    expect((await read(cookie, otherSecret)).result.user).toBeNull();
  });

  it("an expired or deleted session reads as signed out, and Better Auth clears the cookie", async () => {
    const expired = await signedInUser();
    await t.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, expired.token));
    const first = await read(expired.cookie);
    expect(first.result.user).toBeNull();
    expect(first.askedBetterAuth).toBe(true);
    expect(first.result.setCookies.some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);

    const deleted = await signedInUser();
    await t.db.delete(session).where(eq(session.token, deleted.token));
    expect((await read(deleted.cookie)).result.user).toBeNull();
  });

  it("a session due to be extended goes through Better Auth, which slides it and renews the cookie", async () => {
    const { cookie, token, userId } = await signedInUser();
    const twoDaysAgo = new Date(Date.now() - 2 * SESSION_UPDATE_AGE * 1000);
    const oldExpiry = new Date(twoDaysAgo.getTime() + SESSION_EXPIRES_IN * 1000);
    await t.db.update(session).set({ expiresAt: oldExpiry, updatedAt: twoDaysAgo }).where(eq(session.token, token));
    const { result, askedBetterAuth } = await read(cookie);
    expect(askedBetterAuth).toBe(true);
    expect(result.user?.id).toBe(userId);
    expect(result.user!.sessionExpiresAt).toBeGreaterThan(oldExpiry.getTime() + SESSION_UPDATE_AGE * 1000);
    expect(result.setCookies.some((c) => c.startsWith("marktplatz.session_token=") && c.includes(`Max-Age=${SESSION_EXPIRES_IN}`))).toBe(true);
    // Extended now: the next request reads it directly again.
    expect((await read(cookie)).askedBetterAuth).toBe(false);
  });

  it("a suspended account has no session; a missing profile is made again through Better Auth's path", async () => {
    const suspended = await signedInUser("Gesperrt");
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, suspended.userId));
    expect((await read(suspended.cookie)).result.user).toBeNull();

    const noProfile = await signedInUser("Ohneprofil");
    await t.db.delete(profiles).where(eq(profiles.userId, noProfile.userId));
    const { result, askedBetterAuth } = await read(noProfile.cookie);
    expect(askedBetterAuth).toBe(true);
    expect(result.user).toMatchObject({ id: noProfile.userId, firstName: "Ohneprofil", lastName: "Sitzung" });
    expect((await read(noProfile.cookie)).askedBetterAuth).toBe(false);
  });

  it("leaves Better Auth's other session cookies (not staying signed in, a cached session) to Better Auth", async () => {
    const { cookie, userId } = await signedInUser();
    for (const extra of ["marktplatz.dont_remember=x", "marktplatz.session_data=x", "marktplatz.session_data.0=x"]) {
      const { result, askedBetterAuth } = await read(`${cookie}; ${extra}`);
      expect(askedBetterAuth).toBe(true);
      expect(result.user?.id).toBe(userId);
    }
  });
});
