import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, services, serviceTerms, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { AdminError, runAdminCommand } from "./admin.server";

let t: TestDatabase;
let serviceId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values({ id: "u-admin", name: "Olga Operator", email: "olga@example.de", emailVerified: true });
  await t.db.insert(profiles).values({ userId: "u-admin", email: "olga@example.de", firstName: "Olga", lastName: "Operator" });
  const [service] = await t.db
    .insert(services)
    .values({ title: "Buchhaltung", price: "80.00", category: "Consulting", createdBy: "u-admin" })
    .returning({ id: services.id });
  serviceId = service!.id;
});
afterAll(async () => {
  await t?.destroy();
});

const profile = async () => (await t.db.select().from(profiles).where(eq(profiles.userId, "u-admin")))[0]!;

describe(`admin commands on ${testEngine}`, () => {
  it("sets and resets the support role (e-mail case does not matter)", async () => {
    expect(await runAdminCommand(t.db, ["role", "OLGA@example.de", "support"])).toBe('olga@example.de now has the role "support".');
    expect((await profile()).role).toBe("support");
    await runAdminCommand(t.db, ["role", "olga@example.de", "user"]);
    expect((await profile()).role).toBe("user");
  });

  it("turns Premium on and off", async () => {
    await runAdminCommand(t.db, ["premium", "olga@example.de", "on"]);
    expect((await profile()).isPremium).toBe(true);
    await runAdminCommand(t.db, ["premium", "olga@example.de", "off"]);
    expect((await profile()).isPremium).toBe(false);
  });

  it("features a service and takes it back", async () => {
    expect(await runAdminCommand(t.db, ["feature", serviceId, "on"])).toBe('"Buchhaltung" is now featured.');
    expect((await t.db.select().from(services).where(eq(services.id, serviceId)))[0]!.isFeatured).toBe(true);
    await runAdminCommand(t.db, ["feature", serviceId, "off"]);
    expect((await t.db.select().from(services).where(eq(services.id, serviceId)))[0]!.isFeatured).toBe(false);
  });

  it("rebuilds the search terms and says how many were out of step", async () => {
    expect(await runAdminCommand(t.db, ["search", "rebuild"])).toMatch(/^Rebuilt the search terms: \d+ entries for 1 listed services \(0 were out of step\)\.$/);
    // As after a load that bypassed the triggers: one entry lost, one that no text has.
    await t.db.execute(sql`delete from service_terms where term = 'buchhalt'`);
    await t.db.execute(sql`insert into service_terms (term, is_featured, created_at, service_id, price, rating_avg, rating_count, category, work_place)
      values ('zebra', false, now(), ${serviceId}, 1, 0, 0, 'Other', 'remote')`);
    expect(await runAdminCommand(t.db, ["search", "rebuild"])).toMatch(/\(2 were out of step\)\.$/);
    const terms = await t.db.select({ term: serviceTerms.term }).from(serviceTerms).where(eq(serviceTerms.serviceId, serviceId));
    expect(terms.map((r) => r.term)).toEqual(["buchhalt"]);
    // An entry with a stale price: out of step as the entry that is there and the one that should be.
    await t.db.execute(sql`update service_terms set price = price + 1 where service_id = ${serviceId}`);
    expect(await runAdminCommand(t.db, ["search", "rebuild"])).toMatch(/\(2 were out of step\)\.$/);
    expect(await runAdminCommand(t.db, ["search", "rebuild"])).toMatch(/\(0 were out of step\)\.$/);
  });

  it.each([
    [["search", "repair"], /Unknown search command "repair"/],
    [["role", "unbekannt@example.de", "support"], /No user with the e-mail address "unbekannt@example.de"/],
    [["role", "olga@example.de", "admin"], /The role must be "support" or "user"/],
    [["premium", "olga@example.de", "maybe"], /Expected "on" or "off"/],
    [["feature", "123", "on"], /is not a service id/],
    [["feature", "00000000-0000-4000-8000-000000000000", "on"], /No service with the id/],
    [["promote", "x"], /Unknown command "promote"/],
  ])("refuses %j with a clear message and changes nothing", async (args, message) => {
    const before = await profile();
    await expect(runAdminCommand(t.db, args)).rejects.toThrow(AdminError);
    await expect(runAdminCommand(t.db, args)).rejects.toThrow(message);
    expect(await profile()).toEqual(before);
  });
});
