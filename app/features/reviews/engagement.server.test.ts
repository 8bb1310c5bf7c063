import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, notifications, profiles, reviewReplies, serviceComments, serviceReviews, services, user } from "~/db/schema";
import { addComment } from "~/features/comments/comments.server";
import { setFavorite } from "~/features/favorites/favorites.server";
import { viewPublicProfile } from "~/features/profiles/public-profile.server";
import { AppError } from "~/lib/errors";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { replyToReview } from "./replies.server";
import { getOwnReview, saveReview } from "./reviews.server";

let t: TestDatabase;
const OWNER = "u-owner";
const reviewers = Array.from({ length: 20 }, (_, i) => `u-r${i}`);

async function newService(title = "Fotografie") {
  const [row] = await t.db.insert(services).values({ title, price: "100.00", category: "Design", createdBy: OWNER }).returning({ id: services.id });
  return row!.id;
}

async function aggregate(serviceId: string) {
  const [row] = await t.db.select({ avg: services.ratingAvg, count: services.ratingCount }).from(services).where(eq(services.id, serviceId));
  return row!;
}

/** What the figures must be: computed from the reviews themselves. */
async function expected(serviceId: string) {
  const rows = await t.db.select({ rating: serviceReviews.rating }).from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
  const sum = rows.reduce((s, r) => s + r.rating, 0);
  return { avg: rows.length ? (Math.round((sum / rows.length) * 100) / 100).toFixed(2) : "0.00", count: rows.length };
}

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [OWNER, ...reviewers];
  await t.db.insert(user).values(people.map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
  await t.db
    .insert(profiles)
    .values(people.map((id, i) => ({ userId: id, email: `${id}@example.de`, firstName: `Vor${i}`, lastName: `Nach${i}`, username: `nutzer${i}` })));
});
afterAll(async () => {
  await t?.destroy();
});

