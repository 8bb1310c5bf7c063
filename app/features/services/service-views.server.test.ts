import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "~/db/schema";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { incrementServiceViews } from "./service-views.server";
import { createServicesTestDatabase } from "./services.test-support";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`service views on ${testEngine}`, () => {
  it("counts 50 concurrent openings by 50 visitors exactly", async () => {
    const [target] = await t.db.select().from(services).where(eq(services.title, "Steuerberatung für Freiberufler"));
    const opening = (i: number) => ({ visitor: { userId: null, ip: `198.51.100.${i}`, userAgent: "Test" }, secret: "s".repeat(32) });
    await Promise.all(Array.from({ length: 50 }, (_, i) => incrementServiceViews(t.db, target!.id, opening(i))));
    const [after] = await t.db.select().from(services).where(eq(services.id, target!.id));
    expect(after!.views).toBe(target!.views + 50);
    expect(await incrementServiceViews(t.db, "00000000-0000-4000-8000-000000000000", opening(1))).toBeNull();
    expect(await incrementServiceViews(t.db, "kein-uuid", opening(1))).toBeNull();
  });
});
