import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingProfiles, conversations, messages, notifications, orders, profiles, serviceViewDays, services, user } from "~/db/schema";
import { countView } from "~/features/views/view-counter.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { saveBillingProfile } from "./billing.server";
import { acceptOrder, bookService, completeOrder, declineOrder, deliverOrder, withdrawOrder } from "./orders.server";
import { getRevenueDashboard, monthlyRevenue, openOrdersByStatus, sellerFunnel } from "./revenue.server";

/** Mid-March 2026 (Berlin is on CET until 29 March). */
const NOW = new Date("2026-03-15T10:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const SELLER = "u-rev-seller";
const OTHER_SELLER = "u-rev-other";
const BUYER = "u-rev-buyer";
const BUYER2 = "u-rev-buyer2";
const NOBODY = "u-rev-nobody";

let t: TestDatabase;
let design: string; // 119.00, fixed, SELLER
let lessons: string; // 30.00 per hour, SELLER
let foreign: string; // OTHER_SELLER

const billing = {
  name: "Studio Umsatz",
  street: "Am Markt 1",
  postalCode: "80331",
  city: "München",
  taxNumber: "143/123/45678",
  vatRate: "19",
  iban: "DE89 3704 0044 0532 0130 00",
};
const booking = (extra: Record<string, unknown> = {}) => ({
  name: "Berta Kundin",
  street: "Hauptstraße 5",
  postalCode: "10115",
  city: "Berlin",
  requirements: "Bitte wie besprochen.",
  ...extra,
});

/** Books, accepts, delivers and completes an order with the given completion time; returns its id. */
async function completedAt(at: Date, { buyer = BUYER, serviceId = design, quantity }: { buyer?: string; serviceId?: string; quantity?: string } = {}) {
  const seller = serviceId === foreign ? OTHER_SELLER : SELLER;
  const { orderId } = await bookService(t.db, { actorId: buyer, serviceId, input: booking(quantity ? { quantity } : {}), now: new Date(at.getTime() - 3 * DAY), quiet: true });
  await acceptOrder(t.db, { actorId: seller, orderId, now: new Date(at.getTime() - 2 * DAY), quiet: true });
  await deliverOrder(t.db, { actorId: seller, orderId, input: { note: "Fertig." }, now: new Date(at.getTime() - DAY), quiet: true });
  await completeOrder(t.db, { actorId: buyer, orderId, now: at, quiet: true });
  return orderId;
}

async function booked(at: Date, { buyer = BUYER, serviceId = design }: { buyer?: string; serviceId?: string } = {}) {
  return (await bookService(t.db, { actorId: buyer, serviceId, input: booking(), now: at, quiet: true })).orderId;
}

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [SELLER, OTHER_SELLER, BUYER, BUYER2, NOBODY];
  await t.db.insert(user).values(people.map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((id, i) => ({ userId: id, email: `${id}@example.de`, firstName: `Vor${i}`, lastName: `Nach${i}` })));
  const [a, b, c] = await t.db
    .insert(services)
    .values([
      { title: "Logodesign", description: "Ein Logo", price: "119.00", category: "Design", createdBy: SELLER, createdAt: new Date("2024-01-01T00:00:00Z") },
      { title: "Gitarrenunterricht", description: "Pro Stunde", price: "30.00", priceUnit: "hour", category: "Education", createdBy: SELLER },
      { title: "Fremde Leistung", description: "Anderer Anbieter", price: "50.00", category: "Design", createdBy: OTHER_SELLER },
    ])
    .returning({ id: services.id });
  design = a!.id;
  lessons = b!.id;
  foreign = c!.id;
  await saveBillingProfile(t.db, SELLER, billing);
  await saveBillingProfile(t.db, OTHER_SELLER, { ...billing, name: "Andere GmbH" });
}, 60_000);

afterAll(async () => {
  await t?.destroy();
});

