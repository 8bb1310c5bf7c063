import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inRequest } from "../../../tests/support/request-context";
import { profiles, services, user, viewVisits } from "~/db/schema";
import { signIn, signUp } from "~/features/auth/accounts.server";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { viewPublicProfile } from "~/features/profiles/public-profile.server";
import { incrementServiceViews } from "~/features/services/service-views.server";
import { closeDatabase, initDatabase, type Database } from "~/lib/db.server";
import { action as profileViewAction } from "~/routes/api.profile-view";
import { action as serviceViewAction } from "~/routes/service-view";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { clientNetwork, visitorKey, viewWindowStart, type Visitor } from "./view-counter.server";

const SECRET = "test-secret-test-secret-test-secret-0123";
/** A moment just after midnight UTC: the whole day after it is the same window. */
const DAY = new Date("2026-03-10T00:00:01.000Z");
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(DAY.getTime() + hours * HOUR);

let t: TestDatabase | undefined;
let db: Database;
const OWNER = "u-view-owner";

beforeAll(async () => {
  // The routes read the server secret from the environment (Vitest sets BASE_URL to "/").
  vi.stubEnv("AUTH_SECRET", SECRET);
  vi.stubEnv("BASE_URL", TEST_BASE_URL);
  if (testEngine === "postgres") t = await createTestDatabase();
  ({ db } = await initDatabase(t?.url ? { engine: "postgres", url: t.url } : { engine: "pglite" }));
  await db.insert(user).values({ id: OWNER, name: "Olga Owner", email: "owner.views@example.de", emailVerified: true });
  await db.insert(profiles).values({ userId: OWNER, email: "owner.views@example.de", firstName: "Olga", lastName: "Owner", username: "olga" });
});
afterAll(async () => {
  await closeDatabase();
  await t?.destroy();
  vi.unstubAllEnvs();
});

let serviceCounter = 0;
async function newService(views = 10) {
  const [row] = await db
    .insert(services)
    .values({ title: `Dienst ${++serviceCounter}`, price: "10.00", category: "Design", createdBy: OWNER, views })
    .returning({ id: services.id });
  return row!.id;
}
async function newProfile(profileViews = 5) {
  const id = `u-viewed-${++serviceCounter}`;
  await db.insert(user).values({ id, name: "Paul Profil", email: `${id}@example.de`, emailVerified: true });
  await db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName: "Paul", lastName: "Profil", profileViews });
  return id;
}
const storedViews = async (id: string) => (await db.select({ views: services.views }).from(services).where(eq(services.id, id)))[0]!.views;

const anna: Visitor = { userId: null, ip: "203.0.113.7", userAgent: "Mozilla/5.0 (Anna)" };
const open = (id: string, visitor: Visitor, now = at(1)) => incrementServiceViews(db, id, { visitor, secret: SECRET, now });

