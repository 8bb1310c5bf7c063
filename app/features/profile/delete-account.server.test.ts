import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, conversations, favorites, messages, notifications, profiles, purchases, serviceComments, serviceReviews, services, session, supportTickets, user } from "~/db/schema";
import { setFavorite } from "~/features/favorites/favorites.server";
import { saveReview } from "~/features/reviews/reviews.server";
import { image, profileTestbed } from "../../../tests/support/profile-testbed";
import { queuedMails } from "../../../tests/support/queued-mails";
import { testEngine } from "../../../tests/support/test-database";
import { deleteAccount } from "./delete-account.server";
import { addGalleryImages, updateAvatar } from "./images.server";

const bed = profileTestbed();

describe(`account deletion on ${testEngine}`, () => {
  async function counts(userId: string) {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      favorites: await n(bed.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId))),
      reviews: await n(bed.db.select({ n: count() }).from(serviceReviews).where(eq(serviceReviews.userId, userId))),
      comments: await n(bed.db.select({ n: count() }).from(serviceComments).where(eq(serviceComments.userId, userId))),
      services: await n(bed.db.select({ n: count() }).from(services).where(eq(services.createdBy, userId))),
      purchases: await n(bed.db.select({ n: count() }).from(purchases).where(eq(purchases.buyerId, userId))),
      notifications: await n(bed.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId))),
      tickets: await n(bed.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.userId, userId))),
      profiles: await n(bed.db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId))),
      sessions: await n(bed.db.select({ n: count() }).from(session).where(eq(session.userId, userId))),
      accounts: await n(bed.db.select({ n: count() }).from(account).where(eq(account.userId, userId))),
      users: await n(bed.db.select({ n: count() }).from(user).where(eq(user.id, userId))),
    };
  }

  async function scenario() {
    const leaving = await bed.newUser();
    const other = await bed.newUser();
    const third = await bed.newUser();
    const [own] = await bed.db.insert(services).values({ title: "Wird gelöscht", price: "10.00", category: "Design", createdBy: leaving.id }).returning({ id: services.id });
    const [kept] = await bed.db.insert(services).values({ title: "Bleibt", price: "10.00", category: "Design", createdBy: other.id }).returning({ id: services.id });
    await saveReview(bed.db, { actorId: leaving.id, serviceId: kept!.id, input: { rating: "1" }, mode: "rate" });
    await saveReview(bed.db, { actorId: third.id, serviceId: kept!.id, input: { rating: "5", reviewText: "Super" }, mode: "review" });
    await saveReview(bed.db, { actorId: other.id, serviceId: own!.id, input: { rating: "3" }, mode: "rate" });
    await setFavorite(bed.db, { actorId: leaving.id, serviceId: kept!.id, on: true });
    await setFavorite(bed.db, { actorId: other.id, serviceId: kept!.id, on: false });
    await setFavorite(bed.db, { actorId: third.id, serviceId: kept!.id, on: true });
    await bed.db.insert(serviceComments).values([
      { serviceId: kept!.id, userId: leaving.id, comment: "Tschüss" },
      { serviceId: kept!.id, userId: third.id, comment: "Bleibt stehen" },
    ]);
    await bed.db.insert(purchases).values({ serviceId: kept!.id, buyerId: leaving.id, price: "10.00" });
    await bed.db.insert(supportTickets).values([
      { userId: leaving.id, subject: "Weg", description: "Text" },
      { userId: other.id, subject: "Bleibt", description: "Text" },
    ]);
    await bed.db.insert(notifications).values({ userId: leaving.id, title: "Hallo", message: "Test" });
    await bed.db.insert(session).values({ id: `s-${leaving.id}`, token: `tok-${leaving.id}`, userId: leaving.id, expiresAt: new Date(Date.now() + 60_000) });
    await bed.db.insert(account).values({ id: `a-${leaving.id}`, accountId: leaving.id, providerId: "credential", userId: leaving.id, password: "x" });
    const [u1, u2] = [leaving.id, other.id].sort();
    const [chat] = await bed.db.insert(conversations).values({ user1Id: u1, user2Id: u2, kind: "service", serviceId: kept!.id }).returning({ id: conversations.id });
    await bed.db.insert(messages).values([
      { conversationId: chat!.id, senderId: leaving.id, content: "Von mir" },
      { conversationId: chat!.id, senderId: other.id, content: "Antwort" },
    ]);
    await updateAvatar(bed.db, bed.storage, { actorId: leaving.id, file: await image("ich.png") });
    await addGalleryImages(bed.db, bed.storage, { actorId: leaving.id, files: [await image("a.png"), await image("b.png")] });
    await addGalleryImages(bed.db, bed.storage, { actorId: other.id, files: [await image("c.png")] });
    return { leaving, other, third, own: own!.id, kept: kept!.id, chat: chat!.id };
  }

  it("refuses a wrong confirmation word and changes nothing", async () => {
    const { leaving } = await scenario();
    const before = await counts(leaving.id);
    for (const confirmation of ["", "bestätigen", "BESTAETIGEN", " BESTÄTIGEN", "BESTÄTIGEN "]) {
      await expect(deleteAccount(bed.db, bed.storage, { actorId: leaving.id, input: { confirmation } })).rejects.toMatchObject({
        code: "INVALID",
        reason: "confirmation_wrong",
        field: "confirmation",
      });
    }
    await expect(deleteAccount(bed.db, bed.storage, { actorId: leaving.id, input: {} })).rejects.toMatchObject({ code: "INVALID", reason: "confirmation_wrong" });
    await expect(deleteAccount(bed.db, bed.storage, { actorId: null, input: { confirmation: "BESTÄTIGEN" } })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await counts(leaving.id)).toEqual(before);
    expect(bed.filesIn(`gallery/${leaving.id}`)).toHaveLength(2);
    // (The scenario's review on the user's service mailed them; no deletion mail follows.)
    expect((await queuedMails(bed.db, leaving.email)).map((m) => m.subject)).not.toContainEqual(expect.stringContaining("Ihr Konto wurde gelöscht"));
  });

  it("confirms the deletion by a last mail to the account's address, queued with the deletion", async () => {
    const leaving = await bed.newUser({ firstName: "Greta" });
    await deleteAccount(bed.db, bed.storage, { actorId: leaving.id, input: { confirmation: "BESTÄTIGEN" } });
    const mails = await queuedMails(bed.db, leaving.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Ihr Konto wurde gelöscht – Dienstleister-Marktplatz");
    expect(mails[0]!.text).toMatch(/^Hallo Greta,\n\nwie gewünscht haben wir Ihr Konto/);
    expect(mails[0]!.text).toContain("/privacy");
    expect(mails[0]!.text).toContain("Sie haben Ihr Konto nicht selbst gelöscht?");
  });

  it("removes exactly the listed rows and files; keeps chat messages, others' data and exact averages", async () => {
    const { leaving, other, third, own, kept, chat } = await scenario();
    const otherBefore = await counts(other.id);
    const thirdBefore = await counts(third.id);
    await deleteAccount(bed.db, bed.storage, { actorId: leaving.id, input: { confirmation: "BESTÄTIGEN" } });

    expect(await counts(leaving.id)).toEqual({
      favorites: 0,
      reviews: 0,
      comments: 0,
      services: 0,
      purchases: 0,
      notifications: 0,
      tickets: 0,
      profiles: 0,
      sessions: 0,
      accounts: 0,
      users: 0,
    });
    expect(bed.filesIn(`avatars/${leaving.id}`)).toEqual([]);
    expect(bed.filesIn(`gallery/${leaving.id}`)).toEqual([]);
    expect(bed.filesIn(`gallery/${other.id}`)).toHaveLength(1);

    // The chat stays, with the sender of the deleted user's message unknown.
    const chatMessages = await bed.db.select({ senderId: messages.senderId, content: messages.content }).from(messages).where(eq(messages.conversationId, chat));
    expect(chatMessages).toHaveLength(2);
    expect(chatMessages).toContainEqual({ senderId: null, content: "Von mir" });
    expect(chatMessages).toContainEqual({ senderId: other.id, content: "Antwort" });

    // Others' data: the review on the deleted user's own service went with the service only.
    const otherAfter = await counts(other.id);
    expect(otherAfter).toEqual({ ...otherBefore, reviews: otherBefore.reviews - 1 });
    expect(await counts(third.id)).toEqual(thirdBefore);
    expect(await bed.db.select({ id: services.id }).from(services).where(inArray(services.id, [own, kept]))).toEqual([{ id: kept }]);
    const [figures] = await bed.db.select({ avg: services.ratingAvg, count: services.ratingCount }).from(services).where(eq(services.id, kept));
    expect(figures).toEqual({ avg: "5.00", count: 1 });
  });
});
