import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, orders, profiles, reviewReplies, serviceReviews, services, user } from "~/db/schema";
import { saveBillingProfile } from "~/features/orders/billing.server";
import { acceptOrder, autoCompleteDueOrders, bookService, completeOrder, declineOrder, deliverOrder, withdrawOrder } from "~/features/orders/orders.server";
import { reviewsOrdersDe } from "~/i18n/reviews-orders.de";
import { TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { deleteReply, replyToReview } from "./replies.server";
import { listReviews, saveReview } from "./reviews.server";

/**
 * Issue #15, "Reviews that mean something": the "Verifizierter Auftrag" badge is computed from the
 * orders (a completed order of that buyer for that service, nothing else), and the provider answers
 * each review once, editable.
 */

let t: TestDatabase;
const SELLER = "u-trust-seller";
const OTHER_SELLER = "u-trust-other-seller";
// One buyer per state their order of the reviewed service ends in.
const BUYER = {
  completed: "u-trust-completed",
  autoCompleted: "u-trust-auto",
  requested: "u-trust-requested",
  inProgress: "u-trust-in-progress",
  delivered: "u-trust-delivered",
  declined: "u-trust-declined",
  withdrawn: "u-trust-withdrawn",
  otherService: "u-trust-other-service",
  noOrder: "u-trust-no-order",
} as const;
let service: string;
let sibling: string;
let othersService: string;

const address = { name: "Berta Kundin", street: "Hauptstraße 5", postalCode: "10115", city: "Berlin" };
// The provider's invoice details (accepting an order needs them), as a Kleinunternehmer.
const billing = { name: "Grafik Nord", street: "Deichstraße 9", postalCode: "20459", city: "Hamburg", taxNumber: "46/815/00000", smallBusiness: "on", iban: "DE02 1203 0000 0000 2020 51" };

async function book(buyer: string, serviceId: string) {
  return (await bookService(t.db, { actorId: buyer, serviceId, input: { ...address, requirements: "Bitte bis Monatsende." } })).orderId;
}

async function delivered(buyer: string, serviceId: string, now = new Date()) {
  const orderId = await book(buyer, serviceId);
  await acceptOrder(t.db, { actorId: SELLER, orderId, now });
  await deliverOrder(t.db, { actorId: SELLER, orderId, input: { note: "Hier ist das Ergebnis." }, now });
  return orderId;
}

async function review(buyer: string, serviceId: string, text = "Gute Arbeit.") {
  await saveReview(t.db, { actorId: buyer, serviceId, input: { rating: "5", reviewText: text }, mode: "review" });
  const [row] = await t.db
    .select({ id: serviceReviews.id })
    .from(serviceReviews)
    .where(and(eq(serviceReviews.serviceId, serviceId), eq(serviceReviews.userId, buyer)));
  return row!.id;
}

async function verifiedBy(serviceId: string) {
  return Object.fromEntries((await listReviews(t.db, serviceId)).map((r) => [r.author.userId, r.verified]));
}

beforeAll(async () => {
  // Order mails link with BASE_URL; the secret keeps env() from writing one to DATA_DIR.
  vi.stubEnv("BASE_URL", TEST_BASE_URL);
  vi.stubEnv("AUTH_SECRET", "review-trust-test-secret-0123456789abcdef");
  t = await createTestDatabase();
  const people = [SELLER, OTHER_SELLER, ...Object.values(BUYER)];
  await t.db.insert(user).values(people.map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((id, i) => ({ userId: id, email: `${id}@example.de`, firstName: `Vor${i}`, lastName: `Nach${i}` })));
  const [a, b, c] = await t.db
    .insert(services)
    .values([
      { title: "Logodesign", price: "119.00", category: "Design", createdBy: SELLER },
      { title: "Visitenkarten", price: "49.00", category: "Design", createdBy: SELLER },
      { title: "Texte", price: "80.00", category: "Writing", createdBy: OTHER_SELLER },
    ])
    .returning({ id: services.id });
  service = a!.id;
  sibling = b!.id;
  othersService = c!.id;
  await saveBillingProfile(t.db, SELLER, billing);
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.destroy();
});

describe(`"Verifizierter Auftrag" on ${testEngine}`, () => {
  beforeAll(async () => {
    await completeOrder(t.db, { actorId: BUYER.completed, orderId: await delivered(BUYER.completed, service) });
    // Delivered eight days ago and not answered: the job completes it.
    await delivered(BUYER.autoCompleted, service, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    expect(await autoCompleteDueOrders(t.db)).toBe(1);
    await book(BUYER.requested, service);
    await acceptOrder(t.db, { actorId: SELLER, orderId: await book(BUYER.inProgress, service) });
    await delivered(BUYER.delivered, service);
    await declineOrder(t.db, { actorId: SELLER, orderId: await book(BUYER.declined, service), input: { reason: "Ausgebucht." } });
    await withdrawOrder(t.db, { actorId: BUYER.withdrawn, orderId: await book(BUYER.withdrawn, service) });
    // A completed order of the provider's other service does not verify a review of this one.
    await completeOrder(t.db, { actorId: BUYER.otherService, orderId: await delivered(BUYER.otherService, sibling) });
    for (const buyer of Object.values(BUYER)) await review(buyer, service);
  });

  it("marks only reviews by a buyer with a completed order of that very service", async () => {
    expect(await verifiedBy(service)).toEqual({
      [BUYER.completed]: true,
      [BUYER.autoCompleted]: true,
      [BUYER.requested]: false,
      [BUYER.inProgress]: false,
      [BUYER.delivered]: false,
      [BUYER.declined]: false,
      [BUYER.withdrawn]: false,
      [BUYER.otherService]: false,
      [BUYER.noOrder]: false,
    });
  });

  it("is about the reviewed service: the verified buyer's review of another service is not verified, theirs of the bought one is", async () => {
    await review(BUYER.completed, sibling);
    await review(BUYER.otherService, sibling);
    expect(await verifiedBy(sibling)).toEqual({ [BUYER.completed]: false, [BUYER.otherService]: true });
  });

  it("follows the order: a delivered order's review becomes verified once the buyer completes it", async () => {
    const buyer = BUYER.delivered;
    expect((await verifiedBy(service))[buyer]).toBe(false);
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.buyerId, buyer), eq(orders.status, "delivered")));
    await completeOrder(t.db, { actorId: buyer, orderId: order!.id });
    expect((await verifiedBy(service))[buyer]).toBe(true);
  });
});

