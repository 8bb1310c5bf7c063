import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serviceImages, services } from "~/db/schema";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { exportUserData } from "~/features/profile/export.server";
import { DELETE_CONFIRMATION_WORD } from "~/features/profile/schema";
import type { AppError } from "~/lib/errors";
import { sweepOrphanFiles } from "~/lib/storage-sweep.server";
import { image, profileTestbed } from "../../../tests/support/profile-testbed";
import { testEngine } from "../../../tests/support/test-database";
import { getService } from "./catalogue.server";
import { createService, deleteService } from "./editing.server";
import {
  addServiceImages,
  DRAFT_MAX_AGE_MS,
  listDraftImages,
  listServiceImages,
  moveServiceImage,
  removeServiceImage,
  removeStaleDrafts,
  SERVICE_IMAGES_MAX,
  type IncomingImage,
} from "./images.server";

const bed = profileTestbed();

async function newService(ownerId: string, title = "Fotografie für Ihren Onlineshop") {
  const [row] = await bed.db.insert(services).values({ title, price: "100.00", category: "Design", createdBy: ownerId }).returning({ id: services.id });
  return row!.id;
}

async function photo(name: string, width: number, height: number, color = "#3366cc"): Promise<IncomingImage> {
  // A JPEG with EXIF data (an author, as a camera writes it), which must not survive.
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Geheime Person", Copyright: "GPS 52.52,13.40" } })
    .toBuffer();
  return { name, size: data.length, tooLarge: false, data };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  return work.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => error as AppError,
  );
}

const folderOf = (ownerId: string) => `service-images/${ownerId}`;

