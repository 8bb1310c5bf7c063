import sharp from "sharp";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { errorText, refusedImages } from "~/i18n/errors.de";
import type { AppError } from "~/lib/errors";
import { keyFromPublicUrl } from "~/lib/storage.server";
import { pngBytes } from "../../../tests/support/files";
import { image, profileTestbed } from "../../../tests/support/profile-testbed";
import { testEngine } from "../../../tests/support/test-database";
import { addGalleryImages, removeGalleryImage, updateAvatar, type IncomingImage } from "./images.server";
import { getOwnProfile } from "./profile.server";

const bed = profileTestbed();

/** The refusal a promise ends with (or the test fails). */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  return work.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => error as AppError,
  );
}

describe(`avatar on ${testEngine}`, () => {
  it("re-encodes the avatar and stores it at avatars/{userId}/avatar.webp, overwriting", async () => {
    const { id } = await bed.newUser();
    const first = await updateAvatar(bed.db, bed.storage, { actorId: id, file: await image("ich.png") });
    expect(first.avatarUrl).toMatch(new RegExp(`^/storage/avatars/${id}/avatar\\.webp\\?v=\\d+$`));
    const key = keyFromPublicUrl(first.avatarUrl.split("?")[0]!)!;
    const stored = await bed.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe("webp");
    // The URL's version is the time of the upload: the second one is a second later (a faked clock).
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    vi.setSystemTime(Number(first.avatarUrl.split("?v=")[1]) + 1_000);
    const second = await updateAvatar(bed.db, bed.storage, { actorId: id, file: await image("neu.png", "#ff0000") });
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(bed.filesIn(`avatars/${id}`)).toEqual(["avatar.webp"]);
    expect((await getOwnProfile(bed.db, id))!.avatarUrl).toBe(second.avatarUrl);
  });

  it("refuses a missing, fake or too large avatar and keeps the old one", async () => {
    const { id } = await bed.newUser();
    const fake = Buffer.from("Das ist nur Text und kein Bild.");
    await expect(updateAvatar(bed.db, bed.storage, { actorId: id, file: { name: "bild.png", size: fake.length, tooLarge: false, data: fake } })).rejects.toMatchObject({
      code: "INVALID",
      reason: "not_an_image",
    });
    await expect(
      updateAvatar(bed.db, bed.storage, { actorId: id, file: { name: "gross.png", size: 6 * 1024 * 1024, tooLarge: true, data: Buffer.alloc(0) } }),
    ).rejects.toMatchObject({ code: "INVALID", reason: "image_too_large" });
    await expect(updateAvatar(bed.db, bed.storage, { actorId: id, file: undefined })).rejects.toMatchObject({ code: "INVALID", reason: "image_missing" });
    await expect(updateAvatar(bed.db, bed.storage, { actorId: null, file: await image("a.png") })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    expect((await getOwnProfile(bed.db, id))!.avatarUrl).toBeNull();
    expect(bed.filesIn(`avatars/${id}`)).toEqual([]);
  });
});

describe(`gallery on ${testEngine}`, () => {
  it("adds several images at once and removes one with its file", async () => {
    const { id } = await bed.newUser();
    const result = await addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("a.png"), await image("b.png"), await image("c.png")] });
    expect(result.added).toBe(3);
    const gallery = await bed.galleryOf(id);
    expect(gallery).toHaveLength(3);
    for (const url of gallery) expect(url).toMatch(new RegExp(`^/storage/gallery/${id}/gallery/\\d+-[0-9a-f]{8}\\.webp$`));
    expect(bed.filesIn(`gallery/${id}`)).toHaveLength(3);

    await removeGalleryImage(bed.db, bed.storage, { actorId: id, url: gallery[1] });
    expect(await bed.galleryOf(id)).toEqual([gallery[0], gallery[2]]);
    expect(bed.filesIn(`gallery/${id}`)).toHaveLength(2);
    expect(await bed.storage.get(keyFromPublicUrl(gallery[1]!)!)).toBeNull();
    await expect(removeGalleryImage(bed.db, bed.storage, { actorId: id, url: gallery[1] })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "not_in_gallery" });
    await expect(addGalleryImages(bed.db, bed.storage, { actorId: id, files: [] })).rejects.toMatchObject({ code: "INVALID", reason: "gallery_no_files" });
  });

  it("nobody removes an image from someone else's gallery", async () => {
    const owner = await bed.newUser();
    const other = await bed.newUser();
    await addGalleryImages(bed.db, bed.storage, { actorId: owner.id, files: [await image("a.png")] });
    const [url] = await bed.galleryOf(owner.id);
    await expect(removeGalleryImage(bed.db, bed.storage, { actorId: other.id, url })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "not_in_gallery" });
    expect(await bed.galleryOf(owner.id)).toEqual([url]);
    expect(await bed.storage.get(keyFromPublicUrl(url!)!)).not.toBeNull();
  });

  it("validates every file before storing any: a text file renamed .png refuses the whole upload", async () => {
    const { id } = await bed.newUser();
    const fake = Buffer.from("nur Text, kein PNG\n");
    const bad: IncomingImage = { name: "urlaub.png", size: fake.length, tooLarge: false, data: fake };
    const big: IncomingImage = { name: "riesig.jpg", size: 5 * 1024 * 1024 + 1, tooLarge: true, data: Buffer.alloc(0) };
    const refused = await refusal(addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("gut.png"), bad, big] }));
    expect(refused).toMatchObject({ code: "INVALID", reason: "images_refused", params: { names: ["urlaub.png", "riesig.jpg"], problems: ["notImage", "tooLarge"] } });
    // The profile names each refused file in the spec's words.
    expect(refusedImages(refused.params)).toEqual(["urlaub.png ist kein gültiges Bild.", "riesig.jpg ist zu groß. Maximale Dateigröße: 5MB"]);
    expect(await bed.galleryOf(id)).toEqual([]);
    expect(bed.filesIn(`gallery/${id}`)).toEqual([]);
    // A real image under another extension (a PNG called .gif) is a picture like any other: it is
    // judged by its bytes and re-encoded under a name of ours.
    const png = await pngBytes();
    await addGalleryImages(bed.db, bed.storage, { actorId: id, files: [{ name: "foto.gif", size: png.length, tooLarge: false, data: png }] });
    expect(await bed.galleryOf(id)).toHaveLength(1);
    expect(bed.filesIn(`gallery/${id}`)).toEqual([expect.stringMatching(/\.webp$/)]);
  });

  it("enforces five images, saying how many places are left", async () => {
    const { id } = await bed.newUser();
    await addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("1.png"), await image("2.png"), await image("3.png")] });
    const tooMany = await refusal(addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("4.png"), await image("5.png"), await image("6.png")] }));
    expect(tooMany).toMatchObject({ code: "CONFLICT", reason: "gallery_full", params: { free: 2 } });
    expect(errorText(tooMany.reason, tooMany.params)).toBe("Du kannst nur noch 2 Bild(er) hinzufügen. Maximal 5 Bilder erlaubt.");
    await addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("4.png"), await image("5.png")] });
    const full = await refusal(addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("6.png")] }));
    expect(full).toMatchObject({ code: "CONFLICT", reason: "gallery_full", params: { free: 0 } });
    expect(errorText(full.reason, full.params)).toBe("Maximal 5 Bilder erlaubt. Entferne zuerst ein Bild.");
    expect(await bed.galleryOf(id)).toHaveLength(5);
    expect(bed.filesIn(`gallery/${id}`)).toHaveLength(5);
  });

  it("holds the limit under concurrent uploads and leaves no stray files", async () => {
    const { id } = await bed.newUser();
    await addGalleryImages(bed.db, bed.storage, { actorId: id, files: [await image("0.png")] });
    const uploads = await Promise.all(Array.from({ length: 6 }, async (_, i) => [await image(`${i}a.png`), await image(`${i}b.png`)]));
    const results = await Promise.allSettled(uploads.map((files) => addGalleryImages(bed.db, bed.storage, { actorId: id, files })));
    const accepted = results.filter((r) => r.status === "fulfilled");
    expect(accepted).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT", reason: "gallery_full" });
    const gallery = await bed.galleryOf(id);
    expect(gallery).toHaveLength(5);
    expect(bed.filesIn(`gallery/${id}`).sort()).toEqual(gallery.map((url) => url.slice(url.lastIndexOf("/") + 1)).sort());
  });
});
