import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages, orders, services, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { responseSpan } from "./components/provider-trust-box";
import { providerTrust, RESPONSE_MIN_ANSWERED } from "./provider-trust.server";

const PROVIDER = "p-trust";
const NEWCOMER = "p-new";
const CUSTOMERS = ["c-1", "c-2", "c-3", "c-4", "c-5"];
const MINUTE = 60_000;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values([
    { id: PROVIDER, name: "Petra Profi", email: "petra@example.de", createdAt: new Date("2025-03-14T10:00:00Z") },
    { id: NEWCOMER, name: "Nina Neu", email: "nina@example.de" },
    ...CUSTOMERS.map((id) => ({ id, name: id, email: `${id}@example.de` })),
  ]);
  const [a] = await t.db
    .insert(services)
    .values([
      { title: "Eins", price: "10", category: "Other", createdBy: PROVIDER, ratingAvg: "5.00", ratingCount: 3 },
      { title: "Zwei", price: "10", category: "Other", createdBy: PROVIDER, ratingAvg: "4.00", ratingCount: 1 },
      { title: "Drei", price: "10", category: "Other", createdBy: PROVIDER },
      // Removed by moderation (ADR 023): the public sees neither it nor its figures.
      { title: "Vier", price: "10", category: "Other", createdBy: PROVIDER, ratingAvg: "1.00", ratingCount: 5, removedAt: new Date("2026-01-01T00:00:00Z") },
    ])
    .returning({ id: services.id });
  const order = (status: "completed" | "in_progress", buyerId: string) => ({
    buyerId,
    sellerId: PROVIDER,
    serviceId: a!.id,
    serviceTitle: "Eins",
    priceUnit: "fixed" as const,
    unitPrice: "10",
    total: "10",
    requirements: "Bitte erledigen",
    status,
    buyerAddress: { name: buyerId, street: "Weg 1", postalCode: "10115", city: "Berlin", country: "Deutschland" },
  });
  await t.db.insert(orders).values([order("completed", "c-1"), order("completed", "c-2"), order("in_progress", "c-3")]);
});
afterAll(async () => {
  await t?.destroy();
});

/** A service conversation of a customer with the provider: messages as [sender, minutes ago]. */
async function conversation(customer: string, thread: [string, number][]) {
  const [user1Id, user2Id] = [customer, PROVIDER].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1));
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
  const [c] = await t.db
    .insert(conversations)
    .values({ user1Id, user2Id, kind: "direct", lastMessageAt: at(Math.min(...thread.map(([, m]) => m))) })
    .returning({ id: conversations.id });
  await t.db.insert(messages).values(thread.map(([senderId, minutesAgo], i) => ({ conversationId: c!.id, senderId, content: `Nachricht ${i}`, createdAt: at(minutesAgo) })));
}

describe(`the provider's trust figures on ${testEngine}`, () => {
  it("counts the listed services, the ratings across them, completed orders and the membership", async () => {
    const trust = await providerTrust(t.db, PROVIDER);
    expect(trust).toMatchObject({ ratingAvg: "4.75", ratingCount: 4, serviceCount: 3, completedOrders: 2, responseSeconds: null });
    expect(trust!.memberSince.toISOString()).toBe("2025-03-14T10:00:00.000Z");
    expect(await providerTrust(t.db, NEWCOMER)).toMatchObject({ ratingAvg: null, ratingCount: 0, serviceCount: 0, completedOrders: 0, responseSeconds: null });
    expect(await providerTrust(t.db, "nobody")).toBeNull();
  });

  it(`shows a response time only from ${RESPONSE_MIN_ANSWERED} answered conversations, as the median first reply`, async () => {
    // Answered after 30 min (the provider's own earlier message does not count as the question's answer).
    await conversation("c-1", [[PROVIDER, 500], ["c-1", 300], ["c-1", 295], [PROVIDER, 270], [PROVIDER, 10]]);
    // Answered after 2 h.
    await conversation("c-2", [["c-2", 400], [PROVIDER, 280]]);
    // Not answered: does not count.
    await conversation("c-3", [["c-3", 100]]);
    // Older than 90 days: does not count.
    await conversation("c-4", [["c-4", 100 * 24 * 60], [PROVIDER, 100 * 24 * 60 - 5]]);
    expect((await providerTrust(t.db, PROVIDER))!.responseSeconds).toBeNull();
    // The third answered conversation: after 3 h. Median of 30 min, 2 h, 3 h: 2 h.
    await conversation("c-5", [["c-5", 200], [PROVIDER, 20]]);
    expect((await providerTrust(t.db, PROVIDER))!.responseSeconds).toBe(2 * 3600);
  });

  it("says the response time rounded up: quarter hours, hours, days", () => {
    expect(responseSpan(40)).toBe("15 Min.");
    expect(responseSpan(16 * 60)).toBe("30 Min.");
    expect(responseSpan(59 * 60)).toBe("1 Std.");
    expect(responseSpan(2 * 3600)).toBe("2 Std.");
    expect(responseSpan(2 * 3600 + 1)).toBe("3 Std.");
    expect(responseSpan(30 * 3600)).toBe("2 Tagen");
  });
});
