import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { favorites, moderationCases, profiles, services, user } from "~/db/schema";
import { decide, decisionToken } from "~/features/moderation/decisions.server";
import { submitReport } from "~/features/moderation/reports.server";
import { grantSuspendedAccess, SUSPENDED_ACCESS_MINUTES } from "~/features/moderation/suspended-access.server";
import type { Database } from "~/lib/db.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action, loader, meta } from "./suspended-account";
import { loader as exportLoader } from "./suspended-account.export";

// A session as the request carries it: the cookie names a signed-in (so not suspended) account.
vi.mock("~/features/auth/session.server", async (original) => ({
  ...(await original<object>()),
  readSession: vi.fn(async (request: Request) => {
    const id = /session_token=([^;]+)/.exec(request.headers.get("Cookie") ?? "")?.[1];
    const user = id ? { id, email: `${id}@example.de`, firstName: "Test", lastName: id, role: "user", sessionExpiresAt: Date.now() + 3_600_000 } : null;
    return { user, setCookies: [] };
  }),
}));

// A suspended account's data rights (ADR 023): the page, its download and its deletion, with the
// short access the sign-in grants (the sign-in itself: auth.test.ts).
const GESA = "u-gesa-suspended";
const LIFT = "u-lift-suspended";
const OTTO = "u-otto-reporter";
const SINA = "u-sina-support";
const BASE = "http://localhost:3000";

let db: Database;
let close = async () => {};
let decisionId = "";
beforeAll(async () => {
  const opened = await openProcessDatabase();
  db = opened.db;
  close = opened.close;
  const people = [
    { id: GESA, role: "user" as const },
    { id: LIFT, role: "user" as const },
    { id: OTTO, role: "user" as const },
    { id: SINA, role: "support" as const },
  ];
  await db.insert(user).values(people.map((p) => ({ id: p.id, name: p.id, email: `${p.id}@example.de`, emailVerified: true })));
  await db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: `${p.id}@example.de`, firstName: "Test", lastName: p.id, role: p.role })));
  const [service] = await db
    .insert(services)
    .values({ title: "Gesas Dienst", description: "Beschreibung", category: "Design", price: "50.00", createdBy: GESA })
    .returning({ id: services.id });
  await db.insert(favorites).values({ userId: GESA, serviceId: service!.id });
  // Suspended by a real decision (its statement is what the page links to).
  await submitReport(db, {
    actorId: OTTO,
    kind: "profile",
    itemId: GESA,
    input: { reason: "illegal", category: "fraud", explanation: "Betrug mit Vorkasse, mehrfach gemeldet." },
    clientKey: "client-gesa",
  });
  const [found] = await db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(and(eq(moderationCases.itemKind, "profile"), eq(moderationCases.itemId, GESA)));
  ({ decisionId } = await decide(db, { actorId: SINA, caseId: found!.id, input: { kind: "suspend", ground: "law", reason: "Wiederholter Betrug." } }));
  // LIFT's suspension was lifted meanwhile: an access granted before still names the account.
  await db.update(profiles).set({ suspendedAt: null }).where(eq(profiles.userId, LIFT));
});
afterAll(() => close());

/** The Cookie header a browser would send back for a Set-Cookie value. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const accessFor = async (userId: string, now?: Date) => cookieOf(await grantSuspendedAccess(userId, now));
const sessionOf = (userId: string) => `marktplatz.session_token=${userId}`;

function request(path: string, init: RequestInit & { cookie?: string; navigate?: boolean } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.navigate) headers.set("Sec-Fetch-Mode", "navigate");
  return new Request(`${BASE}${path}`, { ...init, headers });
}

/** A route function's answer, whether returned or thrown (a redirect, a refusal). */
async function settle(run: () => Promise<unknown>): Promise<{ status: number; headers: Headers; data: unknown }> {
  const outcome = await run().then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (outcome instanceof Response) return { status: outcome.status, headers: outcome.headers, data: outcome.body ? await outcome.text() : null };
  const value = outcome as { data: unknown; init: ResponseInit | null; type?: string };
  if (value && value.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), data: value.data };
  return { status: 200, headers: new Headers(), data: outcome };
}

const page = (cookie?: string) => {
  const req = request("/konto-gesperrt", { cookie });
  return settle(() => inRequest(req, (context) => loader({ request: req, params: {}, context } as never)));
};
const download = (cookie?: string, navigate = false) => {
  const req = request("/konto-gesperrt/export", { cookie, navigate });
  return settle(() => inRequest(req, (context) => exportLoader({ request: req, params: {}, context } as never)));
};
const post = (fields: Record<string, string>, cookie?: string) => {
  const req = request("/konto-gesperrt", { method: "POST", cookie, body: new URLSearchParams(fields), headers: { Origin: BASE } });
  return settle(() => inRequest(req, (context) => action({ request: req, params: {}, context } as never)));
};
const exists = async (userId: string) => (await db.select({ id: user.id }).from(user).where(eq(user.id, userId))).length === 1;

