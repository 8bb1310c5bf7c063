import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { notifications, profiles, savedSearches, savedSearchHits, services, user } from "~/db/schema";
import { saveNotificationSettings } from "~/features/notifications/settings.server";
import { readUnsubscribeToken } from "~/features/notifications/unsubscribe.server";
import { exportUserData } from "~/features/profile/export.server";
import { createServicesTestDatabase, OTHER, OWNER } from "~/features/services/services.test-support";
import type { Database } from "~/lib/db.server";
import type { AppError } from "~/lib/errors";
import { appJobs, appSchedules } from "~/lib/jobs/registry.server";
import type { MailMessage } from "~/lib/mail.server";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { savedSearchesDe } from "~/i18n/saved-searches.de";
import { filtersOfSavedQuery, summariseFilters } from "./query";
import {
  ALERT_INTERVAL_MS,
  alertMail,
  deleteSavedSearch,
  listSavedSearches,
  runSavedSearchAlerts,
  SAVED_SEARCH_MAX,
  saveSearch,
  savedSearchAlertJob,
} from "./saved-searches.server";

const BUYER = "u-buyer";
const QUIET = "u-quiet"; // no confirmed e-mail address
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
  await t.db.insert(user).values([
    { id: BUYER, name: "Berta Buyer", email: "buyer@example.de", emailVerified: true },
    { id: QUIET, name: "Quirin Quiet", email: "quiet@example.de", emailVerified: false },
  ]);
  await t.db.insert(profiles).values([
    { userId: BUYER, email: "buyer@example.de", firstName: "Berta", lastName: "Buyer" },
    { userId: QUIET, email: "quiet@example.de", firstName: "Quirin", lastName: "Quiet" },
  ]);
});
afterAll(() => t?.destroy());

/** The refusal a call ends with (reason and status), or "ok". */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "ok";
  } catch (error) {
    const e = error as AppError;
    if (!e.reason) throw error;
    return `${e.status} ${e.reason}`;
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The mails queued for `to` (the mail.send jobs' payloads, on either engine). */
async function mailsTo(to: string): Promise<MailMessage[]> {
  const jobs = await rows<{ payload: MailMessage | string }>(
    testEngine === "postgres" ? sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail.send'` : sql`select payload from jobs where task = 'mail.send'`,
  );
  return jobs.map((j) => (typeof j.payload === "string" ? (JSON.parse(j.payload) as MailMessage) : j.payload)).filter((m) => m.to === to);
}

const notificationsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));

async function addService(values: { title: string; category: string; price: string; createdBy: string; createdAt: Date; description?: string }): Promise<string> {
  const [row] = await t.db
    .insert(services)
    .values({ description: "", ...values })
    .returning({ id: services.id });
  return row!.id;
}