describe(`revenue per month on ${testEngine}`, () => {
  it("has the last 12 calendar months in Germany, oldest first, months without revenue as 0", async () => {
    const months = await monthlyRevenue(t.db, { sellerId: NOBODY, now: NOW });
    expect(months.map((m) => m.month)).toEqual([
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    expect(months.every((m) => m.net === "0.00" && m.gross === "0.00" && m.orders === 0)).toBe(true);
  });

  it("sums net and gross of completed orders by their completion month in Berlin time", async () => {
    // 1 March 00:30 in Berlin is still February in UTC: March revenue.
    await completedAt(new Date("2026-02-28T23:30:00.000Z"));
    await completedAt(new Date("2026-03-10T12:00:00.000Z"), { serviceId: lessons, quantity: "3" }); // 90.00
    // The window's edges: 31 March 2025 23:30 (CEST) is outside, 1 April 2025 00:30 inside.
    await completedAt(new Date("2025-03-31T21:30:00.000Z"));
    await completedAt(new Date("2025-03-31T22:30:00.000Z"));
    // Not counted: another provider's order, open, declined and withdrawn ones.
    await completedAt(new Date("2026-03-05T12:00:00.000Z"), { serviceId: foreign });
    const open = await booked(new Date("2026-03-01T09:00:00.000Z"));
    await acceptOrder(t.db, { actorId: SELLER, orderId: open, now: new Date("2026-03-02T09:00:00.000Z"), quiet: true });
    await declineOrder(t.db, { actorId: SELLER, orderId: await booked(new Date("2026-03-03T09:00:00.000Z")), input: { reason: "Keine Zeit." }, now: new Date("2026-03-03T10:00:00.000Z"), quiet: true });
    await withdrawOrder(t.db, { actorId: BUYER, orderId: await booked(new Date("2026-03-04T09:00:00.000Z")), now: new Date("2026-03-04T10:00:00.000Z"), quiet: true });

    const months = await monthlyRevenue(t.db, { sellerId: SELLER, now: NOW });
    const byMonth = Object.fromEntries(months.map((m) => [m.month, m]));
    // 119.00 gross = 100.00 net + 19 % VAT; 90.00 gross = 75.63 net.
    expect(byMonth["2026-03"]).toEqual({ month: "2026-03", gross: "209.00", net: "175.63", orders: 2 });
    expect(byMonth["2026-02"]).toEqual({ month: "2026-02", gross: "0.00", net: "0.00", orders: 0 });
    expect(byMonth["2025-04"]).toEqual({ month: "2025-04", gross: "119.00", net: "100.00", orders: 1 });
    expect(months).toHaveLength(12);
    expect(months.reduce((sum, m) => sum + m.orders, 0)).toBe(3);
  });

  it("counts an order completed without an invoice with net = gross = its total", async () => {
    const orderId = await booked(new Date("2025-12-01T09:00:00.000Z"));
    await acceptOrder(t.db, { actorId: SELLER, orderId, now: new Date("2025-12-01T10:00:00.000Z"), quiet: true });
    await deliverOrder(t.db, { actorId: SELLER, orderId, input: { note: "Fertig." }, now: new Date("2025-12-02T10:00:00.000Z"), quiet: true });
    // The provider's billing details are gone by completion: the order completes without an invoice.
    const [kept] = await t.db.select().from(billingProfiles).where(eq(billingProfiles.userId, SELLER));
    await t.db.delete(billingProfiles).where(eq(billingProfiles.userId, SELLER));
    try {
      await completeOrder(t.db, { actorId: BUYER, orderId, now: new Date("2025-12-03T10:00:00.000Z"), quiet: true });
    } finally {
      await t.db.insert(billingProfiles).values(kept!);
    }
    const months = await monthlyRevenue(t.db, { sellerId: SELLER, now: NOW });
    expect(months.find((m) => m.month === "2025-12")).toEqual({ month: "2025-12", gross: "119.00", net: "119.00", orders: 1 });
  });
});

describe(`open orders and the funnel on ${testEngine}`, () => {
  it("counts open orders by status, as provider and as buyer", async () => {
    const before = await openOrdersByStatus(t.db, SELLER);
    const requested = await booked(new Date("2026-03-14T09:00:00.000Z"), { buyer: BUYER2 });
    const delivered = await booked(new Date("2026-03-13T09:00:00.000Z"), { buyer: BUYER2 });
    await acceptOrder(t.db, { actorId: SELLER, orderId: delivered, now: new Date("2026-03-13T10:00:00.000Z"), quiet: true });
    await deliverOrder(t.db, { actorId: SELLER, orderId: delivered, input: { note: "Bitte prüfen." }, now: new Date("2026-03-14T10:00:00.000Z"), quiet: true });
    const after = await openOrdersByStatus(t.db, SELLER);
    expect(after.selling).toEqual({
      requested: before.selling.requested + 1,
      in_progress: before.selling.in_progress,
      delivered: before.selling.delivered + 1,
    });
    expect(after.buying).toEqual({ requested: 0, in_progress: 0, delivered: 0 });
    expect((await openOrdersByStatus(t.db, BUYER2)).buying).toEqual({ requested: 1, in_progress: 0, delivered: 1 });
    expect(requested).toBeTruthy();
  });

  it("counts views, conversations, orders and completions of the last 30 days", async () => {
    const other = await createTestDatabase();
    try {
      const db = other.db;
      await db.insert(user).values([SELLER, OTHER_SELLER, BUYER].map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
      await db.insert(profiles).values([SELLER, OTHER_SELLER, BUYER].map((id) => ({ userId: id, email: `${id}@example.de`, firstName: id, lastName: "X" })));
      const [mine, theirs] = await db
        .insert(services)
        .values([
          { title: "Meins", description: "", price: "100.00", category: "Design", createdBy: SELLER },
          { title: "Fremd", description: "", price: "100.00", category: "Design", createdBy: OTHER_SELLER },
        ])
        .returning({ id: services.id });
      await saveBillingProfile(db, SELLER, billing);
      // Views: counted ones (today and 29 days ago: inside), and day rows outside the window.
      const visitor = (n: number) => ({ userId: null, ip: `192.0.2.${n}`, userAgent: "Test" });
      for (const n of [1, 2, 3]) await countView(db, "service", mine!.id, { visitor: visitor(n), secret: "s".repeat(32), now: NOW });
      await countView(db, "service", mine!.id, { visitor: visitor(1), secret: "s".repeat(32), now: NOW }); // the same visitor again: not counted
      await countView(db, "service", theirs!.id, { visitor: visitor(1), secret: "s".repeat(32), now: NOW });
      await countView(db, "service", mine!.id, { visitor: visitor(4), secret: "s".repeat(32), now: new Date(NOW.getTime() - 29 * DAY) });
      await db.insert(serviceViewDays).values([
        { serviceId: mine!.id, day: "2026-02-13", views: 50 }, // 30 days before 15 March: outside
        { serviceId: mine!.id, day: "2026-03-16", views: 7 }, // tomorrow: outside
      ]);
      expect((await db.select().from(serviceViewDays).where(eq(serviceViewDays.serviceId, mine!.id))).find((r) => r.day === "2026-03-15")?.views).toBe(3);

      // Conversations: about my service (inside, and 40 days ago), about another's service, a direct one.
      const pair = [SELLER, BUYER].sort() as [string, string];
      const otherPair = [OTHER_SELLER, BUYER].sort() as [string, string];
      const [enquiry] = await db
        .insert(conversations)
        .values({ kind: "service", serviceId: mine!.id, user1Id: pair[0], user2Id: pair[1], createdAt: new Date(NOW.getTime() - 5 * DAY) })
        .returning({ id: conversations.id });
      await db.insert(conversations).values([
        { kind: "service", serviceId: theirs!.id, user1Id: otherPair[0], user2Id: otherPair[1], createdAt: new Date(NOW.getTime() - 5 * DAY) },
        { kind: "direct", user1Id: pair[0], user2Id: pair[1], createdAt: new Date(NOW.getTime() - 5 * DAY) },
      ]);
      const [sellerLow, sellerHigh] = [SELLER, OTHER_SELLER].sort() as [string, string];
      await db.insert(conversations).values({ kind: "direct", user1Id: sellerLow, user2Id: sellerHigh, createdAt: new Date(NOW.getTime() - 40 * DAY) });
      // Orders: one requested 40 days ago and completed 10 days ago; two requested inside, one of them completed.
      const book = async (at: Date) => (await bookService(db, { actorId: BUYER, serviceId: mine!.id, input: booking(), now: at, quiet: true })).orderId;
      const finish = async (orderId: string, at: Date) => {
        await acceptOrder(db, { actorId: SELLER, orderId, now: new Date(at.getTime() - 2 * DAY), quiet: true });
        await deliverOrder(db, { actorId: SELLER, orderId, input: { note: "Fertig." }, now: new Date(at.getTime() - DAY), quiet: true });
        await completeOrder(db, { actorId: BUYER, orderId, now: at, quiet: true });
      };
      await finish(await book(new Date(NOW.getTime() - 40 * DAY)), new Date(NOW.getTime() - 10 * DAY));
      await finish(await book(new Date(NOW.getTime() - 20 * DAY)), new Date(NOW.getTime() - 12 * DAY));
      await book(new Date(NOW.getTime() - 2 * DAY));

      // A service chat opened ("Anbieter kontaktieren") but never written in is no enquiry yet.
      expect((await sellerFunnel(db, { sellerId: SELLER, now: NOW })).conversations).toBe(2);
      await db.insert(messages).values({ conversationId: enquiry!.id, senderId: BUYER, content: "Haben Sie im April Zeit?", createdAt: new Date(NOW.getTime() - 5 * DAY) });
      expect(await sellerFunnel(db, { sellerId: SELLER, now: NOW })).toEqual({
        views: 4,
        // The service conversation inside the window and the two order conversations inside it.
        conversations: 3,
        orders: 2,
        // Period figures, not a cohort: the order requested 40 days ago completed inside the window.
        completed: 2,
      });
      // The other seller's chat was never written in.
      expect(await sellerFunnel(db, { sellerId: OTHER_SELLER, now: NOW })).toEqual({ views: 1, conversations: 0, orders: 0, completed: 0 });
      // Quiet steps told nobody.
      expect((await db.select().from(notifications)).length).toBe(0);
    } finally {
      await other.destroy();
    }
  });
});

describe(`the dashboard's figures on ${testEngine}`, () => {
  it("adds the provider's 12 months up and gives the buyer's spending and open orders", async () => {
    // A purchase 14 months ago counts in the total, not in the last 12 months.
    await completedAt(new Date("2025-01-10T12:00:00.000Z"), { buyer: BUYER2 });
    const dashboard = await getRevenueDashboard(t.db, { userId: SELLER, now: NOW });
    expect(dashboard.seller.total).toEqual({ gross: "447.00", net: "394.63", orders: 4 });
    expect(dashboard.seller.months).toHaveLength(12);
    expect(dashboard.seller.orderCount).toBeGreaterThanOrEqual(9);
    expect(dashboard.buyer).toEqual({ orderCount: 0, completedCount: 0, spentRecent: "0.00", spentTotal: "0.00", open: { requested: 0, in_progress: 0, delivered: 0 } });

    const buyer = await getRevenueDashboard(t.db, { userId: BUYER2, now: NOW });
    expect(buyer.buyer).toEqual({ orderCount: 3, completedCount: 1, spentRecent: "0.00", spentTotal: "119.00", open: { requested: 1, in_progress: 0, delivered: 1 } });
    expect(buyer.seller.orderCount).toBe(0);
    expect(buyer.seller.total).toEqual({ gross: "0.00", net: "0.00", orders: 0 });

    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.buyerId, BUYER))) as [{ n: number }];
    const main = await getRevenueDashboard(t.db, { userId: BUYER, now: NOW });
    expect(main.buyer.orderCount).toBe(n);
    // BUYER's completed orders in the window: 119 (1 March) + 90 (10 March) + 119 (April 2025) + 119 (December, no invoice) + 50 (other provider).
    expect(main.buyer.spentRecent).toBe("497.00");
    // …and the one of 31 March 2025, before the window.
    expect(main.buyer.spentTotal).toBe("616.00");
  });
});
