import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  account,
  conversations,
  favorites,
  messages,
  notifications,
  profiles,
  purchases,
  serviceComments,
  serviceReviews,
  services,
  session,
  supportTickets,
  user,
} from "~/db/schema";
import { signIn, signUp } from "~/features/auth/accounts.server";
import type { Auth } from "~/features/auth/auth.server";
import { listFavorites, setFavorite } from "~/features/favorites/favorites.server";
import { saveReview } from "~/features/reviews/reviews.server";
import { de } from "~/i18n/de";
import { createLocalStorage, keyFromPublicUrl, type FileStorage } from "~/lib/storage.server";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, linkIn, type MemoryMailer } from "../../../tests/support/auth-fixtures";
import { pngBytes } from "../../../tests/support/files";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { deleteAccount } from "./delete-account.server";
import { requestEmailChange } from "./email.server";
import { exportUserData, exportFileName } from "./export.server";
import { addGalleryImages, removeGalleryImage, updateAvatar, type IncomingImage } from "./images.server";
import { getOwnProfile, saveTheme, updateProfile } from "./profile.server";

let t: TestDatabase;
let storageRoot: string;
let storage: FileStorage;
let userCounter = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "profile-storage-"));
  storage = createLocalStorage(storageRoot);
});
afterAll(async () => {
  await t?.destroy();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

/** A user with a profile, inserted directly (the account flows have their own tests). */
async function newUser(overrides: Partial<typeof profiles.$inferInsert> = {}) {
  userCounter += 1;
  const id = `u-profile-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.de`;
  await t.db.insert(user).values({ id, name: `Vor ${userCounter} Nach`, email, emailVerified: true });
  await t.db.insert(profiles).values({ userId: id, email, firstName: `Vor${userCounter}`, lastName: "Nach", ...overrides });
  return { id, email };
}

async function image(name: string, color = "#3366cc"): Promise<IncomingImage> {
  const data = await pngBytes(16, 12, color);
  return { name, size: data.length, tooLarge: false, data };
}

function filesIn(prefix: string): string[] {
  const dir = path.join(storageRoot, ...prefix.split("/"));
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
}

async function galleryOf(userId: string) {
  return (await getOwnProfile(t.db, userId))!.gallery;
}

describe(`own profile on ${testEngine}`, () => {
  it("saves names, username and bio; the account's display name follows", async () => {
    const { id } = await newUser();
    await updateProfile(t.db, { actorId: id, input: { firstName: "  Erika ", lastName: "Muster", username: "erika.m", bio: "  Fotografin aus Köln.  " } });
    const profile = await getOwnProfile(t.db, id);
    expect(profile).toMatchObject({ firstName: "Erika", lastName: "Muster", username: "erika.m", bio: "Fotografin aus Köln." });
    const [account] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, id));
    expect(account!.name).toBe("Erika Muster");
    // Empty username and bio are stored as "none".
    await updateProfile(t.db, { actorId: id, input: { firstName: "Erika", lastName: "Muster", username: "  ", bio: "" } });
    expect(await getOwnProfile(t.db, id)).toMatchObject({ username: null, bio: null });
  });

  it("usernames are unique whatever the letter case, with a clear message", async () => {
    const a = await newUser();
    const b = await newUser();
    await updateProfile(t.db, { actorId: a.id, input: { firstName: "A", lastName: "A", username: "Max.Design" } });
    await expect(updateProfile(t.db, { actorId: b.id, input: { firstName: "B", lastName: "B", username: "max.design" } })).rejects.toMatchObject({
      code: "CONFLICT",
      message: de.profile.errors.usernameTaken,
      fieldErrors: { username: de.profile.errors.usernameTaken },
    });
    expect((await getOwnProfile(t.db, b.id))!.username).toBeNull();
    // The owner may change the case of their own name.
    await updateProfile(t.db, { actorId: a.id, input: { firstName: "A", lastName: "A", username: "max.DESIGN" } });
    expect((await getOwnProfile(t.db, a.id))!.username).toBe("max.DESIGN");
  });

  it("two people racing for one username: exactly one gets it", async () => {
    const people = await Promise.all([newUser(), newUser(), newUser(), newUser()]);
    const results = await Promise.allSettled(
      people.map((p, i) => updateProfile(t.db, { actorId: p.id, input: { firstName: "R", lastName: "R", username: i % 2 ? "Rennen" : "rennen" } })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", message: de.profile.errors.usernameTaken });
  });

  it.each([["ab"], ["mit leerzeichen"], ["umlaut-ä"], ["a/b"], ["x".repeat(31)], ["<script>"]])("refuses the username %j (URL-safe only)", async (username) => {
    const { id } = await newUser();
    await expect(updateProfile(t.db, { actorId: id, input: { firstName: "A", lastName: "B", username } })).rejects.toMatchObject({
      code: "INVALID",
      fieldErrors: { username: de.profile.errors.usernameFormat },
    });
  });

  it("bio at most 300 characters; names required; signed-out refused", async () => {
    const { id } = await newUser();
    await updateProfile(t.db, { actorId: id, input: { firstName: "A", lastName: "B", bio: "x".repeat(300) } });
    await expect(updateProfile(t.db, { actorId: id, input: { firstName: "A", lastName: "B", bio: "x".repeat(301) } })).rejects.toMatchObject({
      fieldErrors: { bio: de.profile.errors.bioTooLong },
    });
    await expect(updateProfile(t.db, { actorId: id, input: { firstName: " ", lastName: "B" } })).rejects.toMatchObject({
      fieldErrors: { firstName: de.profile.errors.firstNameRequired },
    });
    await expect(updateProfile(t.db, { actorId: null, input: { firstName: "A", lastName: "B" } })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await getOwnProfile(t.db, id))!.bio).toHaveLength(300);
  });

  it("keeps the theme with the account", async () => {
    const { id } = await newUser();
    expect((await getOwnProfile(t.db, id))!.theme).toBe("light");
    await saveTheme(t.db, { actorId: id, input: { theme: "dark" } });
    expect((await getOwnProfile(t.db, id))!.theme).toBe("dark");
    await expect(saveTheme(t.db, { actorId: id, input: { theme: "pink" } })).rejects.toMatchObject({ code: "INVALID" });
  });

  it("lists favourites newest first with the description cut to 100 characters", async () => {
    const owner = await newUser({ firstName: "Anna", lastName: "Anbieter" });
    const fan = await newUser();
    const [long, short] = await t.db
      .insert(services)
      .values([
        { title: "Lang", description: "L".repeat(150), price: "10.00", category: "Design", createdBy: owner.id },
        { title: "Kurz", description: "kurz", price: "20.50", category: "Writing", createdBy: owner.id },
      ])
      .returning({ id: services.id });
    await setFavorite(t.db, { actorId: fan.id, serviceId: long!.id, on: true });
    await setFavorite(t.db, { actorId: fan.id, serviceId: short!.id, on: true });
    // Explicit times (the database stamps both within the same millisecond or so): "Kurz" is the newer one.
    const favoritedAt = (serviceId: string, at: string) =>
      t.db.update(favorites).set({ createdAt: new Date(at) }).where(and(eq(favorites.userId, fan.id), eq(favorites.serviceId, serviceId)));
    await favoritedAt(long!.id, "2025-03-01T09:00:00.000Z");
    await favoritedAt(short!.id, "2025-03-01T09:05:00.000Z");
    const list = await listFavorites(t.db, fan.id);
    expect(list.map((f) => f.title)).toEqual(["Kurz", "Lang"]);
    expect(list[1]).toMatchObject({ excerpt: "L".repeat(100), truncated: true, category: "Design", price: "10.00", author: { firstName: "Anna", lastName: "Anbieter" } });
    expect(list[0]).toMatchObject({ excerpt: "kurz", truncated: false });
    await setFavorite(t.db, { actorId: fan.id, serviceId: short!.id, on: false });
    expect((await listFavorites(t.db, fan.id)).map((f) => f.title)).toEqual(["Lang"]);
  });
});

describe(`avatar and gallery on ${testEngine}`, () => {
  it("re-encodes the avatar and stores it at avatars/{userId}/avatar.webp, overwriting", async () => {
    // The avatar's ?v= is the upload time: a clock moved on by hand gives the second upload a later one.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const { id } = await newUser();
    const first = await updateAvatar(t.db, storage, { actorId: id, file: await image("ich.png") });
    expect(first.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${id}/avatar\\.webp\\?v=\\d+$`));
    const key = keyFromPublicUrl(first.avatarUrl.split("?")[0]!)!;
    const stored = await storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe("webp");
    vi.setSystemTime(Date.now() + 1_000);
    const second = await updateAvatar(t.db, storage, { actorId: id, file: await image("neu.png", "#ff0000") });
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(filesIn(`avatars/${id}`)).toEqual(["avatar.webp"]);
    expect((await getOwnProfile(t.db, id))!.avatarUrl).toBe(second.avatarUrl);
  });

  it("refuses a fake or too large avatar and keeps the old one", async () => {
    const { id } = await newUser();
    const fake = Buffer.from("Das ist nur Text und kein Bild.");
    await expect(updateAvatar(t.db, storage, { actorId: id, file: { name: "bild.png", size: fake.length, tooLarge: false, data: fake } })).rejects.toMatchObject({
      message: de.profile.avatar.notImage,
    });
    await expect(updateAvatar(t.db, storage, { actorId: id, file: { name: "gross.png", size: 6 * 1024 * 1024, tooLarge: true, data: Buffer.alloc(0) } })).rejects.toMatchObject({
      message: de.profile.avatar.tooLarge,
    });
    await expect(updateAvatar(t.db, storage, { actorId: null, file: await image("a.png") })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await getOwnProfile(t.db, id))!.avatarUrl).toBeNull();
    expect(filesIn(`avatars/${id}`)).toEqual([]);
  });

  it("adds several images at once and removes one with its file", async () => {
    const { id } = await newUser();
    const result = await addGalleryImages(t.db, storage, { actorId: id, files: [await image("a.png"), await image("b.png"), await image("c.png")] });
    expect(result.added).toBe(3);
    const gallery = await galleryOf(id);
    expect(gallery).toHaveLength(3);
    for (const url of gallery) expect(url).toMatch(new RegExp(`^/storage/gallery/${id}/gallery/\\d+-[0-9a-f]{8}\\.webp$`));
    expect(filesIn(`gallery/${id}`)).toHaveLength(3);

    await removeGalleryImage(t.db, storage, { actorId: id, url: gallery[1] });
    expect(await galleryOf(id)).toEqual([gallery[0], gallery[2]]);
    expect(filesIn(`gallery/${id}`)).toHaveLength(2);
    expect(await storage.get(keyFromPublicUrl(gallery[1]!)!)).toBeNull();
    await expect(removeGalleryImage(t.db, storage, { actorId: id, url: gallery[1] })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("nobody removes an image from someone else's gallery", async () => {
    const owner = await newUser();
    const other = await newUser();
    await addGalleryImages(t.db, storage, { actorId: owner.id, files: [await image("a.png")] });
    const [url] = await galleryOf(owner.id);
    await expect(removeGalleryImage(t.db, storage, { actorId: other.id, url })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await galleryOf(owner.id)).toEqual([url]);
    expect(await storage.get(keyFromPublicUrl(url!)!)).not.toBeNull();
  });

  it("validates every file before storing any: a text file renamed .png refuses the whole upload", async () => {
    const { id } = await newUser();
    const fake = Buffer.from("nur Text, kein PNG\n");
    const bad: IncomingImage = { name: "urlaub.png", size: fake.length, tooLarge: false, data: fake };
    const big: IncomingImage = { name: "riesig.jpg", size: 5 * 1024 * 1024 + 1, tooLarge: true, data: Buffer.alloc(0) };
    await expect(addGalleryImages(t.db, storage, { actorId: id, files: [await image("gut.png"), bad, big] })).rejects.toMatchObject({
      code: "INVALID",
      title: de.profile.gallery.validationFailed,
      details: ["urlaub.png ist kein gültiges Bild.", "riesig.jpg ist zu groß. Maximale Dateigröße: 5MB"],
    });
    expect(await galleryOf(id)).toEqual([]);
    expect(filesIn(`gallery/${id}`)).toEqual([]);
    // A real image with a lying extension is refused too.
    const png = await pngBytes();
    await expect(addGalleryImages(t.db, storage, { actorId: id, files: [{ name: "foto.gif", size: png.length, tooLarge: false, data: png }] })).rejects.toMatchObject({
      details: ["foto.gif ist kein gültiges Bild."],
    });
  });

  it("enforces five images with the spec's messages", async () => {
    const { id } = await newUser();
    await addGalleryImages(t.db, storage, { actorId: id, files: [await image("1.png"), await image("2.png"), await image("3.png")] });
    await expect(addGalleryImages(t.db, storage, { actorId: id, files: [await image("4.png"), await image("5.png"), await image("6.png")] })).rejects.toMatchObject({
      code: "CONFLICT",
      title: "Galerie-Limit erreicht",
      message: "Du kannst nur noch 2 Bild(er) hinzufügen. Maximal 5 Bilder erlaubt.",
    });
    await addGalleryImages(t.db, storage, { actorId: id, files: [await image("4.png"), await image("5.png")] });
    await expect(addGalleryImages(t.db, storage, { actorId: id, files: [await image("6.png")] })).rejects.toMatchObject({
      code: "CONFLICT",
      title: "Galerie-Limit erreicht",
      message: "Maximal 5 Bilder erlaubt. Entferne zuerst ein Bild.",
    });
    expect(await galleryOf(id)).toHaveLength(5);
    expect(filesIn(`gallery/${id}`)).toHaveLength(5);
  });

  it("holds the limit under concurrent uploads and leaves no stray files", async () => {
    const { id } = await newUser();
    await addGalleryImages(t.db, storage, { actorId: id, files: [await image("0.png")] });
    const uploads = await Promise.all(Array.from({ length: 6 }, async (_, i) => [await image(`${i}a.png`), await image(`${i}b.png`)]));
    const results = await Promise.allSettled(uploads.map((files) => addGalleryImages(t.db, storage, { actorId: id, files })));
    const accepted = results.filter((r) => r.status === "fulfilled");
    expect(accepted).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", title: "Galerie-Limit erreicht" });
    const gallery = await galleryOf(id);
    expect(gallery).toHaveLength(5);
    expect(filesIn(`gallery/${id}`).sort()).toEqual(gallery.map((url) => url.slice(url.lastIndexOf("/") + 1)).sort());
  });
});

describe(`data export on ${testEngine}`, () => {
  it("contains exactly the user's own rows and nothing of anybody else", async () => {
    const me = await newUser({ username: "exporteur", bio: "Meine Bio" });
    const other = await newUser({ username: "fremder" });
    const [mine] = await t.db.insert(services).values({ title: "Mein Angebot", price: "50.00", category: "Design", createdBy: me.id }).returning({ id: services.id });
    const [theirs] = await t.db.insert(services).values({ title: "Fremdes Angebot XYZ", price: "70.00", category: "Design", createdBy: other.id }).returning({ id: services.id });
    await setFavorite(t.db, { actorId: me.id, serviceId: theirs!.id, on: true });
    await setFavorite(t.db, { actorId: other.id, serviceId: mine!.id, on: true });
    await saveReview(t.db, { actorId: me.id, serviceId: theirs!.id, input: { rating: "4", reviewText: "Gut gemacht" }, mode: "review" });
    await saveReview(t.db, { actorId: other.id, serviceId: mine!.id, input: { rating: "2", reviewText: "Geheimer Fremdtext" }, mode: "review" });
    await t.db.insert(serviceComments).values([
      { serviceId: theirs!.id, userId: me.id, comment: "Mein Kommentar" },
      { serviceId: mine!.id, userId: other.id, comment: "Fremder Kommentar" },
    ]);
    await t.db.insert(purchases).values([
      { serviceId: theirs!.id, buyerId: me.id, price: "70.00" },
      { serviceId: mine!.id, buyerId: other.id, price: "50.00" },
    ]);
    await t.db.insert(supportTickets).values([
      { userId: me.id, subject: "Meine Frage", description: "Text" },
      { userId: other.id, subject: "Fremde Frage", description: "Fremder Text" },
    ]);

    const now = new Date("2026-11-21T23:30:00Z");
    const exported = await exportUserData(t.db, { actorId: me.id, now });
    expect(Object.keys(exported)).toEqual([
      "export_date",
      "user_info",
      "profile",
      "services",
      "favorites",
      "reviews",
      "ratings",
      "comments",
      "purchases",
      "notifications",
      "support_tickets",
    ]);
    expect(exported.export_date).toBe("2026-11-21T23:30:00.000Z");
    expect(exported.user_info).toMatchObject({ user_id: me.id, email: me.email });
    expect(exported.profile).toMatchObject({ user_id: me.id, username: "exporteur", bio: "Meine Bio" });

    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id).sort();
    const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => r.id as string).sort();
    expect(sorted(exported.services)).toEqual(await ids(t.db.select({ id: services.id }).from(services).where(eq(services.createdBy, me.id))));
    expect(sorted(exported.favorites)).toEqual(await ids(t.db.select({ id: favorites.id }).from(favorites).where(eq(favorites.userId, me.id))));
    expect(sorted(exported.reviews)).toEqual(await ids(t.db.select({ id: serviceReviews.id }).from(serviceReviews).where(eq(serviceReviews.userId, me.id))));
    expect(exported.ratings).toEqual([expect.objectContaining({ user_id: me.id, service_id: theirs!.id, rating: 4 })]);
    expect(sorted(exported.comments)).toEqual(await ids(t.db.select({ id: serviceComments.id }).from(serviceComments).where(eq(serviceComments.userId, me.id))));
    expect(sorted(exported.purchases)).toEqual(await ids(t.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.buyerId, me.id))));
    expect(sorted(exported.notifications)).toEqual(await ids(t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, me.id))));
    expect(exported.notifications.length).toBeGreaterThan(0); // the review on my service notified me
    expect(sorted(exported.support_tickets)).toEqual(await ids(t.db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.userId, me.id))));

    const text = JSON.stringify(exported);
    for (const foreign of [other.id, other.email, "fremder", "Geheimer Fremdtext", "Fremder Kommentar", "Fremde Frage"]) expect(text).not.toContain(foreign);
    expect(exportFileName(now)).toBe("datenexport-2026-11-22.json");
  });

  it("refuses a signed-out request", async () => {
    await expect(exportUserData(t.db, { actorId: null })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe(`account deletion on ${testEngine}`, () => {
  async function counts(userId: string) {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      favorites: await n(t.db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId))),
      reviews: await n(t.db.select({ n: count() }).from(serviceReviews).where(eq(serviceReviews.userId, userId))),
      comments: await n(t.db.select({ n: count() }).from(serviceComments).where(eq(serviceComments.userId, userId))),
      services: await n(t.db.select({ n: count() }).from(services).where(eq(services.createdBy, userId))),
      purchases: await n(t.db.select({ n: count() }).from(purchases).where(eq(purchases.buyerId, userId))),
      notifications: await n(t.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId))),
      tickets: await n(t.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.userId, userId))),
      profiles: await n(t.db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId))),
      sessions: await n(t.db.select({ n: count() }).from(session).where(eq(session.userId, userId))),
      accounts: await n(t.db.select({ n: count() }).from(account).where(eq(account.userId, userId))),
      users: await n(t.db.select({ n: count() }).from(user).where(eq(user.id, userId))),
    };
  }

  async function scenario() {
    const leaving = await newUser();
    const other = await newUser();
    const third = await newUser();
    const [own] = await t.db.insert(services).values({ title: "Wird gelöscht", price: "10.00", category: "Design", createdBy: leaving.id }).returning({ id: services.id });
    const [kept] = await t.db.insert(services).values({ title: "Bleibt", price: "10.00", category: "Design", createdBy: other.id }).returning({ id: services.id });
    await saveReview(t.db, { actorId: leaving.id, serviceId: kept!.id, input: { rating: "1" }, mode: "rate" });
    await saveReview(t.db, { actorId: third.id, serviceId: kept!.id, input: { rating: "5", reviewText: "Super" }, mode: "review" });
    await saveReview(t.db, { actorId: other.id, serviceId: own!.id, input: { rating: "3" }, mode: "rate" });
    await setFavorite(t.db, { actorId: leaving.id, serviceId: kept!.id, on: true });
    await setFavorite(t.db, { actorId: other.id, serviceId: kept!.id, on: false });
    await setFavorite(t.db, { actorId: third.id, serviceId: kept!.id, on: true });
    await t.db.insert(serviceComments).values([
      { serviceId: kept!.id, userId: leaving.id, comment: "Tschüss" },
      { serviceId: kept!.id, userId: third.id, comment: "Bleibt stehen" },
    ]);
    await t.db.insert(purchases).values({ serviceId: kept!.id, buyerId: leaving.id, price: "10.00" });
    await t.db.insert(supportTickets).values([
      { userId: leaving.id, subject: "Weg", description: "Text" },
      { userId: other.id, subject: "Bleibt", description: "Text" },
    ]);
    await t.db.insert(notifications).values({ userId: leaving.id, title: "Hallo", message: "Test" });
    await t.db.insert(session).values({ id: `s-${leaving.id}`, token: `tok-${leaving.id}`, userId: leaving.id, expiresAt: new Date(Date.now() + 60_000) });
    await t.db.insert(account).values({ id: `a-${leaving.id}`, accountId: leaving.id, providerId: "credential", userId: leaving.id, password: "x" });
    const [u1, u2] = [leaving.id, other.id].sort();
    const [chat] = await t.db.insert(conversations).values({ user1Id: u1, user2Id: u2, kind: "service", serviceId: kept!.id }).returning({ id: conversations.id });
    await t.db.insert(messages).values([
      { conversationId: chat!.id, senderId: leaving.id, content: "Von mir" },
      { conversationId: chat!.id, senderId: other.id, content: "Antwort" },
    ]);
    await updateAvatar(t.db, storage, { actorId: leaving.id, file: await image("ich.png") });
    await addGalleryImages(t.db, storage, { actorId: leaving.id, files: [await image("a.png"), await image("b.png")] });
    await addGalleryImages(t.db, storage, { actorId: other.id, files: [await image("c.png")] });
    return { leaving, other, third, own: own!.id, kept: kept!.id, chat: chat!.id };
  }

  it("refuses a wrong confirmation word and changes nothing", async () => {
    const { leaving } = await scenario();
    const before = await counts(leaving.id);
    for (const confirmation of ["", "bestätigen", "BESTAETIGEN", " BESTÄTIGEN", "BESTÄTIGEN "]) {
      await expect(deleteAccount(t.db, storage, { actorId: leaving.id, input: { confirmation } })).rejects.toMatchObject({
        code: "INVALID",
        message: de.profile.danger.wrongWord,
      });
    }
    await expect(deleteAccount(t.db, storage, { actorId: leaving.id, input: {} })).rejects.toMatchObject({ code: "INVALID" });
    await expect(deleteAccount(t.db, storage, { actorId: null, input: { confirmation: "BESTÄTIGEN" } })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await counts(leaving.id)).toEqual(before);
    expect(filesIn(`gallery/${leaving.id}`)).toHaveLength(2);
  });

  it("removes exactly the listed rows and files; keeps chat messages, others' data and exact averages", async () => {
    const { leaving, other, third, own, kept, chat } = await scenario();
    const otherBefore = await counts(other.id);
    const thirdBefore = await counts(third.id);
    await deleteAccount(t.db, storage, { actorId: leaving.id, input: { confirmation: "BESTÄTIGEN" } });

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
    expect(filesIn(`avatars/${leaving.id}`)).toEqual([]);
    expect(filesIn(`gallery/${leaving.id}`)).toEqual([]);
    expect(filesIn(`gallery/${other.id}`)).toHaveLength(1);

    // The chat stays, with the sender of the deleted user's message unknown.
    const chatMessages = await t.db.select({ senderId: messages.senderId, content: messages.content }).from(messages).where(eq(messages.conversationId, chat));
    expect(chatMessages).toHaveLength(2);
    expect(chatMessages).toContainEqual({ senderId: null, content: "Von mir" });
    expect(chatMessages).toContainEqual({ senderId: other.id, content: "Antwort" });

    // Others' data: the review on the deleted user's own service went with the service only.
    const otherAfter = await counts(other.id);
    expect(otherAfter).toEqual({ ...otherBefore, reviews: otherBefore.reviews - 1 });
    expect(await counts(third.id)).toEqual(thirdBefore);
    expect(await t.db.select({ id: services.id }).from(services).where(inArray(services.id, [own, kept]))).toEqual([{ id: kept }]);
    const [figures] = await t.db.select({ avg: services.ratingAvg, count: services.ratingCount }).from(services).where(eq(services.id, kept));
    expect(figures).toEqual({ avg: "5.00", count: 1 });
  });
});

describe(`e-mail change on ${testEngine}`, () => {
  let auth: Auth;
  let mailer: MemoryMailer;
  let ip = 0;
  const request = (cookie?: string) => clientRequest({ ip: `192.0.2.${++ip}`, cookie, path: "/profile" });

  beforeAll(() => {
    ({ auth, mailer } = createTestAuth(t.db));
  });

  async function registered(email: string) {
    const values = { firstName: "Eva", lastName: "Wechsel", email, password: "geheim123", terms: "on" };
    expect((await signUp(ctxFor(auth, t.db, request()), values)).ok).toBe(true);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const result = await signIn(ctxFor(auth, t.db, request()), { email, password: "geheim123" });
    if (!result.ok) throw new Error(result.message);
    const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { id: row!.id, cookie: cookieFrom(result.headers), headers: result.headers };
  }

  it("mails a link to the new address and changes account and profile only when it is opened", async () => {
    const { id, cookie } = await registered("alt.adresse@example.de");
    await expect(
      requestEmailChange({ auth, db: t.db, request: request(cookie) }, { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: "neu@example.de", password: "falsch" } }),
    ).rejects.toMatchObject({ code: "INVALID", message: de.profile.changeEmail.wrongPassword });
    await expect(
      requestEmailChange({ auth, db: t.db, request: request(cookie) }, { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: "ALT.adresse@example.de", password: "geheim123" } }),
    ).rejects.toMatchObject({ code: "INVALID", message: de.profile.changeEmail.same });

    await requestEmailChange(
      { auth, db: t.db, request: request(cookie) },
      { actorId: id, currentEmail: "alt.adresse@example.de", input: { newEmail: " Neu.Adresse@Example.de ", password: "geheim123" } },
    );
    const mail = await mailer.waitFor("neu.adresse@example.de", /neue E-Mail-Adresse/);
    expect(mail.text).toContain(de.mail.changeEmailText);
    // Nothing changes before the link is opened.
    expect(await getOwnProfile(t.db, id)).toMatchObject({ email: "alt.adresse@example.de" });
    const [profileBefore] = await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, id));
    expect(profileBefore!.email).toBe("alt.adresse@example.de");

    const response = await auth.handler(new Request(linkIn(mail), { headers: { Cookie: cookie } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile/email-confirmed");
    const [account] = await t.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, id));
    expect(account).toEqual({ email: "neu.adresse@example.de", verified: true });
    const [profileAfter] = await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, id));
    expect(profileAfter!.email).toBe("neu.adresse@example.de");
    // The new address signs in.
    expect((await signIn(ctxFor(auth, t.db, request()), { email: "neu.adresse@example.de", password: "geheim123" })).ok).toBe(true);
  });

  it("an address that is taken answers like a free one and changes nothing", async () => {
    await registered("besetzt@example.de");
    const { id, cookie } = await registered("moechte.wechseln@example.de");
    const sentBefore = mailer.sent.length;
    await requestEmailChange(
      { auth, db: t.db, request: request(cookie) },
      { actorId: id, currentEmail: "moechte.wechseln@example.de", input: { newEmail: "besetzt@example.de", password: "geheim123" } },
    );
    // No waiting for a mail that should not come: a request for a free address goes the same way,
    // and once its mail is there, one for the taken address would have been sent before it.
    await requestEmailChange(
      { auth, db: t.db, request: request(cookie) },
      { actorId: id, currentEmail: "moechte.wechseln@example.de", input: { newEmail: "frei.danach@example.de", password: "geheim123" } },
    );
    await mailer.waitFor("frei.danach@example.de", /neue E-Mail-Adresse/);
    expect(mailer.sent.slice(sentBefore).filter((m) => m.to === "besetzt@example.de")).toEqual([]);
    expect((await getOwnProfile(t.db, id))!.email).toBe("moechte.wechseln@example.de");
  });

  it("refuses without a session", async () => {
    await expect(
      requestEmailChange({ auth, db: t.db, request: request() }, { actorId: null, currentEmail: "", input: { newEmail: "x@example.de", password: "x" } }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("signing in brings the theme kept with the account", async () => {
    const { id } = await registered("dunkel@example.de");
    await saveTheme(t.db, { actorId: id, input: { theme: "dark" } });
    const result = await signIn(ctxFor(auth, t.db, request()), { email: "dunkel@example.de", password: "geheim123" });
    expect(result.ok && result.headers.getSetCookie().some((c) => /^theme=dark;/.test(c))).toBe(true);
  });
});