describe(`saved searches on ${testEngine}`, () => {
  it("names a filter set readably", () => {
    expect(summariseFilters(filtersOfSavedQuery("?category=Design&maxPrice=200&q=Logo"))).toBe("Design · bis 200 € · „Logo“");
    expect(summariseFilters(filtersOfSavedQuery("?minPrice=50&maxPrice=1000&minRating=4.5"))).toBe("ab 50 € · ab 4,5 Sterne");
    expect(summariseFilters(filtersOfSavedQuery("?minPrice=100&maxPrice=300"))).toBe("100–300 €");
    expect(summariseFilters(filtersOfSavedQuery("?maxDays=7&remote=1"))).toBe("Lieferung bis 7 Tage · nur remote");
    expect(summariseFilters(filtersOfSavedQuery("?maxDays=1"))).toBe("Lieferung bis 1 Tag");
    // A NUL (which the database cannot store) or another control character in the text is a space.
    expect(summariseFilters(filtersOfSavedQuery("?q=Logo%00Design%0A"))).toBe("„Logo Design“");
  });

  it("quotes a name once where the texts name it: a quoted term stays, inner quotation marks become the inner ones", () => {
    const texts = savedSearchesDe;
    expect(texts.profile.remove("„logo“")).toBe("Suche „logo“ löschen");
    expect(texts.profile.open("„logo“")).toBe("Suche „logo“ öffnen");
    expect(texts.profile.remove("Design · bis 200 € · „Logo“")).toBe("Suche „Design · bis 200 € · ‚Logo‘“ löschen");
    expect(texts.profile.open("Logo-Jobs")).toBe("Suche „Logo-Jobs“ öffnen");
    expect(texts.alert.subject(summariseFilters(filtersOfSavedQuery("?q=Logo")))).toBe("Neue Angebote für „Logo“");
    expect(texts.alert.intro(2, "„Logo“")).toBe("zu Ihrer Suche „Logo“ gibt es 2 neue Dienstleistungen:");
  });

  it("saves the normalised query under the given name or a summary, lists them, refuses a duplicate, an empty query and a long name", async () => {
    const first = await saveSearch(t.db, { actorId: OTHER, query: "?sort=price-low&maxPrice=200&category=Design&page=3&q=Logo" });
    expect(first).toMatchObject({ name: "Design · bis 200 € · „Logo“", query: "?q=Logo&category=Design&maxPrice=200" });
    const second = await saveSearch(t.db, { actorId: OTHER, query: "q=Steuer", name: "  Steuer   für mich " });
    expect(second.name).toBe("Steuer für mich");
    expect((await listSavedSearches(t.db, OTHER)).map((s) => s.name)).toEqual(["Steuer für mich", "Design · bis 200 € · „Logo“"]);

    // The same filters in another order or sort are the same search.
    expect(await outcome(saveSearch(t.db, { actorId: OTHER, query: "?category=Design&q=Logo&maxPrice=200&sort=views" }))).toBe("409 saved_search_duplicate");
    expect(await outcome(saveSearch(t.db, { actorId: OTHER, query: "?sort=rating" }))).toBe("400 saved_search_empty");
    expect(await outcome(saveSearch(t.db, { actorId: OTHER, query: "?category=Writing", name: "x".repeat(81) }))).toBe("400 invalid_input");
    expect(await outcome(saveSearch(t.db, { actorId: null, query: "?category=Writing" }))).toBe("401 sign_in_required");
    expect(await listSavedSearches(t.db, OTHER)).toHaveLength(2);
  });

  it(`keeps at most ${SAVED_SEARCH_MAX} per user, also when saved at once`, async () => {
    const user = "u-collector";
    await t.db.insert(schema.user).values({ id: user, name: "Carl Collector", email: "carl@example.de", emailVerified: true });
    const results = await Promise.all(
      Array.from({ length: SAVED_SEARCH_MAX + 3 }, (_, i) => outcome(saveSearch(t.db, { actorId: user, query: `?minPrice=${(i + 1) * 10}` }))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(SAVED_SEARCH_MAX);
    expect(results.filter((r) => r === "409 saved_search_limit")).toHaveLength(3);
    expect(await listSavedSearches(t.db, user)).toHaveLength(SAVED_SEARCH_MAX);
    expect(await outcome(saveSearch(t.db, { actorId: user, query: "?category=Other" }))).toBe("409 saved_search_limit");
  });

  it("deletes only the owner's saved search: another user's is not found (404) and stays", async () => {
    const [search] = await listSavedSearches(t.db, OTHER);
    expect(await outcome(deleteSavedSearch(t.db, { actorId: OWNER, id: search!.id }))).toBe("404 saved_search_not_found");
    expect(await outcome(deleteSavedSearch(t.db, { actorId: OTHER, id: "not-a-uuid" }))).toBe("404 saved_search_not_found");
    expect(await outcome(deleteSavedSearch(t.db, { actorId: null, id: search!.id }))).toBe("401 sign_in_required");
    expect((await listSavedSearches(t.db, OTHER)).map((s) => s.id)).toContain(search!.id);
    expect(await outcome(deleteSavedSearch(t.db, { actorId: OTHER, id: search!.id }))).toBe("ok");
    expect((await listSavedSearches(t.db, OTHER)).map((s) => s.id)).not.toContain(search!.id);
    expect(await outcome(deleteSavedSearch(t.db, { actorId: OTHER, id: search!.id }))).toBe("404 saved_search_not_found");
  });

  it("is in the data export, and goes with the account (foreign key cascade)", async () => {
    const exported = await exportUserData(t.db, { actorId: OTHER });
    expect(exported.saved_searches.map((s) => s.name)).toEqual(["Design · bis 200 € · „Logo“"]);
    expect(exported.saved_searches[0]).toMatchObject({ query: "?q=Logo&category=Design&maxPrice=200", user_id: OTHER });
    const gone = "u-gone";
    await t.db.insert(user).values({ id: gone, name: "Gerd Gone", email: "gone@example.de", emailVerified: true });
    await saveSearch(t.db, { actorId: gone, query: "?category=Design" });
    await t.db.delete(user).where(eq(user.id, gone));
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, gone))).toHaveLength(0);
  });
});