describe(`reviews on ${testEngine}`, () => {
  it("a star click creates the rating, a second click updates it; one row per user", async () => {
    const serviceId = await newService();
    expect(await saveReview(t.db, { actorId: "u-r0", serviceId, input: { rating: "4" }, mode: "rate" })).toEqual({ created: true });
    expect(await saveReview(t.db, { actorId: "u-r0", serviceId, input: { rating: "2" }, mode: "rate" })).toEqual({ created: false });
    const rows = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, reviewText: null });
    expect(await aggregate(serviceId)).toEqual({ avg: "2.00", count: 1 });
  });

  it("saves rating plus trimmed text; empty text becomes null; a star click keeps the text", async () => {
    const serviceId = await newService();
    await saveReview(t.db, { actorId: "u-r1", serviceId, input: { rating: "5", reviewText: "   Sehr gut!  " }, mode: "review" });
    let [row] = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(row!.reviewText).toBe("Sehr gut!");
    await saveReview(t.db, { actorId: "u-r1", serviceId, input: { rating: "3" }, mode: "rate" });
    [row] = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(row).toMatchObject({ rating: 3, reviewText: "Sehr gut!" });
    await saveReview(t.db, { actorId: "u-r1", serviceId, input: { rating: "4", reviewText: "    " }, mode: "review" });
    [row] = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(row).toMatchObject({ rating: 4, reviewText: null });
  });

  it.each([[{}], [{ rating: "0" }], [{ rating: "6" }], [{ rating: "4.5" }], [{ rating: "viel" }]])("requires a rating of 1-5: %j", async (input) => {
    const serviceId = await newService();
    await expect(saveReview(t.db, { actorId: "u-r2", serviceId, input, mode: "review" })).rejects.toMatchObject({ code: "INVALID" });
    expect((await aggregate(serviceId)).count).toBe(0);
  });

  it("refuses the owner and anonymous visitors, changing nothing", async () => {
    const serviceId = await newService();
    await expect(saveReview(t.db, { actorId: OWNER, serviceId, input: { rating: "5" }, mode: "rate" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(saveReview(t.db, { actorId: OWNER, serviceId, input: { rating: "5", reviewText: "Super!" }, mode: "review" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // Over-long text and unknown or malformed services are refused too.
    await expect(saveReview(t.db, { actorId: "u-r2", serviceId, input: { rating: "4", reviewText: "x".repeat(2001) }, mode: "review" })).rejects.toMatchObject({
      code: "INVALID",
    });
    for (const other of ["00000000-0000-4000-8000-000000000000", "kein-uuid", undefined]) {
      await expect(saveReview(t.db, { actorId: "u-r2", serviceId: other, input: { rating: "4" }, mode: "rate" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(saveReview(t.db, { actorId: null, serviceId, input: { rating: "5" }, mode: "rate" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    const [n] = await t.db.select({ n: count() }).from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(n!.n).toBe(0);
  });

  it("never duplicates under concurrent submissions of one user", async () => {
    const serviceId = await newService();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        saveReview(t.db, { actorId: "u-r3", serviceId, input: { rating: String((i % 5) + 1), reviewText: `Text ${i}` }, mode: "review" }),
      ),
    );
    const rows = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(rows).toHaveLength(1);
    expect(await aggregate(serviceId)).toEqual({ avg: `${rows[0]!.rating}.00`, count: 1 });
  });

  it("keeps average and count exact under concurrent reviews, updates and deletions", async () => {
    const serviceId = await newService();
    await Promise.all(reviewers.map((id, i) => saveReview(t.db, { actorId: id, serviceId, input: { rating: String((i % 5) + 1) }, mode: "rate" })));
    expect(await aggregate(serviceId)).toEqual(await expected(serviceId));
    expect((await aggregate(serviceId)).count).toBe(20);
    await Promise.all(reviewers.slice(0, 10).map((id) => saveReview(t.db, { actorId: id, serviceId, input: { rating: "5" }, mode: "rate" })));
    expect(await aggregate(serviceId)).toEqual(await expected(serviceId));
    await t.db.delete(serviceReviews).where(and(eq(serviceReviews.serviceId, serviceId), eq(serviceReviews.userId, "u-r19")));
    expect(await aggregate(serviceId)).toEqual(await expected(serviceId));
    expect((await aggregate(serviceId)).count).toBe(19);
  });

  it("stays exact when a reviewer's account is deleted later", async () => {
    const serviceId = await newService();
    await t.db.insert(user).values({ id: "u-leaving", name: "Weg", email: "weg@example.de" });
    await saveReview(t.db, { actorId: "u-leaving", serviceId, input: { rating: "1" }, mode: "rate" });
    await saveReview(t.db, { actorId: "u-r4", serviceId, input: { rating: "5" }, mode: "rate" });
    expect(await aggregate(serviceId)).toEqual({ avg: "3.00", count: 2 });
    await t.db.delete(user).where(eq(user.id, "u-leaving"));
    expect(await aggregate(serviceId)).toEqual({ avg: "5.00", count: 1 });
  });

  it("removes reviews with a deleted service", async () => {
    const serviceId = await newService();
    await saveReview(t.db, { actorId: "u-r5", serviceId, input: { rating: "4" }, mode: "rate" });
    await t.db.delete(services).where(eq(services.id, serviceId));
    const [n] = await t.db.select({ n: count() }).from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(n!.n).toBe(0);
  });

  it("a review removed by moderation cannot be changed by its author, by stars or text; it stays as decided and removed", async () => {
    const serviceId = await newService();
    await saveReview(t.db, { actorId: "u-r15", serviceId, input: { rating: "1", reviewText: "Beleidigung" }, mode: "review" });
    const removedAt = new Date(Date.now() - 60_000);
    await t.db.update(serviceReviews).set({ removedAt }).where(eq(serviceReviews.serviceId, serviceId));
    const refused = { code: "FORBIDDEN", reason: "review_removed" };
    await expect(saveReview(t.db, { actorId: "u-r15", serviceId, input: { rating: "5", reviewText: "Harmlos" }, mode: "review" })).rejects.toMatchObject(refused);
    await expect(saveReview(t.db, { actorId: "u-r15", serviceId, input: { rating: "5" }, mode: "rate" })).rejects.toMatchObject(refused);
    const [row] = await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    expect(row).toMatchObject({ rating: 1, reviewText: "Beleidigung", removedAt });
    expect(await aggregate(serviceId)).toEqual({ avg: "0.00", count: 0 });
    expect(await getOwnReview(t.db, serviceId, "u-r15")).toEqual({ rating: 1, reviewText: "Beleidigung", removed: true });
    // Restored, it is the author's to change again.
    await t.db.update(serviceReviews).set({ removedAt: null }).where(eq(serviceReviews.serviceId, serviceId));
    expect(await saveReview(t.db, { actorId: "u-r15", serviceId, input: { rating: "2" }, mode: "rate" })).toEqual({ created: false });
    expect(await getOwnReview(t.db, serviceId, "u-r15")).toEqual({ rating: 2, reviewText: "Beleidigung", removed: false });
  });

  it("notifies the owner about a new review and a comment by someone else", async () => {
    const serviceId = await newService("Logo für Bäckerei");
    await saveReview(t.db, { actorId: "u-r6", serviceId, input: { rating: "5" }, mode: "rate" });
    await saveReview(t.db, { actorId: "u-r6", serviceId, input: { rating: "4" }, mode: "rate" }); // an update: no second note
    await addComment(t.db, { actorId: "u-r6", serviceId, input: { comment: "Wie schnell?" } });
    await addComment(t.db, { actorId: OWNER, serviceId, input: { comment: "Zwei Tage." } }); // own comment: no note
    const rows = await t.db.select().from(notifications).where(eq(notifications.link, `/services/${serviceId}`));
    expect(rows.map((r) => [r.userId, r.title])).toEqual(
      expect.arrayContaining([
        [OWNER, "Neue Bewertung"],
        [OWNER, "Neuer Kommentar"],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.title === "Neue Bewertung")!.message).toBe("Vor7 Nach7 hat „Logo für Bäckerei“ mit 5 von 5 Sternen bewertet.");
  });
});

describe(`comments on ${testEngine}`, () => {
  it("stores a trimmed comment and refuses whitespace or anonymous ones", async () => {
    const serviceId = await newService();
    await addComment(t.db, { actorId: "u-r7", serviceId, input: { comment: "  Gute Arbeit!  " } });
    await expect(addComment(t.db, { actorId: "u-r7", serviceId, input: { comment: " \n\t " } })).rejects.toMatchObject({
      code: "INVALID",
      reason: "invalid_input",
      fieldErrors: { comment: "Bitte schreiben Sie einen Kommentar." },
    });
    await expect(addComment(t.db, { actorId: null, serviceId, input: { comment: "Hallo" } })).rejects.toBeInstanceOf(AppError);
    await expect(addComment(t.db, { actorId: "u-r7", serviceId, input: { comment: "x".repeat(2001) } })).rejects.toMatchObject({ code: "INVALID" });
    for (const other of ["00000000-0000-4000-8000-000000000000", "kein-uuid"]) {
      await expect(addComment(t.db, { actorId: "u-r7", serviceId: other, input: { comment: "Hallo" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    const rows = await t.db.select().from(serviceComments).where(eq(serviceComments.serviceId, serviceId));
    expect(rows.map((r) => r.comment)).toEqual(["Gute Arbeit!"]);
  });
});

describe(`favourites on ${testEngine}`, () => {
  it("is idempotent under double clicks and removes cleanly", async () => {
    const serviceId = await newService();
    await Promise.all([1, 2, 3].map(() => setFavorite(t.db, { actorId: "u-r8", serviceId, on: true })));
    const rows = () => t.db.select().from(favorites).where(and(eq(favorites.userId, "u-r8"), eq(favorites.serviceId, serviceId)));
    expect(await rows()).toHaveLength(1);
    await setFavorite(t.db, { actorId: "u-r8", serviceId, on: false });
    await setFavorite(t.db, { actorId: "u-r8", serviceId, on: false });
    expect(await rows()).toHaveLength(0);
    await expect(setFavorite(t.db, { actorId: null, serviceId, on: true })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    await expect(setFavorite(t.db, { actorId: "u-r8", serviceId: "00000000-0000-4000-8000-000000000000", on: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe(`a service that is not listed on ${testEngine}`, () => {
  /** Hidden the two ways ADR 023 knows: removed by moderation, or its provider suspended. */
  const hidings = [
    ["removed by moderation", { removedAt: new Date() }],
    ["of a suspended provider", { ownerSuspended: true }],
  ] as const;
  const ownerNotes = async (serviceId: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, OWNER), eq(notifications.link, `/services/${serviceId}`)));
  const ownerMailsAbout = async (title: string) => (await queuedMails(t.db, `${OWNER}@example.de`)).filter((m) => m.subject.includes(title));
  const rowsOn = async (serviceId: string) => ({
    comments: (await t.db.select().from(serviceComments).where(eq(serviceComments.serviceId, serviceId))).length,
    reviews: (await t.db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId))).length,
    favorites: (await t.db.select().from(favorites).where(eq(favorites.serviceId, serviceId))).length,
  });

  it("the same comment, rating and review on a listed service reach its owner in-app and by mail (the control)", async () => {
    const serviceId = await newService("Sichtbarer Dienst");
    await addComment(t.db, { actorId: "u-r10", serviceId, input: { comment: "Noch frei?" } });
    await saveReview(t.db, { actorId: "u-r10", serviceId, input: { rating: "4", reviewText: "Gut." }, mode: "review" });
    expect(await ownerNotes(serviceId)).toHaveLength(2);
    expect(await ownerMailsAbout("Sichtbarer Dienst")).toHaveLength(2);
  });

  it.each(hidings)("refuses comments, ratings, reviews and new favourites on a service %s like a missing one; stores nothing, tells nobody", async (_how, hidden) => {
    const title = `Versteckt ${Math.random().toString(36).slice(2, 8)}`;
    const serviceId = await newService(title);
    await setFavorite(t.db, { actorId: "u-r12", serviceId, on: true });
    await t.db.update(services).set(hidden).where(eq(services.id, serviceId));

    const notFound = { code: "NOT_FOUND", reason: "service_not_found" };
    await expect(addComment(t.db, { actorId: "u-r11", serviceId, input: { comment: "Hallo?" } })).rejects.toMatchObject(notFound);
    await expect(saveReview(t.db, { actorId: "u-r11", serviceId, input: { rating: "1" }, mode: "rate" })).rejects.toMatchObject(notFound);
    await expect(saveReview(t.db, { actorId: "u-r11", serviceId, input: { rating: "1", reviewText: "Schlecht." }, mode: "review" })).rejects.toMatchObject(notFound);
    await expect(setFavorite(t.db, { actorId: "u-r11", serviceId, on: true })).rejects.toMatchObject(notFound);
    expect(await rowsOn(serviceId)).toEqual({ comments: 0, reviews: 0, favorites: 1 });
    expect(await ownerNotes(serviceId)).toEqual([]);
    expect(await ownerMailsAbout(title)).toEqual([]);

    // A favourite taken before can still be taken away: it is the user's own list.
    expect(await setFavorite(t.db, { actorId: "u-r12", serviceId, on: false })).toEqual({ on: false });
    expect(await rowsOn(serviceId)).toEqual({ comments: 0, reviews: 0, favorites: 0 });

    // Its author still sees the page (with the banner) and may write there, as on any own page;
    // they still cannot review it.
    await addComment(t.db, { actorId: OWNER, serviceId, input: { comment: "Wird überarbeitet." } });
    await expect(saveReview(t.db, { actorId: OWNER, serviceId, input: { rating: "5" }, mode: "rate" })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "own_service_review" });
    expect(await rowsOn(serviceId)).toEqual({ comments: 1, reviews: 0, favorites: 0 });
  });

  it.each(hidings)("lets the owner of a service %s answer a review there without sending the reviewer to a page missing for them", async (_how, hidden) => {
    const serviceId = await newService();
    await saveReview(t.db, { actorId: "u-r13", serviceId, input: { rating: "3", reviewText: "Geht so." }, mode: "review" });
    const [review] = await t.db.select({ id: serviceReviews.id }).from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    await t.db.update(services).set(hidden).where(eq(services.id, serviceId));
    expect(await replyToReview(t.db, { actorId: OWNER, serviceId, reviewId: review!.id, input: { reply: "Danke." } })).toEqual({ created: true });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, "u-r13"))).toEqual([]);
  });

  it("a review removed by moderation cannot be answered: its owner does not see it", async () => {
    const serviceId = await newService();
    await saveReview(t.db, { actorId: "u-r14", serviceId, input: { rating: "1", reviewText: "Beleidigung" }, mode: "review" });
    const [review] = await t.db.select({ id: serviceReviews.id }).from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
    await t.db.update(serviceReviews).set({ removedAt: new Date() }).where(eq(serviceReviews.id, review!.id));
    await expect(replyToReview(t.db, { actorId: OWNER, serviceId, reviewId: review!.id, input: { reply: "Frechheit!" } })).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "review_not_found",
    });
    expect(await t.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review!.id))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, "u-r14"))).toEqual([]);
  });
});

describe(`public profiles on ${testEngine}`, () => {
  it("counts the views of 50 visitors exactly, also at once, and finds usernames case-insensitively", async () => {
    const before = (await t.db.select().from(profiles).where(eq(profiles.userId, "u-r9")))[0]!.profileViews;
    const opening = (i: number) => ({ visitor: { userId: null, ip: `198.51.100.${i}`, userAgent: "Test" }, secret: "s".repeat(32) });
    await Promise.all(Array.from({ length: 50 }, (_, i) => viewPublicProfile(t.db, { username: "NUTZER10" }, opening(i))));
    const after = (await t.db.select().from(profiles).where(eq(profiles.userId, "u-r9")))[0]!.profileViews;
    expect(after).toBe(before + 50);
    expect(await viewPublicProfile(t.db, { username: "gibt-es-nicht" }, opening(1))).toBeNull();
    expect(await viewPublicProfile(t.db, { userId: "unbekannt" }, opening(1))).toBeNull();
  });
});