describe(`/konto-gesperrt on ${testEngine}`, () => {
  it("without the access: the page says how to get it, the download is refused, nothing is deleted", async () => {
    expect(await page()).toMatchObject({ status: 200, data: { state: "none", decisions: [] } });
    expect((await page()).headers.get("Cache-Control")).toBe("no-store");
    expect(await download()).toMatchObject({ status: 401 });
    const navigated = await download(undefined, true);
    expect(navigated.status).toBe(302);
    expect(navigated.headers.get("Location")).toBe("/konto-gesperrt");
    const refused = await post({ intent: "delete", confirmation: "BESTÄTIGEN" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/konto-gesperrt");
    expect(await exists(GESA)).toBe(true);
  });

  it("a tampered, expired or forged access counts as none", async () => {
    const good = await accessFor(GESA);
    const [name, value] = good.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    const expired = await accessFor(GESA, new Date(Date.now() - (SUSPENDED_ACCESS_MINUTES * 60_000 + 1_000)));
    // The same value signed with another secret (someone who made their own cookie).
    const forged = `${name}=${Buffer.from(JSON.stringify({ userId: GESA, expires: Date.now() + 60_000 })).toString("base64")}.c2lnbmF0dXJl`;
    for (const cookie of [tampered, expired, forged]) {
      expect((await page(cookie)).data, cookie).toMatchObject({ state: "none" });
      expect((await download(cookie)).status, cookie).toBe(401);
    }
    expect((await post({ intent: "delete", confirmation: "BESTÄTIGEN" }, expired)).headers.get("Location")).toBe("/konto-gesperrt");
    expect(await exists(GESA)).toBe(true);
  });

  it("an account whose suspension was lifted signs in as usual: no download, no deletion here", async () => {
    const cookie = await accessFor(LIFT);
    expect((await page(cookie)).data).toMatchObject({ state: "lifted", decisions: [] });
    expect((await download(cookie)).status).toBe(401);
    await post({ intent: "delete", confirmation: "BESTÄTIGEN" }, cookie);
    expect(await exists(LIFT)).toBe(true);
  });

  it("a signed-in account is told that it is not suspended (on to its dashboard); it gets no download and no deletion here", async () => {
    const shown = await page(sessionOf(OTTO));
    expect(shown).toMatchObject({ status: 200, data: { state: "signed_in", decisions: [] } });
    // Its tab says so too.
    const title = (descriptors: ReturnType<typeof meta>) => descriptors.find((d) => "title" in d)?.title;
    expect(title(meta({ data: shown.data } as Parameters<typeof meta>[0]))).toContain("Ihr Konto ist nicht gesperrt");
    expect(title(meta({ data: { state: "suspended", decisions: [] } } as Parameters<typeof meta>[0]))).toContain("Konto gesperrt");
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    // Also with an access left over from a suspension lifted meanwhile.
    expect((await page(`${await accessFor(LIFT)}; ${sessionOf(LIFT)}`)).data).toMatchObject({ state: "signed_in" });
    expect((await download(sessionOf(OTTO))).status).toBe(401);
    const refused = await post({ intent: "delete", confirmation: "BESTÄTIGEN" }, sessionOf(OTTO));
    expect(refused.headers.get("Location")).toBe("/konto-gesperrt");
    expect(await exists(OTTO)).toBe(true);
    // A suspended account's access is what the page answers to, whatever else the browser sends.
    expect((await page(`${await accessFor(GESA)}; ${sessionOf(OTTO)}`)).data).toMatchObject({ state: "suspended" });
  });

  it("with the access: the decisions with their signed links, and the download of the account's own data", async () => {
    const cookie = await accessFor(GESA);
    const shown = await page(cookie);
    expect(shown.data).toMatchObject({
      state: "suspended",
      decisions: [{ id: decisionId, canObject: true, href: `/entscheidungen/${decisionId}?t=${decisionToken(decisionId, GESA)}` }],
    });
    const file = await download(cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="datenexport-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    const data = JSON.parse(file.data as string) as { user_info: { user_id: string; email: string }; services: { title: string }[]; favorites: unknown[] };
    expect(data.user_info).toMatchObject({ user_id: GESA, email: `${GESA}@example.de` });
    expect(data.services.map((s) => s.title)).toEqual(["Gesas Dienst"]);
    expect(data.favorites).toHaveLength(1);
    // Nobody else's data comes with it.
    expect(file.data).not.toContain(OTTO);
  });

  it("deletes only with the confirmation word; then the account is gone and the access ends", async () => {
    const cookie = await accessFor(GESA);
    const wrong = await post({ intent: "delete", confirmation: "ja" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ intent: "delete", ok: false, reason: "confirmation_wrong", fieldErrors: { confirmation: expect.stringContaining("BESTÄTIGEN") } });
    expect(await exists(GESA)).toBe(true);

    const done = await post({ intent: "delete", confirmation: "BESTÄTIGEN" }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    const cookies = done.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("suspended_access="))).toContain("Max-Age=0");
    expect(cookies.some((c) => c.startsWith("flash="))).toBe(true);
    expect(await exists(GESA)).toBe(false);
    expect(await db.select().from(services).where(eq(services.createdBy, GESA))).toEqual([]);
    // The same access names no account any more.
    expect((await page(cookie)).data).toMatchObject({ state: "none" });
  });

  it("'Fertig' ends the access; an unknown intent is refused", async () => {
    const done = await post({ intent: "end" }, await accessFor(LIFT));
    expect(done.status).toBe(302);
    expect(done.headers.getSetCookie().find((c) => c.startsWith("suspended_access="))).toContain("Max-Age=0");
    expect((await post({ intent: "irgendwas" })).status).toBe(400);
  });
});
