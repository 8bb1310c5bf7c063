import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { startDirectConversation } from "./conversations.server";
import { orderedPair } from "./pair";

// Better Auth's ids mix upper and lower case. A language collation (en-US, as many PostgreSQL
// servers are installed) sorts "a…" before "B…" where JavaScript and the C collation do not: the
// pair's stored order must not depend on the database's collation.
const LOWER = "aLowerFirst";
const UPPER = "BUpperFirst";

describe.runIf(testEngine === "postgres")("conversation pairs on a database with the en-US collation", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ icuLocale: "en-US" });
    const now = new Date();
    for (const id of [LOWER, UPPER]) {
      await t.db.insert(user).values({ id, name: id, email: `${id.toLowerCase()}@example.test`, emailVerified: true, createdAt: now, updatedAt: now });
      await t.db.insert(profiles).values({ userId: id, firstName: id, email: `${id.toLowerCase()}@example.test` });
    }
  });
  afterAll(() => t?.destroy());

  it("sorts the two ids differently from the application, and a conversation of the two still starts", async () => {
    const result = await t.db.execute<{ before: boolean }>(sql`select ${LOWER}::text < ${UPPER}::text as before`);
    // The premise: this database disagrees with JavaScript about these two ids.
    expect((result as unknown as { rows: { before: boolean }[] }).rows[0]!.before).toBe(true);
    expect(orderedPair(LOWER, UPPER)).toEqual([UPPER, LOWER]);

    const id = await startDirectConversation(t.db, LOWER, UPPER);
    expect(await startDirectConversation(t.db, UPPER, LOWER)).toBe(id);
  });
});