describe(`view counters on ${testEngine}`, () => {
  it("count repeated openings by one visitor once and answer the current count", async () => {
    const id = await newService(10);
    expect(await open(id, anna)).toBe(11);
    for (let i = 0; i < 5; i++) expect(await open(id, anna, at(2 + i))).toBe(11);
    expect(await storedViews(id)).toBe(11);

    const userId = await newProfile(5);
    const view = () => viewPublicProfile(db, { userId }, { visitor: anna, secret: SECRET, now: at(1) });
    expect((await view())!.profileViews).toBe(6);
    expect((await view())!.profileViews).toBe(6);
    expect((await viewPublicProfile(db, { username: "OLGA" }, { visitor: anna, secret: SECRET, now: at(1) }))!.profileViews).toBe(1);
  });

  it("count different visitors apart: another address, another browser, a signed-in user", async () => {
    const id = await newService(0);
    expect(await open(id, anna)).toBe(1);
    expect(await open(id, { ...anna, ip: "203.0.113.8" })).toBe(2);
    expect(await open(id, { ...anna, userAgent: "curl/8.5.0" })).toBe(3);
    expect(await open(id, { ...anna, userId: "u-someone" })).toBe(4);
    // The same service counted for one visitor does not count another item.
    const other = await newService(0);
    expect(await open(other, anna)).toBe(1);
  });

  it("know a signed-in user by the account, whatever the address", async () => {
    const id = await newService(0);
    expect(await open(id, { userId: "u-mobile", ip: "203.0.113.9", userAgent: "Handy" })).toBe(1);
    expect(await open(id, { userId: "u-mobile", ip: "198.51.100.20", userAgent: "Laptop" })).toBe(1);
  });

  it("take an IPv6 client by its /64 network, and IPv4-mapped addresses as IPv4", async () => {
    expect(clientNetwork("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    const id = await newService(0);
    expect(await open(id, { ...anna, ip: "2001:db8:1:2::10" })).toBe(1);
    expect(await open(id, { ...anna, ip: "2001:db8:1:2:dead:beef:0:1" })).toBe(1);
    expect(await open(id, { ...anna, ip: "2001:db8:1:3::10" })).toBe(2);
    expect(await open(id, { ...anna, ip: "::ffff:203.0.113.7" })).toBe(3);
    expect(await open(id, anna)).toBe(3);
  });

  // On PGlite the statements run one at a time; on PostgreSQL the 20 calls really race (pool of 20).
  it("count simultaneous openings by one visitor once", async () => {
    const id = await newService(100);
    const userId = await newProfile(100);
    const [views, profileViews] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => open(id, anna))),
      Promise.all(Array.from({ length: 20 }, () => viewPublicProfile(db, { userId }, { visitor: anna, secret: SECRET, now: at(1) }))),
    ]);
    expect(await storedViews(id)).toBe(101);
    expect(views.every((n) => n === 100 || n === 101)).toBe(true);
    expect(views).toContain(101);
    expect(profileViews.map((p) => p!.profileViews)).toContain(101);
    expect((await db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!.profileViews).toBe(101);
  });

  it("count again in the next window (a UTC day) and delete the visits of ended windows", async () => {
    const id = await newService(0);
    expect(await open(id, anna, at(0))).toBe(1);
    expect(await open(id, anna, at(23.9))).toBe(1);
    expect(await open(id, anna, at(24))).toBe(2);
    expect(await open(id, anna, at(47))).toBe(2);
    const windows = async () =>
      (await db.select({ start: viewVisits.windowStart }).from(viewVisits).where(eq(viewVisits.itemId, id))).map((r) => new Date(r.start).toISOString()).sort();
    expect(await windows()).toEqual([DAY, at(24)].map((d) => viewWindowStart(d).toISOString()));
    // Two days on, the first day's visits are gone; the day before is kept (clocks of processes differ a little).
    expect(await open(id, anna, at(48))).toBe(3);
    expect(await windows()).toEqual([at(24), at(48)].map((d) => viewWindowStart(d).toISOString()));
  });

  it("store a keyed hash of the visitor, not the address or the browser", async () => {
    const id = await newService(0);
    await open(id, anna);
    const [row] = await db.select().from(viewVisits).where(eq(viewVisits.itemId, id));
    expect(row!.visitorKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row!.visitorKey).toBe(visitorKey(anna, SECRET, viewWindowStart(at(1))));
    expect(JSON.stringify(row)).not.toContain("203.0.113");
    expect(JSON.stringify(row)).not.toContain("Anna");
    // Another day or another server secret gives an unrelated key.
    expect(visitorKey(anna, SECRET, viewWindowStart(at(24)))).not.toBe(row!.visitorKey);
    expect(visitorKey(anna, `${SECRET}x`, viewWindowStart(at(1)))).not.toBe(row!.visitorKey);
  });

  it("answer null for an unknown item and store nothing for it", async () => {
    const before = (await db.select().from(viewVisits)).length;
    expect(await open("00000000-0000-4000-8000-000000000000", anna)).toBeNull();
    expect(await viewPublicProfile(db, { userId: "unbekannt" }, { visitor: anna, secret: SECRET })).toBeNull();
    expect((await db.select().from(viewVisits)).length).toBe(before);
  });
});

describe(`view counter routes on ${testEngine}`, () => {
  function post(path: string, { ip = "192.0.2.1", userAgent = "Mozilla/5.0 (Route)", cookie = "" } = {}) {
    const headers = new Headers({ [CLIENT_IP_HEADER]: ip, "User-Agent": userAgent, Origin: TEST_BASE_URL });
    if (cookie) headers.set("Cookie", cookie);
    return new Request(`${TEST_BASE_URL}${path}`, { method: "POST", headers });
  }
  async function serviceView(id: string, options?: Parameters<typeof post>[1]) {
    const request = post(`/services/${id}/view`, options);
    const response = await inRequest(request, (context) => serviceViewAction({ params: { id }, request, context } as never), { id });
    return (await response.json()) as unknown;
  }
  async function profileView(userId: string, options?: Parameters<typeof post>[1]) {
    const request = post(`/api/profiles/${userId}/view`, options);
    const response = await inRequest(request, (context) => profileViewAction({ params: { userId }, request, context } as never), { userId });
    return (await response.json()) as unknown;
  }

  it("count a client once per item and day and keep the answer's shape", async () => {
    const id = await newService(7);
    expect(await serviceView(id)).toEqual({ views: 8 });
    for (let i = 0; i < 20; i++) expect(await serviceView(id)).toEqual({ views: 8 });
    expect(await serviceView(id, { ip: "192.0.2.2" })).toEqual({ views: 9 });
    await expect(serviceView("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ init: { status: 404 } });

    const userId = await newProfile(3);
    expect(await profileView(userId)).toEqual({ profileViews: 4 });
    expect(await profileView(userId)).toEqual({ profileViews: 4 });
    expect(await profileView(userId, { userAgent: "Another browser" })).toEqual({ profileViews: 5 });
    await expect(profileView("unbekannt")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("know a signed-in visitor by the session, from any address", async () => {
    const { auth } = createTestAuth(db);
    const form = { firstName: "Sina", lastName: "Signed", email: "sina.views@example.de", password: "geheim123", terms: "on" };
    await signUp(ctxFor(auth, db, clientRequest()), form);
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, form.email));
    const signedIn = await signIn(ctxFor(auth, db, clientRequest()), form);
    const cookie = cookieFrom(signedIn.headers);

    const id = await newService(0);
    expect(await serviceView(id, { cookie, ip: "192.0.2.10" })).toEqual({ views: 1 });
    expect(await serviceView(id, { cookie, ip: "198.51.100.77", userAgent: "Handy" })).toEqual({ views: 1 });
  });
});
