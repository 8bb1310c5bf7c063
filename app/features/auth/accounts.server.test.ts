import { APIError } from "better-auth/api";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, profiles, session, user, verification } from "~/db/schema";
import { listen, RealtimeHub } from "~/features/realtime/realtime.server";
import { de } from "~/i18n/de";
import { errorText } from "~/i18n/errors.de";
import type { AppError } from "~/lib/errors";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, linkIn, type MemoryMailer } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { AUTH_RATE_LIMITS, requestPasswordReset, resendVerification, resetPassword, signIn, signOutEverywhere, signUp } from "./accounts.server";
import { CLIENT_IP_HEADER, createAuth, SESSION_EXPIRES_IN, SESSION_UPDATE_AGE, type Auth } from "./auth.server";

let t: TestDatabase;
let auth: Auth;
let mailer: MemoryMailer;
let ipCounter = 0;
/** Each test acts from its own client address so rate limits do not leak between tests. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestDatabase();
  ({ auth, mailer } = createTestAuth(t.db));
});
afterAll(async () => {
  await t?.destroy();
});

const form = (overrides: Record<string, string> = {}) => ({
  firstName: "Erika",
  lastName: "Mustermann",
  email: `erika.${Math.random().toString(36).slice(2, 8)}@example.de`,
  password: "geheim123",
  terms: "on",
  ...overrides,
});

async function userCount() {
  const [row] = await t.db.select({ n: count() }).from(user);
  return row!.n;
}

async function registerVerified(overrides: Record<string, string> = {}) {
  const values = form(overrides);
  await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values);
  await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, values.email));
  return values;
}

async function signedIn(email: string, password: string) {
  const { headers } = await signIn(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email, password });
  return cookieFrom(headers);
}

async function sessionOf(cookie: string) {
  return auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
}

describe(`accounts on ${testEngine}`, () => {
  it("sign-up creates the user and its profile, unverified, and mails a verification link", async () => {
    const values = form({ email: "Neu.Kunde@Example.de" });
    const result = await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values);
    expect(result.email).toBe("neu.kunde@example.de");
    const [created] = await t.db.select().from(user).where(eq(user.email, "neu.kunde@example.de"));
    expect(created).toMatchObject({ name: "Erika Mustermann", emailVerified: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, created!.id));
    expect(profile).toMatchObject({ firstName: "Erika", lastName: "Mustermann", email: "neu.kunde@example.de", role: "user" });
    const [credential] = await t.db.select().from(account).where(eq(account.userId, created!.id));
    expect(credential!.providerId).toBe("credential");
    expect(credential!.password).not.toContain("geheim123");
    // scrypt: "<salt hex>:<key hex>"
    expect(credential!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const mail = await mailer.waitFor("neu.kunde@example.de", /E-Mail-Adresse/);
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
    expect(mail.html).toContain("<a href=");
    // No session before verification.
    expect(result.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
  });

  it("refuses sign-in before verification, then the link verifies and signs in", async () => {
    const values = form();
    await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values);
    await expect(signIn(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email, password: values.password })).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "email_not_verified",
    });
    const [sessionCount] = await t.db
      .select({ n: count() })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, values.email));
    expect(sessionCount!.n).toBe(0);

    const link = linkIn(await mailer.waitFor(values.email, /E-Mail-Adresse/));
    const response = await auth.handler(new Request(link));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth/verified");
    const cookie = cookieFrom(response.headers);
    expect((await sessionOf(cookie))?.user.email).toBe(values.email);
    const [verified] = await t.db.select().from(user).where(eq(user.email, values.email));
    expect(verified!.emailVerified).toBe(true);
    expect(cookieFrom((await signIn(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email, password: values.password })).headers)).toMatch(
      /session_token=/,
    );
  });

  it("answers a sign-up with a registered address like a new one, without a second account", async () => {
    const values = await registerVerified();
    const before = await userCount();
    const again = await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { ...values, password: "anderes-passwort" });
    expect(again.email).toBe(values.email);
    expect(await userCount()).toBe(before);
    // The owner is told instead, with the way to a new password; the password did not change.
    const note = await mailer.waitFor(values.email, /Registrierungsversuch/);
    expect(linkIn(note)).toBe("http://localhost:3000/forgot-password");
    expect(note.text).toContain(de.mail.existingText);
    await signedIn(values.email, values.password);
  });

  it("answers a second sign-up of an unconfirmed address like a new one; its owner confirms it by choosing a new password, never with the first one", async () => {
    // Whoever registered the address first may not own it: their password must not survive the
    // owner's confirmation (else they could sign in to the confirmed account).
    const values = form();
    const first = await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values);
    await mailer.waitFor(values.email, /Bitte bestätigen/);
    const before = await userCount();
    const again = await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { ...values, password: "anderes-passwort" });
    // The same answer as for a new address: the address, no session.
    expect(again.email).toBe(first.email);
    expect(again.headers.getSetCookie()).toEqual(first.headers.getSetCookie());
    expect(await userCount()).toBe(before);

    const note = await mailer.waitFor(values.email, /Registrierungsversuch/);
    expect(note.text).toContain(de.mail.existingUnverifiedText);
    expect(note.html).toContain(de.mail.existingUnverifiedButton);
    // No verification link: the way to a new password.
    expect(linkIn(note)).toBe("http://localhost:3000/forgot-password");

    await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email });
    const token = new URL(linkIn(await mailer.waitFor(values.email, /Passwort zurücksetzen/))).searchParams.get("token")!;
    await resetPassword(ctxFor(auth, t.db), { token, password: "eigenes-passwort", confirmPassword: "eigenes-passwort" });
    const [confirmed] = await t.db.select().from(user).where(eq(user.email, values.email));
    expect(confirmed!.emailVerified).toBe(true);
    await signedIn(values.email, "eigenes-passwort");
    await expect(signedIn(values.email, values.password)).rejects.toMatchObject({ reason: "invalid_credentials" });
  });

  it("answers a verification link opened again, once the address is confirmed, with no error and no new session", async () => {
    const values = form();
    await signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values);
    const link = linkIn(await mailer.waitFor(values.email, /Bitte bestätigen/));
    expect(cookieFrom((await auth.handler(new Request(link))).headers)).toMatch(/session_token=/);
    // What /auth/verified tells apart from a refused link (?error=…) and a fresh confirmation (a session).
    const again = await auth.handler(new Request(link));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/auth/verified");
    expect(again.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(false);
  });

  it.each([
    [{ terms: "" }, "terms", de.auth.termsRequired],
    [{ password: "12345" }, "password", "Das Passwort muss mindestens 6 Zeichen lang sein"],
    [{ email: "" }, "email", de.auth.errors.emailRequired],
    [{ email: "kein-at-zeichen" }, "email", de.auth.errors.emailInvalid],
    [{ firstName: "  " }, "firstName", de.auth.errors.firstNameRequired],
  ])("refuses %o with its message and creates nothing", async (overrides: Record<string, string>, field, message) => {
    const before = await userCount();
    const values: Record<string, string> = form(overrides);
    if (overrides.terms === "") delete values.terms;
    await expect(signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), values)).rejects.toMatchObject({
      code: "INVALID",
      reason: "invalid_input",
      fieldErrors: { [field]: message },
    });
    expect(await userCount()).toBe(before);
  });

  it("pins the spec's text for the terms refusal", () => {
    expect(de.auth.termsRequired).toBe(
      "Sie müssen die Nutzungsbedingungen und Datenschutzerklärung akzeptieren, um sich zu registrieren.",
    );
  });

  it("rate-limits sign-up per client: over the limit answers 429 and creates nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signUp.max; i++) {
      await signUp(ctxFor(auth, t.db, clientRequest({ ip })), form());
    }
    const before = await userCount();
    const values = form();
    await expect(signUp(ctxFor(auth, t.db, clientRequest({ ip })), values)).rejects.toMatchObject({ code: "RATE_LIMITED", reason: "rate_limited" });
    expect(await userCount()).toBe(before);
    const [exists] = await t.db.select().from(user).where(eq(user.email, values.email));
    expect(exists).toBeUndefined();
    // Another client is not affected.
    await expect(signUp(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), form())).resolves.toHaveProperty("email");
  });

  it("does not lock an account for everybody after failed attempts from many clients", async () => {
    const values = await registerVerified();
    for (let i = 0; i < 25; i++) {
      await expect(signIn(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email, password: "falsch" })).rejects.toMatchObject({
        reason: "invalid_credentials",
      });
    }
    await signedIn(values.email, values.password);
  });

  it("rate-limits sign-in attempts per client", async () => {
    const values = await registerVerified();
    const ip = freshIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.signIn.max; i++) {
      await expect(signIn(ctxFor(auth, t.db, clientRequest({ ip })), { email: values.email, password: "falsch" })).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        reason: "invalid_credentials",
      });
    }
    await expect(signIn(ctxFor(auth, t.db, clientRequest({ ip })), { email: values.email, password: values.password })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      reason: "rate_limited",
    });
  });

  it("rate-limits resending the verification mail and the reset request", async () => {
    const ip = freshIp();
    for (let i = 0; i < AUTH_RATE_LIMITS.resend.max; i++) {
      await resendVerification(ctxFor(auth, t.db, clientRequest({ ip })), { email: "x@example.de" });
    }
    const limited = { code: "RATE_LIMITED", reason: "rate_limited" };
    // The resend says when it may be asked for again: within its window of ten minutes.
    const refusal = await resendVerification(ctxFor(auth, t.db, clientRequest({ ip })), { email: "x@example.de" }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", reason: "resend_rate_limited" });
    const retryAfter = Number((refusal as { params?: { retryAfter?: unknown } }).params?.retryAfter);
    expect(retryAfter).toBeGreaterThan(AUTH_RATE_LIMITS.resend.window - 60);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMITS.resend.window);
    for (let i = 0; i < AUTH_RATE_LIMITS.forgot.max; i++) {
      await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip })), { email: "x@example.de" });
    }
    // The reset request (ten minutes too) says how long to wait, in the resend's words.
    const resetRefusal = await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip })), { email: "x@example.de" }).catch((error: unknown) => error);
    expect(resetRefusal).toMatchObject(limited);
    expect(errorText("rate_limited", (resetRefusal as AppError).params)).toBe("Zu viele Versuche. Bitte versuchen Sie es in 10 Minuten erneut.");
  });

  it("answers a reset request for an unknown address like for a known one, and mails only the known one", async () => {
    const known = await registerVerified();
    const before = mailer.sent.length;
    const unknown = await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: "niemand@example.de" });
    const existing = await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: known.email });
    expect(unknown).toEqual({ email: "niemand@example.de" });
    expect(existing).toEqual({ email: known.email });
    await mailer.waitFor(known.email, /Passwort zurücksetzen/);
    expect(mailer.sent.slice(before).map((m) => m.to)).toEqual([known.email]);
  });

  it("resets the password with a single-use link and ends every session", async () => {
    const values = await registerVerified();
    const cookieA = await signedIn(values.email, values.password);
    const cookieB = await signedIn(values.email, values.password);
    await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email });
    const link = linkIn(await mailer.waitFor(values.email, /Passwort zurücksetzen/));
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const token = new URL(link).searchParams.get("token")!;

    await expect(resetPassword(ctxFor(auth, t.db), { token, password: "neues-passwort", confirmPassword: "anders" })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { confirmPassword: "Passwords do not match" },
    });
    await expect(resetPassword(ctxFor(auth, t.db), { token, password: "12345", confirmPassword: "12345" })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { password: "Password must be at least 6 characters long" },
    });

    // Open event streams of the user hear at once that their sessions ended.
    const listening = listen(t, new RealtimeHub(), { url: t.url });
    await listening.ready;
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, values.email));
    const heard: string[] = [];
    listening.hub.subscribe(owner!.id, (event) => void heard.push(event.type));
    await resetPassword(ctxFor(auth, t.db), { token, password: "neues-passwort", confirmPassword: "neues-passwort" });
    try {
      await expect.poll(() => heard, { timeout: 5_000 }).toContain("session.ended");
    } finally {
      await listening.stop();
    }
    expect(await sessionOf(cookieA)).toBeNull();
    expect(await sessionOf(cookieB)).toBeNull();
    await expect(signedIn(values.email, values.password)).rejects.toMatchObject({ reason: "invalid_credentials" });
    await signedIn(values.email, "neues-passwort");

    await expect(resetPassword(ctxFor(auth, t.db), { token, password: "drittes-passwort", confirmPassword: "drittes-passwort" })).rejects.toMatchObject({
      code: "INVALID",
      reason: "reset_link_invalid",
    });
  });

  it("refuses an expired reset link", async () => {
    const values = await registerVerified();
    await requestPasswordReset(ctxFor(auth, t.db, clientRequest({ ip: freshIp() })), { email: values.email });
    const token = new URL(linkIn(await mailer.waitFor(values.email, /Passwort zurücksetzen/))).searchParams.get("token")!;
    await t.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.identifier, `reset-password:${token}`));
    await expect(resetPassword(ctxFor(auth, t.db), { token, password: "neues-passwort", confirmPassword: "neues-passwort" })).rejects.toMatchObject({
      code: "INVALID",
      reason: "reset_link_invalid",
    });
    await signedIn(values.email, values.password);
  });

  it("sign-out ends every session of that user, and only of that user", async () => {
    const values = await registerVerified();
    const other = await registerVerified();
    const laptop = await signedIn(values.email, values.password);
    const phone = await signedIn(values.email, values.password);
    const someoneElse = await signedIn(other.email, other.password);
    const { headers } = await signOutEverywhere(ctxFor(auth, t.db, clientRequest({ cookie: laptop })));
    expect(headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/.test(c))).toBe(true);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(phone)).toBeNull();
    expect((await sessionOf(someoneElse))?.user.email).toBe(other.email);
  });

  it("slides an active session's expiry and sends the renewed cookie", async () => {
    const values = await registerVerified();
    const cookie = await signedIn(values.email, values.password);
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    // Pretend the session was last extended two days ago.
    const twoDaysAgo = new Date(Date.now() - 2 * SESSION_UPDATE_AGE * 1000);
    const oldExpiry = new Date(twoDaysAgo.getTime() + SESSION_EXPIRES_IN * 1000);
    await t.db.update(session).set({ expiresAt: oldExpiry, updatedAt: twoDaysAgo }).where(eq(session.token, token));
    const { headers, response } = await auth.api.getSession({ headers: new Headers({ Cookie: cookie }), returnHeaders: true });
    expect(new Date(response!.session.expiresAt).getTime()).toBeGreaterThan(oldExpiry.getTime() + SESSION_UPDATE_AGE * 1000);
    const renewed = headers.getSetCookie().find((c) => c.startsWith("marktplatz.session_token="));
    expect(renewed).toMatch(/HttpOnly/);
    expect(renewed).toMatch(/SameSite=Lax/);
    expect(renewed).toMatch(new RegExp(`Max-Age=${SESSION_EXPIRES_IN}`));
  });

  it("marks the session cookie Secure when the site is served over https", async () => {
    const values = await registerVerified();
    const httpsAuth = createAuth({ db: t.db, baseUrl: "https://marktplatz.example", secret: "https-secret-https-secret-https-secret-01", mailer });
    const request = new Request("https://marktplatz.example/auth", { method: "POST", headers: { [CLIENT_IP_HEADER]: freshIp() } });
    const { headers } = await signIn({ auth: httpsAuth, db: t.db, request }, { email: values.email, password: values.password });
    const cookie = headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Secure-marktplatz\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it("stores passwords with Better Auth's scrypt and never in clear", async () => {
    const values = await registerVerified({ password: "klartext-passwort" });
    const rows = (await t.db.execute(sql`select password from account where password is not null`)) as unknown as {
      rows: { password: string }[];
    };
    expect(rows.rows.some((r) => r.password.includes("klartext"))).toBe(false);
    const [stored] = await t.db.select({ password: account.password }).from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, values.email));
    const { verifyPassword } = await import("better-auth/crypto");
    expect(await verifyPassword({ hash: stored!.password!, password: "klartext-passwort" })).toBe(true);
  });
});

describe("Better Auth's refusals in our terms", () => {
  type Status = ConstructorParameters<typeof APIError>[0];
  /** A context whose auth server refuses the reset with `error`. */
  const refusing = (error: unknown) => ({
    ...ctxFor(auth, t.db, clientRequest({ ip: freshIp() })),
    auth: { api: { resetPassword: () => Promise.reject(error) } } as unknown as Auth,
  });
  const input = { token: "t", password: "neues-passwort", confirmPassword: "neues-passwort" };

  it.each<[Status, string, object]>([
    ["UNAUTHORIZED", "INVALID_EMAIL_OR_PASSWORD", { code: "UNAUTHORIZED", reason: "invalid_credentials" }],
    ["FORBIDDEN", "EMAIL_NOT_VERIFIED", { code: "FORBIDDEN", reason: "email_not_verified" }],
    ["BAD_REQUEST", "PASSWORD_TOO_SHORT", { code: "INVALID", reason: "password_too_short", field: "password" }],
    ["BAD_REQUEST", "PASSWORD_TOO_LONG", { code: "INVALID", reason: "password_too_long", field: "password" }],
    ["BAD_REQUEST", "INVALID_EMAIL", { code: "INVALID", reason: "email_invalid", field: "email" }],
    ["BAD_REQUEST", "INVALID_TOKEN", { code: "INVALID", reason: "reset_link_invalid" }],
    ["UNPROCESSABLE_ENTITY", "USER_ALREADY_EXISTS", { code: "INVALID", reason: "account_failed" }],
    ["INTERNAL_SERVER_ERROR", "FAILED_TO_CREATE_SESSION", { code: "UNAVAILABLE", reason: "account_failed" }],
  ])("%s %s", async (status, code, expected) => {
    await expect(resetPassword(refusing(new APIError(status, { code, message: code })), input)).rejects.toMatchObject(expected);
  });

  it("lets anything that is not one of its API errors through as it is", async () => {
    const bug = new TypeError("x is undefined");
    await expect(resetPassword(refusing(bug), input)).rejects.toBe(bug);
  });
});