describe(`service images on ${testEngine}`, () => {
  it("stores each image re-encoded to WebP in up to three widths, without metadata, with its size and colour", async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    const { images } = await addServiceImages(bed.db, bed.storage, {
      actorId: owner,
      serviceId,
      files: [await photo("gross.jpg", 2000, 1000, "#cc3366"), await photo("klein.jpg", 500, 400)],
    });
    expect(images).toHaveLength(2);
    expect(images[0]).toMatchObject({ widths: [320, 640, 1280], width: 1280, height: 640, placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    // A small original is not enlarged: its own width is the largest.
    expect(images[1]).toMatchObject({ widths: [320, 500], width: 500, height: 400 });
    expect(bed.filesIn(`${folderOf(owner)}/${images[0]!.id}`).sort()).toEqual(["1280.webp", "320.webp", "640.webp"]);
    const stored = await bed.storage.get(`${folderOf(owner)}/${images[0]!.id}/640.webp`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 320 });
    expect(meta.exif).toBeUndefined();
    // The card and the detail get the first image as the cover.
    expect((await getService(bed.db, serviceId))!.cover).toEqual(images[0]);
  });

  it("refuses a file that is not an image by its bytes, or is over 5 MB, and stores nothing; a picture under another name is taken", async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    const text = Buffer.from("<html>Ich bin kein Bild</html>");
    const refused = await refusal(
      addServiceImages(bed.db, bed.storage, {
        actorId: owner,
        serviceId,
        files: [await image("gut.png"), { name: "falsch.png", size: text.length, tooLarge: false, data: text }, { name: "riesig.jpg", size: 6 * 1024 * 1024, tooLarge: true, data: Buffer.alloc(0) }],
      }),
    );
    expect(refused).toMatchObject({ code: "INVALID", reason: "images_refused", params: { names: ["falsch.png", "riesig.jpg"], problems: ["notImage", "tooLarge"] } });
    expect(await listServiceImages(bed.db, serviceId)).toEqual([]);
    expect(bed.filesIn(folderOf(owner))).toEqual([]);
    // A picture is judged by its bytes, whatever it is called: a PNG named like a PDF is taken
    // (re-encoded and stored under a name of ours, the original name misleads nobody).
    await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("bild.pdf")] });
    expect(await listServiceImages(bed.db, serviceId)).toHaveLength(1);
  });

  it(`holds at most ${SERVICE_IMAGES_MAX} images per service: a 7th is refused and changes nothing`, async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: await Promise.all([1, 2, 3, 4, 5].map((n) => image(`${n}.png`))) });
    expect(await refusal(addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("6.png"), await image("7.png")] }))).toMatchObject({
      code: "CONFLICT",
      reason: "service_images_full",
      params: { free: 1 },
    });
    await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("6.png")] });
    expect(await refusal(addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("7.png")] }))).toMatchObject({
      code: "CONFLICT",
      reason: "service_images_full",
      params: { free: 0 },
    });
    expect(await listServiceImages(bed.db, serviceId)).toHaveLength(6);
    expect(bed.filesIn(folderOf(owner))).toHaveLength(6); // 16 px wide: one width each
  });

  it("chooses the cover, moves images and removes one (its files go, the order stays dense)", async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    const { images } = await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: await Promise.all(["a", "b", "c"].map((n) => image(`${n}.png`))) });
    const [a, b, c] = images.map((i) => i.id);
    const ids = async () => (await listServiceImages(bed.db, serviceId)).map((i) => i.id);
    await moveServiceImage(bed.db, { actorId: owner, imageId: c, move: "cover" });
    expect(await ids()).toEqual([c, a, b]);
    expect((await getService(bed.db, serviceId))!.cover?.id).toBe(c);
    await moveServiceImage(bed.db, { actorId: owner, imageId: b, move: "earlier" });
    expect(await ids()).toEqual([c, b, a]);
    await moveServiceImage(bed.db, { actorId: owner, imageId: c, move: "later" });
    expect(await ids()).toEqual([b, c, a]);
    expect(await refusal(moveServiceImage(bed.db, { actorId: owner, imageId: a, move: "anywhere" }))).toMatchObject({ code: "INVALID" });

    await removeServiceImage(bed.db, bed.storage, { actorId: owner, imageId: b });
    expect(await ids()).toEqual([c, a]);
    const positions = await bed.db.select({ position: serviceImages.position }).from(serviceImages).where(eq(serviceImages.serviceId, serviceId)).orderBy(serviceImages.position);
    expect(positions.map((p) => p.position)).toEqual([0, 1]);
    expect(bed.filesIn(`${folderOf(owner)}/${b}`)).toEqual([]);
    expect(bed.filesIn(`${folderOf(owner)}/${c}`)).toEqual(["16.webp"]);
  });

  it("lets only the owner change the images: someone else gets 403 / 404 and nothing changes", async () => {
    const { id: owner } = await bed.newUser();
    const { id: stranger } = await bed.newUser();
    const serviceId = await newService(owner);
    const { images } = await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("a.png"), await image("b.png")] });
    const before = await listServiceImages(bed.db, serviceId);

    expect(await refusal(addServiceImages(bed.db, bed.storage, { actorId: stranger, serviceId, files: [await image("x.png")] }))).toMatchObject({
      code: "FORBIDDEN",
      status: 403,
    });
    expect(await refusal(removeServiceImage(bed.db, bed.storage, { actorId: stranger, imageId: images[0]!.id }))).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await refusal(moveServiceImage(bed.db, { actorId: stranger, imageId: images[1]!.id, move: "cover" }))).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await refusal(removeServiceImage(bed.db, bed.storage, { actorId: null, imageId: images[0]!.id }))).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await refusal(addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId: "keine-id", files: [await image("x.png")] }))).toMatchObject({ code: "NOT_FOUND" });

    expect(await listServiceImages(bed.db, serviceId)).toEqual(before);
    expect(bed.filesIn(folderOf(stranger))).toEqual([]);
    expect(bed.filesIn(folderOf(owner))).toHaveLength(2);
  });

  it("keeps create-form uploads as drafts of their owner and makes them the new service's images, in the chosen order", async () => {
    const { id: owner } = await bed.newUser();
    const { id: stranger } = await bed.newUser();
    const { images: drafts } = await addServiceImages(bed.db, bed.storage, { actorId: owner, files: [await image("a.png"), await image("b.png")] });
    const { images: foreign } = await addServiceImages(bed.db, bed.storage, { actorId: stranger, files: [await image("c.png")] });
    expect(await listDraftImages(bed.db, owner)).toEqual(drafts);
    // The second draft first (the chosen cover); someone else's draft is not taken.
    const { id, missingImages } = await createService(bed.db, {
      actorId: owner,
      input: { title: "Mit Bildern", price: "50", category: "Design", imageIds: [drafts[1]!.id, drafts[0]!.id, foreign[0]!.id].join(",") },
    });
    expect(missingImages).toBe(1); // the foreign one
    expect((await listServiceImages(bed.db, id)).map((i) => i.id)).toEqual([drafts[1]!.id, drafts[0]!.id]);
    expect(await listDraftImages(bed.db, owner)).toEqual([]);
    expect(await listDraftImages(bed.db, stranger)).toEqual(foreign);
    // Drafts count to six as well.
    await addServiceImages(bed.db, bed.storage, { actorId: stranger, files: await Promise.all([1, 2, 3, 4, 5].map((n) => image(`${n}.png`))) });
    expect(await refusal(addServiceImages(bed.db, bed.storage, { actorId: stranger, files: [await image("7.png")] }))).toMatchObject({ reason: "service_images_full" });
  });

  it("creates the service when drafts were swept while the form was open, and says how many images are missing", async () => {
    const { id: owner } = await bed.newUser();
    const { images: drafts } = await addServiceImages(bed.db, bed.storage, { actorId: owner, files: [await image("a.png"), await image("b.png")] });
    await bed.db.update(serviceImages).set({ createdAt: new Date(Date.now() - DRAFT_MAX_AGE_MS - 60_000) }).where(eq(serviceImages.id, drafts[0]!.id));
    await removeStaleDrafts(bed.db, bed.storage);
    const { id, missingImages } = await createService(bed.db, {
      actorId: owner,
      input: { title: "Bilder teils weg", price: "50", category: "Design", imageIds: drafts.map((d) => d.id).join(",") },
    });
    expect(missingImages).toBe(1);
    expect((await listServiceImages(bed.db, id)).map((i) => i.id)).toEqual([drafts[1]!.id]);
  });

  it("keeps the order dense when removals and moves of one service's images race (no deadlock)", async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    const { images } = await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: await Promise.all([1, 2, 3, 4, 5, 6].map((n) => image(`${n}.png`))) });
    const [a, b, c, d, e, f] = images.map((i) => i.id);
    // On PostgreSQL these run on separate connections at once; each locks the service first.
    await Promise.all([
      removeServiceImage(bed.db, bed.storage, { actorId: owner, imageId: a }),
      moveServiceImage(bed.db, { actorId: owner, imageId: f, move: "cover" }),
      removeServiceImage(bed.db, bed.storage, { actorId: owner, imageId: c }),
      moveServiceImage(bed.db, { actorId: owner, imageId: b, move: "later" }),
      moveServiceImage(bed.db, { actorId: owner, imageId: e, move: "earlier" }),
    ]);
    const rows = await bed.db.select({ id: serviceImages.id, position: serviceImages.position }).from(serviceImages).where(eq(serviceImages.serviceId, serviceId)).orderBy(serviceImages.position);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    expect(rows.map((r) => r.id).sort()).toEqual([b, d, e, f].sort());
  });

  it("removes the image files with the service, and with the account; the export lists the images", async () => {
    const { id: owner } = await bed.newUser();
    const first = await newService(owner, "Erste");
    const second = await newService(owner, "Zweite");
    const { images } = await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId: first, files: [await image("a.png"), await image("b.png")] });
    await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId: second, files: [await image("c.png")] });
    await addServiceImages(bed.db, bed.storage, { actorId: owner, files: [await image("entwurf.png")] });

    const exported = await exportUserData(bed.db, { actorId: owner });
    expect(exported.service_images).toHaveLength(4);
    expect(exported.service_images).toContainEqual(
      expect.objectContaining({ id: images[0]!.id, service_id: first, position: 0, files: [`/storage/service-images/${owner}/${images[0]!.id}/16.webp`] }),
    );

    await deleteService(bed.db, { actorId: owner, serviceId: first, storage: bed.storage });
    expect(bed.filesIn(`${folderOf(owner)}/${images[0]!.id}`)).toEqual([]);
    expect(bed.filesIn(`${folderOf(owner)}/${images[1]!.id}`)).toEqual([]);
    expect(bed.filesIn(folderOf(owner))).toHaveLength(2);

    await deleteAccount(bed.db, bed.storage, { actorId: owner, input: { confirmation: DELETE_CONFIRMATION_WORD } });
    expect(bed.filesIn(folderOf(owner))).toEqual([]);
    expect(await bed.db.select().from(serviceImages).where(eq(serviceImages.ownerId, owner))).toEqual([]);
  });

  it("sweeps drafts left for a day and files no image row names; keeps the rest", async () => {
    const { id: owner } = await bed.newUser();
    const serviceId = await newService(owner);
    const { images: kept } = await addServiceImages(bed.db, bed.storage, { actorId: owner, serviceId, files: [await image("a.png")] });
    const { images: drafts } = await addServiceImages(bed.db, bed.storage, { actorId: owner, files: [await image("alt.png")] });
    const orphan = `${folderOf(owner)}/00000000-0000-4000-8000-000000000000/16.webp`;
    await bed.storage.put(orphan, Buffer.from("x"));
    const later = Date.now() + DRAFT_MAX_AGE_MS + 60_000;
    const { deleted } = await sweepOrphanFiles(bed.db, bed.storage, { now: later });
    expect(deleted).toContain(orphan);
    expect(deleted).toContain(`${folderOf(owner)}/${drafts[0]!.id}`);
    expect(await listDraftImages(bed.db, owner)).toEqual([]);
    expect(bed.filesIn(`${folderOf(owner)}/${drafts[0]!.id}`)).toEqual([]);
    expect(bed.filesIn(`${folderOf(owner)}/${kept[0]!.id}`)).toEqual(["16.webp"]);
  });
});