describe(`the daily saved-search alert on ${testEngine}`, () => {
  // Times of the alert tests lie after every fixture service: only the services made here are new.
  const T0 = new Date(Date.now() + 2 * DAY);
  let searchId: string;
  let matchId: string;
  beforeAll(async () => {
    // The searches saved above (at the real time) would be due too.
    await t.db.delete(savedSearches);
  });

  it("is a registered job, scheduled daily", () => {
    expect(appJobs().get(savedSearchAlertJob.name)).toBe(savedSearchAlertJob);
    expect(appSchedules().find((s) => s.task === savedSearchAlertJob.name)?.everyHours).toBe(24);
  });

  it("tells the user once of services created since the check that match exactly as /services shows them, not their own", async () => {
    searchId = (await saveSearch(t.db, { actorId: BUYER, query: "?category=Design&maxPrice=200&q=Logo", now: T0 })).id;
    const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
    matchId = await addService({ title: "Logo-Paket Start", description: "Ein Logo in drei Entwürfen.", category: "Design", price: "150.00", createdBy: OWNER, createdAt: at(1) });
    // The catalogue's German search finds "Logos" for "Logo" here too.
    const stemmed = await addService({ title: "Logos für Vereine", category: "Design", price: "90.00", createdBy: OTHER, createdAt: at(2) });
    await addService({ title: "Logo-Design Premium", category: "Design", price: "500.00", createdBy: OWNER, createdAt: at(1) }); // too dear
    await addService({ title: "Logo-Texte", category: "Writing", price: "100.00", createdBy: OWNER, createdAt: at(1) }); // other category
    await addService({ title: "Logo vom Käufer selbst", category: "Design", price: "100.00", createdBy: BUYER, createdAt: at(1) }); // own
    await addService({ title: "Logo von gestern", category: "Design", price: "100.00", createdBy: OWNER, createdAt: at(-1) }); // before saving

    // Not yet a day since saving: not due.
    expect(await runSavedSearchAlerts(t.db, at(20))).toEqual({ checked: 0, alerted: 0 });
    expect(await notificationsOf(BUYER)).toHaveLength(0);

    const run = await runSavedSearchAlerts(t.db, at(24));
    expect(run.alerted).toBe(1);
    const told = await t.db.select({ id: savedSearchHits.serviceId }).from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, searchId));
    expect(told.map((r) => r.id).sort()).toEqual([matchId, stemmed].sort());
    const notes = await notificationsOf(BUYER);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: "Neue Angebote für Ihre Suche",
      message: "2 neue Dienstleistungen passen zu „Design · bis 200 € · ‚Logo‘“.",
      link: "/services?q=Logo&category=Design&maxPrice=200",
    });

    const mails = await mailsTo("buyer@example.de");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain("Neue Angebote für „Design · bis 200 € · ‚Logo‘“");
    // One-click unsubscribe of saved-search mails, for this user (RFC 8058 headers and a visible link).
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeLink = /^<(.+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")![1]!;
    expect(readUnsubscribeToken(new URL(unsubscribeLink).searchParams.get("token"))).toEqual({ userId: BUYER, kind: "saved_searches" });
    expect(mail.text).toContain(unsubscribeLink);
    expect(mail.text).toContain("Hallo Berta Buyer");
    expect(mail.text).toMatch(new RegExp(`- Logo-Paket Start \\(150,00\\s€\\): http://[^/]+/services/${matchId}`));
    expect(mail.text).toContain(`/services/${stemmed}`);
    expect(mail.text).toContain("Alle Treffer ansehen: ");
    expect(mail.text).toContain("/services?q=Logo&category=Design&maxPrice=200");
    expect(mail.html).toContain(`<a href="http`);
    expect(mail.html).toContain(`/services/${matchId}">Logo-Paket Start</a>`);
    for (const title of ["Logo-Design Premium", "Logo-Texte", "Logo vom Käufer selbst", "Logo von gestern"]) expect(mail.text).not.toContain(title);
  });

  it("checks at most daily and never tells of a service twice", async () => {
    const checked = await t.db.select({ at: savedSearches.checkedAt }).from(savedSearches).where(eq(savedSearches.id, searchId));
    const last = checked[0]!.at.getTime();
    // A new match just after the check, and one made in the minutes before it that committed late.
    const fresh = await addService({ title: "Logo für Bäckerei", category: "Design", price: "120.00", createdBy: OTHER, createdAt: new Date(last + HOUR) });
    const late = await addService({ title: "Logo spät gespeichert", category: "Design", price: "120.00", createdBy: OTHER, createdAt: new Date(last - 5 * 60 * 1000) });

    expect(await runSavedSearchAlerts(t.db, new Date(last + 12 * HOUR))).toEqual({ checked: 0, alerted: 0 });
    expect(await notificationsOf(BUYER)).toHaveLength(1);

    expect((await runSavedSearchAlerts(t.db, new Date(last + ALERT_INTERVAL_MS))).alerted).toBe(1);
    const notes = await notificationsOf(BUYER);
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.message)).toContain("2 neue Dienstleistungen passen zu „Design · bis 200 € · ‚Logo‘“.");
    const mails = await mailsTo("buyer@example.de");
    expect(mails).toHaveLength(2);
    const second = mails.find((m) => m.text.includes("Logo für Bäckerei"))!;
    expect(second.text).toContain(`/services/${late}`);
    expect(second.text).toContain(`/services/${fresh}`);
    // The first run's services are not told again.
    expect(second.text).not.toContain(`/services/${matchId}`);

    // A day later with nothing new: checked, nobody told.
    const again = await runSavedSearchAlerts(t.db, new Date(last + ALERT_INTERVAL_MS + DAY));
    expect(again).toEqual({ checked: expect.any(Number), alerted: 0 });
    expect(await notificationsOf(BUYER)).toHaveLength(2);
  });

  it("notifies a user without a confirmed address, without mail", async () => {
    const T1 = new Date(T0.getTime() + 10 * DAY);
    await saveSearch(t.db, { actorId: QUIET, query: "?category=Consulting", now: T1 });
    await addService({ title: "Beratung Gründung", category: "Consulting", price: "300.00", createdBy: OWNER, createdAt: new Date(T1.getTime() + HOUR) });
    await runSavedSearchAlerts(t.db, new Date(T1.getTime() + DAY));
    expect((await notificationsOf(QUIET)).map((n) => n.message)).toEqual(["1 neue Dienstleistung passt zu „Consulting“."]);
    expect(await mailsTo("quiet@example.de")).toHaveLength(0);
  });

  it("tells of a new match that only the forgiving search finds, although older exact matches exist", async () => {
    // "Fotograf" matches an older service exactly and, widened by its compound parts, the new
    // "Hochzeitsfotografie". The walk by newest must not stop at the older exact match.
    const T3 = new Date(T0.getTime() + 30 * DAY);
    await addService({ title: "Fotograf für Firmenfeiern", category: "Other", price: "200.00", createdBy: OWNER, createdAt: new Date(T3.getTime() - DAY) });
    await saveSearch(t.db, { actorId: QUIET, query: "?q=Fotograf", now: T3 });
    const widened = await addService({ title: "Hochzeitsfotografie am Meer", category: "Other", price: "900.00", createdBy: OTHER, createdAt: new Date(T3.getTime() + HOUR) });
    const before = (await notificationsOf(QUIET)).length;
    await runSavedSearchAlerts(t.db, new Date(T3.getTime() + DAY));
    const notes = await notificationsOf(QUIET);
    expect(notes).toHaveLength(before + 1);
    expect(notes.map((n) => n.message)).toContain("1 neue Dienstleistung passt zu „Fotograf“.");
    const told = await t.db.select({ id: savedSearchHits.serviceId }).from(savedSearchHits);
    expect(told.map((r) => r.id)).toContain(widened);
  });

  it("notifies, but sends no mail, when the user switched saved-search mails off", async () => {
    const T4 = new Date(T0.getTime() + 40 * DAY);
    await t.db.insert(user).values({ id: "u-nomail", name: "Nora Nomail", email: "nomail@example.de", emailVerified: true });
    await saveNotificationSettings(t.db, "u-nomail", { saved_searches: { inApp: true, email: false } });
    await saveSearch(t.db, { actorId: "u-nomail", query: "?category=Education", now: T4 });
    await addService({ title: "Gitarrenunterricht", category: "Education", price: "30.00", createdBy: OWNER, createdAt: new Date(T4.getTime() + HOUR) });
    await runSavedSearchAlerts(t.db, new Date(T4.getTime() + DAY));
    expect(await notificationsOf("u-nomail")).toHaveLength(1);
    expect(await mailsTo("nomail@example.de")).toHaveLength(0);
  });

  it("is safe when two processes run it at once: one notification, one mail, each service once", async () => {
    const T2 = new Date(T0.getTime() + 20 * DAY);
    const racer = "u-racer";
    await t.db.insert(user).values({ id: racer, name: "Rita Racer", email: "rita@example.de", emailVerified: true });
    const search = await saveSearch(t.db, { actorId: racer, query: "?category=Marketing", now: T2 });
    for (let i = 0; i < 3; i++) {
      await addService({ title: `Kampagne ${i}`, category: "Marketing", price: "400.00", createdBy: OWNER, createdAt: new Date(T2.getTime() + (i + 1) * HOUR) });
    }
    // A second process: its own connection pool on PostgreSQL; on PGlite (one process owns the
    // database) two runs interleaved on it.
    const pool = testEngine === "postgres" ? new pg.Pool({ connectionString: t.url, max: 5 }) : null;
    try {
      const second = pool ? (drizzle(pool, { schema }) as unknown as Database) : t.db;
      const at = new Date(T2.getTime() + DAY);
      const runs = await Promise.all([runSavedSearchAlerts(t.db, at), runSavedSearchAlerts(second, at), runSavedSearchAlerts(second, at)]);
      expect(runs.reduce((n, r) => n + r.alerted, 0)).toBe(1);
    } finally {
      await pool?.end();
    }
    expect(await notificationsOf(racer)).toHaveLength(1);
    expect(await mailsTo("rita@example.de")).toHaveLength(1);
    const hits = await t.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, search.id));
    expect(hits).toHaveLength(3);
    const [row] = await t.db.select().from(savedSearches).where(and(eq(savedSearches.id, search.id)));
    expect(row!.alertedAt).not.toBeNull();
  });

  it("writes the mail's links and names safely", () => {
    const mail = alertMail({
      to: "a@example.de",
      name: "Anna",
      search: { name: "<Design>", query: "?category=Design" },
      services: Array.from({ length: 12 }, (_, i) => ({ id: `id-${i}`, title: i === 0 ? "<b>Logo</b> & Co" : `Dienst ${i}`, price: "10.00" })),
      baseUrl: "https://markt.example",
    });
    expect(mail.html).toContain("&lt;b&gt;Logo&lt;/b&gt; &amp; Co");
    expect(mail.html).not.toContain("<b>Logo</b>");
    expect(mail.text).toContain("und 2 weitere");
    expect(mail.text).toContain("Alle Treffer ansehen: https://markt.example/services?category=Design");
    expect(mail.text.match(/https:\/\/markt\.example\/services\/id-/g)).toHaveLength(10);
  });
});
