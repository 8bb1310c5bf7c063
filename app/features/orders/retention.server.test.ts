import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, invoices, orderEvents, orders, profiles, services, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { saveBillingProfile } from "./billing.server";
import { acceptOrder, bookService, completeOrder, declineOrder, deliverOrder } from "./orders.server";
import { purgeExpiredOrders, retentionCutoff } from "./retention.server";

const SELLER = "u-ret-seller";
const GONE = "u-ret-gone";
const STAYS = "u-ret-stays";
const DAY = 24 * 60 * 60 * 1000;

let t: TestDatabase;
let serviceId: string;
const ids: Record<string, string> = {};

const booking = { name: "Berta Kundin", street: "Hauptstraße 5", postalCode: "10115", city: "Berlin", requirements: "Bitte wie besprochen." };

async function completed(buyer: string, at: Date) {
  const { orderId } = await bookService(t.db, { actorId: buyer, serviceId, input: booking, now: new Date(at.getTime() - 3 * DAY), quiet: true });
  await acceptOrder(t.db, { actorId: SELLER, orderId, now: new Date(at.getTime() - 2 * DAY), quiet: true });
  await deliverOrder(t.db, { actorId: SELLER, orderId, input: { note: "Fertig." }, now: new Date(at.getTime() - DAY), quiet: true });
  await completeOrder(t.db, { actorId: buyer, orderId, now: at, quiet: true });
  return orderId;
}

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [SELLER, GONE, STAYS];
  await t.db.insert(user).values(people.map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((id, i) => ({ userId: id, email: `${id}@example.de`, firstName: `Vor${i}`, lastName: `Nach${i}` })));
  const [service] = await t.db
    .insert(services)
    .values({ title: "Logodesign", description: "Ein Logo", price: "119.00", category: "Design", createdBy: SELLER, createdAt: new Date("2016-01-01T00:00:00Z") })
    .returning({ id: services.id });
  serviceId = service!.id;
  await saveBillingProfile(t.db, SELLER, { name: "Studio", street: "Am Markt 1", postalCode: "80331", city: "München", taxNumber: "143/123/45678", vatRate: "19", iban: "DE89 3704 0044 0532 0130 00" });

  ids.old = await completed(GONE, new Date("2017-06-01T10:00:00Z"));
  // 00:30 on 1 January 2018 in Berlin: a record of 2018, although UTC still says 2017.
  ids.newYear = await completed(GONE, new Date("2017-12-31T23:30:00Z"));
  ids.bothStay = await completed(STAYS, new Date("2017-06-01T10:00:00Z"));
  const { orderId: declined } = await bookService(t.db, { actorId: GONE, serviceId, input: booking, now: new Date("2017-03-01T10:00:00Z"), quiet: true });
  await declineOrder(t.db, { actorId: SELLER, orderId: declined, input: { reason: "Keine Zeit." }, now: new Date("2017-03-02T10:00:00Z"), quiet: true });
  ids.declined = declined;
  const { orderId: open } = await bookService(t.db, { actorId: GONE, serviceId, input: booking, now: new Date("2017-04-01T10:00:00Z"), quiet: true });
  await acceptOrder(t.db, { actorId: SELLER, orderId: open, now: new Date("2017-04-02T10:00:00Z"), quiet: true });
  ids.open = open;
  // The buyer's account goes (the reference becomes null, as an account deletion leaves it).
  await t.db.delete(user).where(eq(user.id, GONE));
}, 60_000);
afterAll(() => t?.destroy());

const remaining = async () => new Set((await t.db.select({ id: orders.id }).from(orders)).map((r) => r.id));

describe(`order records past their retention on ${testEngine}`, () => {
  it("keeps records for eight years from the end of their calendar year, in German time", () => {
    expect(retentionCutoff(new Date("2026-01-01T12:00:00Z"))).toBe("2018-01-01");
    // 31 December 2025, 23:30 UTC is already 2026 in Berlin.
    expect(retentionCutoff(new Date("2025-12-31T23:30:00Z"))).toBe("2018-01-01");
    expect(retentionCutoff(new Date("2025-12-31T22:30:00Z"))).toBe("2017-01-01");
  });

  it("removes nothing while the retention runs", async () => {
    expect(await purgeExpiredOrders(t.db, new Date("2025-12-31T12:00:00Z"))).toBe(0);
    expect((await remaining()).size).toBe(5);
    expect(await t.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.orderId, ids.old!))).toHaveLength(1);
  });

  it("then removes the ended orders of a deleted account with invoice, timeline and order conversation, and keeps the rest", async () => {
    const invoiced = await t.db.select({ orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, [ids.old!, ids.newYear!, ids.bothStay!]));
    expect(invoiced).toHaveLength(3);
    expect(await purgeExpiredOrders(t.db, new Date("2026-01-02T12:00:00Z"))).toBe(2);

    const left = await remaining();
    expect(left.has(ids.old!)).toBe(false);
    expect(left.has(ids.declined!)).toBe(false);
    // A 2018 record (in German time), an order of two existing accounts, and an order still open stay.
    expect(left.has(ids.newYear!)).toBe(true);
    expect(left.has(ids.bothStay!)).toBe(true);
    expect(left.has(ids.open!)).toBe(true);

    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, ids.old!))).toEqual([]);
    expect(await t.db.select().from(orderEvents).where(inArray(orderEvents.orderId, [ids.old!, ids.declined!]))).toEqual([]);
    expect(await t.db.select().from(conversations).where(inArray(conversations.orderId, [ids.old!, ids.declined!]))).toEqual([]);
    expect(await t.db.select({ id: invoices.id }).from(invoices)).toHaveLength(2);
  });

  it("a year later takes the next year's records, and a second run finds nothing more", async () => {
    expect(await purgeExpiredOrders(t.db, new Date("2027-01-02T12:00:00Z"))).toBe(1);
    expect(await purgeExpiredOrders(t.db, new Date("2027-01-02T12:00:00Z"))).toBe(0);
    expect(await remaining()).toEqual(new Set([ids.bothStay!, ids.open!]));
  });
});