describe(`the provider's reply on ${testEngine}`, () => {
  const replyCount = async (reviewId: string) => (await t.db.select({ n: count() }).from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId)))[0]!.n;
  const replyOf = async (serviceId: string, reviewId: string) => (await listReviews(t.db, serviceId)).find((r) => r.id === reviewId)!.reply;
  const toldReviewer = (reviewer: string, serviceId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, reviewer), eq(notifications.title, reviewsOrdersDe.reply.notificationTitle), eq(notifications.link, `/services/${serviceId}`)));

  it("the owner answers once, shown with the review; the reviewer is told; a second reply edits it and tells no one again", async () => {
    const reviewer = BUYER.noOrder;
    const reviewId = await review(reviewer, othersService, "Schnell und freundlich.");
    expect(await replyOf(othersService, reviewId)).toBeNull();

    expect(await replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, serviceId: othersService, input: { reply: "  Danke für Ihr Vertrauen!  " } })).toEqual({ created: true });
    const first = await replyOf(othersService, reviewId);
    expect(first).toMatchObject({ text: "Danke für Ihr Vertrauen!" });
    const told = await toldReviewer(reviewer, othersService);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(reviewsOrdersDe.reply.notificationMessage("Vor1 Nach1", "Texte"));

    expect(await replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input: { reply: "Danke, gern wieder!" } })).toEqual({ created: false });
    expect(await replyCount(reviewId)).toBe(1);
    const second = await replyOf(othersService, reviewId);
    expect(second!.text).toBe("Danke, gern wieder!");
    expect(second!.createdAt).toEqual(first!.createdAt);
    expect(second!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    expect(await toldReviewer(reviewer, othersService)).toHaveLength(1);
  });

  it("only the owner of the reviewed service may reply or remove it; a refused request changes nothing", async () => {
    const reviewId = await review(BUYER.declined, othersService, "Leider abgesagt.");
    const untouched = await review(BUYER.requested, othersService, "Noch offen.");
    await replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input: { reply: "Das tut mir leid." } });
    const notificationsBefore = (await t.db.select({ n: count() }).from(notifications))[0]!.n;

    // The reviewer, another provider (the owner of other reviewed services), an unrelated buyer.
    for (const actorId of [BUYER.declined, SELLER, BUYER.completed]) {
      for (const target of [reviewId, untouched]) {
        await expect(replyToReview(t.db, { actorId, reviewId: target, input: { reply: "Fremde Antwort" } })).rejects.toMatchObject({
          code: "FORBIDDEN",
          reason: "reply_not_service_owner",
        });
        await expect(deleteReply(t.db, { actorId, reviewId: target })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "reply_not_service_owner" });
      }
    }
    await expect(replyToReview(t.db, { actorId: null, reviewId, input: { reply: "Anonym" } })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    expect((await replyOf(othersService, reviewId))!.text).toBe("Das tut mir leid.");
    expect(await replyCount(untouched)).toBe(0);
    expect((await t.db.select({ n: count() }).from(notifications))[0]!.n).toBe(notificationsBefore);
  });

  it("an unknown, malformed or other service's review is not found", async () => {
    const reviewId = await review(BUYER.withdrawn, othersService);
    for (const target of ["00000000-0000-4000-8000-000000000000", "keine-uuid", undefined]) {
      await expect(replyToReview(t.db, { actorId: OTHER_SELLER, reviewId: target, input: { reply: "Hallo" } })).rejects.toMatchObject({
        code: "NOT_FOUND",
        reason: "review_not_found",
      });
    }
    // Posted from the page of another service (even one the actor owns): not this page's review.
    await expect(replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, serviceId: service, input: { reply: "Hallo" } })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await replyCount(reviewId)).toBe(0);
  });

  it("takes 1 to 1,000 characters after trimming, a line break counting once; anything else is a field error", async () => {
    const reviewId = await review(BUYER.inProgress, othersService);
    for (const [input, message] of [
      [{}, reviewsOrdersDe.reply.required],
      [{ reply: "   \n\t " }, reviewsOrdersDe.reply.required],
      [{ reply: "x".repeat(1001) }, reviewsOrdersDe.reply.tooLong],
    ] as const) {
      await expect(replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input })).rejects.toMatchObject({
        code: "INVALID",
        reason: "invalid_input",
        fieldErrors: { reply: message },
      });
    }
    expect(await replyCount(reviewId)).toBe(0);

    await replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input: { reply: `  ${"x".repeat(1000)}  ` } });
    expect((await replyOf(othersService, reviewId))!.text).toHaveLength(1000);
    // As a browser submits a textarea: CRLF. 1,000 characters as the field counted them.
    const withBreak = `${"a".repeat(500)}\r\n${"b".repeat(499)}`;
    await replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input: { reply: withBreak } });
    expect((await replyOf(othersService, reviewId))!.text).toBe(`${"a".repeat(500)}\n${"b".repeat(499)}`);
  });

  it("the owner removes the reply; concurrent replies leave one", async () => {
    const reviewId = await review(BUYER.autoCompleted, othersService);
    await Promise.all(Array.from({ length: 8 }, (_, i) => replyToReview(t.db, { actorId: OTHER_SELLER, reviewId, input: { reply: `Antwort ${i}` } })));
    expect(await replyCount(reviewId)).toBe(1);
    expect(await toldReviewer(BUYER.autoCompleted, othersService)).toHaveLength(1);

    expect(await deleteReply(t.db, { actorId: OTHER_SELLER, reviewId, serviceId: othersService })).toEqual({ deleted: true });
    expect(await replyOf(othersService, reviewId)).toBeNull();
    expect(await deleteReply(t.db, { actorId: OTHER_SELLER, reviewId })).toEqual({ deleted: false });
  });
});
