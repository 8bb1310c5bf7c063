import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, serviceReviews, services, user } from "~/db/schema";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { getDashboard } from "./dashboard.server";
import { createServicesTestDatabase, fixtures, OTHER, OWNER } from "./services.test-support";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`dashboard on ${testEngine}`, () => {
  it("averages the dashboard rating exactly over every review of the user's services", async () => {
    const provider = "u-dash-provider";
    await t.db.insert(user).values([
      { id: provider, name: "Pia Provider", email: "pia@example.de", emailVerified: true },
      { id: "u-dash-3", name: "Dritte Person", email: "dritte@example.de", emailVerified: true },
    ]);
    const [a, b] = await t.db
      .insert(services)
      .values([
        { title: "A", price: "10.00", category: "Other", createdBy: provider, views: 7 },
        { title: "B", price: "20.00", category: "Other", createdBy: provider, views: 5 },
      ])
      .returning({ id: services.id });
    // A: 5 and 4 (average 4.5); B: 2. Exact: (5 + 4 + 2) / 3 = 3.67, not the average of averages 3.25.
    await t.db.insert(serviceReviews).values([
      { serviceId: a!.id, userId: OWNER, rating: 5 },
      { serviceId: a!.id, userId: OTHER, rating: 4 },
      { serviceId: b!.id, userId: "u-dash-3", rating: 2 },
    ]);
    expect(await getDashboard(t.db, provider)).toMatchObject({ serviceCount: 2, totalViews: 12, ratingCount: 3, averageRating: "3.67" });
    await t.db.delete(services).where(eq(services.createdBy, provider));
    expect(await getDashboard(t.db, provider)).toMatchObject({ serviceCount: 0, totalViews: 0, ratingCount: 0, averageRating: null });
  });

  it("sums the dashboard figures in SQL", async () => {
    const dashboard = await getDashboard(t.db, OWNER);
    expect(dashboard.profileViews).toBe(42);
    expect(dashboard.serviceCount).toBe(fixtures.length);
    const result = (await t.db.execute(sql`select sum(views)::int as v from services where created_by = ${OWNER}`)) as unknown as {
      rows: { v: number }[];
    };
    expect(dashboard.totalViews).toBe(result.rows[0]!.v);
    expect(dashboard.services).toHaveLength(fixtures.length);
    expect(dashboard.services[0]!.isFeatured).toBe(true);
    expect(dashboard.isNewMember).toBe(false);
    const empty = await getDashboard(t.db, OTHER);
    expect(empty).toMatchObject({ serviceCount: 0, totalViews: 0, averageRating: null, ratingCount: 0, services: [] });
  });

  it("welcomes a new member (joined within a day, nothing offered yet) instead of welcoming them back", async () => {
    await t.db.insert(user).values({ id: "u-dash-new", name: "Neu Ling", email: "neu@example.de", emailVerified: true });
    await t.db.insert(profiles).values({ userId: "u-dash-new", email: "neu@example.de", firstName: "Neu", lastName: "Ling" });
    const now = Date.now();
    expect((await getDashboard(t.db, "u-dash-new", now)).isNewMember).toBe(true);
    expect((await getDashboard(t.db, "u-dash-new", now + 25 * 60 * 60 * 1000)).isNewMember).toBe(false);
    // Someone who offers services is a provider, however new.
    expect((await getDashboard(t.db, OWNER, now)).isNewMember).toBe(false);
  });
});
