import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders, profiles, reviewReplies, serviceReviews, services, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { reviewsOrdersDe } from "~/i18n/reviews-orders.de";
import { inRequest } from "../../tests/support/request-context";
import { sessionUser } from "../../tests/support/session-users";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action, loader } from "./service-detail";

// Who is signed in is not what this test is about: each test says it.
vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const OWNER = sessionUser("u-detail-owner", "Olga");
const REVIEWER = sessionUser("u-detail-reviewer", "Rolf");
const STRANGER = sessionUser("u-detail-stranger", "Sina");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let serviceId: string;
let reviewId: string;

function signedIn(who: SessionUser | null) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
}

/** The service page's form, posted as the browser does. */
function post(fields: Record<string, string>) {
  const request = new Request(`http://localhost/services/${serviceId}`, { method: "POST", body: new URLSearchParams(fields) });
  return inRequest(request, (context) => action({ request, params: { id: serviceId }, context } as never), { id: serviceId });
}

async function replies() {
  return db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
}

beforeAll(async () => {
  // The route reads the process-wide database, as in the running app.
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  const people = [OWNER, REVIEWER, STRANGER];
  await db.insert(user).values(people.map((p) => ({ id: p.id, name: p.firstName, email: p.email, emailVerified: true })));
  await db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: p.email, firstName: p.firstName, lastName: p.lastName })));
  const [service] = await db.insert(services).values({ title: "Fotoshooting", price: "250.00", category: "Design", createdBy: OWNER.id }).returning({ id: services.id });
  serviceId = service!.id;
  const [review] = await db.insert(serviceReviews).values({ serviceId, userId: REVIEWER.id, rating: 5, reviewText: "Tolle Bilder." }).returning({ id: serviceReviews.id });
  reviewId = review!.id;
  // The reviewer's completed order of this service (written as the order flow leaves it).
  await db.insert(orders).values({
    buyerId: REVIEWER.id,
    sellerId: OWNER.id,
    serviceId,
    serviceTitle: "Fotoshooting",
    priceUnit: "fixed",
    unitPrice: "250.00",
    total: "250.00",
    requirements: "Porträts",
    status: "completed",
    completedAt: new Date(),
    buyerAddress: { name: "Rolf Test", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "Deutschland" },
  });
});
afterAll(() => close());

describe(`the service page's reply form on ${testEngine}`, () => {
  it("refuses a signed-out visitor and anyone but the owner, writing nothing", async () => {
    signedIn(null);
    let answer = await post({ intent: "reply", reviewId, reply: "Danke!" });
    expect(answer.init?.status).toBe(401);
    expect(answer.data).toMatchObject({ intent: "reply", ok: false, reason: "sign_in_required" });
    for (const who of [REVIEWER, STRANGER]) {
      signedIn(who);
      answer = await post({ intent: "reply", reviewId, reply: "Danke!" });
      expect(answer.init?.status).toBe(403);
      expect(answer.data).toMatchObject({ intent: "reply", ok: false, reason: "reply_not_service_owner", message: reviewsOrdersDe.errors.reply_not_service_owner });
    }
    expect(await replies()).toHaveLength(0);
  });

  it("answers the owner's empty reply at the field", async () => {
    signedIn(OWNER);
    const answer = await post({ intent: "reply", reviewId, reply: "   " });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ intent: "reply", ok: false, reason: "invalid_input", fieldErrors: { reply: reviewsOrdersDe.reply.required } });
    expect(await replies()).toHaveLength(0);
  });

  it("the owner replies, edits the reply and removes it; the page shows the verified review with its reply", async () => {
    signedIn(OWNER);
    expect((await post({ intent: "reply", reviewId, reply: "Vielen Dank, Rolf!" })).data).toEqual({ intent: "reply", ok: true, created: true });
    expect((await post({ intent: "reply", reviewId, reply: "Vielen Dank!" })).data).toEqual({ intent: "reply", ok: true, created: false });
    expect(await replies()).toMatchObject([{ reply: "Vielen Dank!", authorId: OWNER.id }]);

    signedIn(null);
    const request = new Request(`http://localhost/services/${serviceId}`);
    const page = await inRequest(request, (context) => loader({ request, params: { id: serviceId }, context } as never), { id: serviceId });
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({ id: reviewId, verified: true, reply: { text: "Vielen Dank!" } });

    // A stranger cannot remove it either.
    signedIn(STRANGER);
    expect((await post({ intent: "delete-reply", reviewId })).init?.status).toBe(403);
    signedIn(OWNER);
    expect((await post({ intent: "delete-reply", reviewId })).data).toEqual({ intent: "delete-reply", ok: true, deleted: true });
    expect((await db.select({ n: count() }).from(reviewReplies))[0]!.n).toBe(0);
  });
});
