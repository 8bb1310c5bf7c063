import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, profiles, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { refusingVanishedRow, sqlConstraint, sqlState } from "./sql-errors";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values({ id: "u-sqlstate", name: "S", email: "s@example.de", emailVerified: true });
});
afterAll(async () => {
  await t?.destroy();
});

describe(`database error codes on ${testEngine}`, () => {
  it("a write naming a row that is gone becomes 'not found', other errors pass through", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const write = () => t.db.insert(favorites).values({ userId: "u-sqlstate", serviceId: missing });
    const raw = await write().catch((error: unknown) => error);
    expect(sqlState(raw)).toBe("23503");
    await expect(refusingVanishedRow(write, "service_not_found")).rejects.toMatchObject({ code: "NOT_FOUND", message: "service_not_found" });
    const other = new Error("connection lost");
    await expect(refusingVanishedRow(() => Promise.reject(other), "service_not_found")).rejects.toBe(other);
    expect(sqlState(new Error("plain"))).toBeUndefined();
  });

  it("a unique violation names its code and the index that refused it", async () => {
    await t.db.insert(user).values({ id: "u-sqlstate-2", name: "T", email: "t@example.de", emailVerified: true });
    await t.db.insert(profiles).values({ userId: "u-sqlstate", email: "s@example.de", username: "Gleich" });
    const raw = await t.db
      .insert(profiles)
      .values({ userId: "u-sqlstate-2", email: "t@example.de", username: "gleich" })
      .catch((error: unknown) => error);
    expect(sqlState(raw)).toBe("23505");
    expect(sqlConstraint(raw)).toBe("profiles_username_lower_idx");
    expect(sqlConstraint(new Error("plain"))).toBeUndefined();
  });
});
