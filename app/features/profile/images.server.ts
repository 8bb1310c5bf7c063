import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { profiles } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { avatarKey, galleryKey, keyFromPublicUrl, publicUrl, type FileStorage } from "~/lib/storage.server";
import { log } from "~/lib/log.server";
import { isImageBytes } from "~/lib/uploads.server";
import { GALLERY_MAX, IMAGE_MAX_BYTES } from "./schema";

/** A file as the multipart reader hands it over (only name, size and bytes matter here). */
export interface IncomingImage {
  name: string;
  size: number;
  tooLarge: boolean;
  data: Buffer;
}

// Decoding is where image bombs hurt: refuse anything beyond 40 megapixels before decoding it.
const MAX_INPUT_PIXELS = 40_000_000;

type ImageCheck = { ok: true; webp: Buffer } | { ok: false; reason: "tooLarge" | "notImage" };

/**
 * Checks one file from its bytes and re-encodes it: at most 5 MB, really a JPEG, PNG, GIF or
 * WebP by its bytes (whatever its name says: it is re-encoded and stored under a name of ours),
 * decodable. Re-encoding to WebP drops metadata such as GPS positions and anything hidden after
 * the image data.
 */
async function checkAndEncode(file: IncomingImage, shape: "avatar" | "gallery"): Promise<ImageCheck> {
  if (file.tooLarge || file.size > IMAGE_MAX_BYTES || file.data.length > IMAGE_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  if (!(await isImageBytes(file.data))) return { ok: false, reason: "notImage" };
  try {
    const image = sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const resized =
      shape === "avatar"
        ? image.resize(512, 512, { fit: "cover", position: "attention" })
        : image.resize(2000, 2000, { fit: "inside", withoutEnlargement: true });
    return { ok: true, webp: await resized.webp({ quality: 85 }).toBuffer() };
  } catch {
    return { ok: false, reason: "notImage" };
  }
}

/**
 * Replaces the avatar: one file, checked and re-encoded, stored at avatars/{userId}/avatar.webp
 * (overwriting). The stored URL carries a version so browsers do not show the old picture.
 */
export async function updateAvatar(
  db: Database,
  storage: FileStorage,
  { actorId, file }: { actorId: string | null; file: IncomingImage | undefined },
): Promise<{ avatarUrl: string }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!file) throw new AppError("INVALID", "image_missing");
  const checked = await checkAndEncode(file, "avatar");
  if (!checked.ok) {
    throw new AppError("INVALID", checked.reason === "tooLarge" ? "image_too_large" : "not_an_image");
  }
  const [exists] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, actorId));
  if (!exists) throw new AppError("NOT_FOUND", "profile_not_found");
  const key = avatarKey(actorId, "webp");
  await storage.put(key, checked.webp);
  const avatarUrl = `${publicUrl(key)}?v=${Date.now()}`;
  const [updated] = await db
    .update(profiles)
    .set({ avatarUrl, updatedAt: new Date() })
    .where(eq(profiles.userId, actorId))
    .returning({ id: profiles.id });
  if (!updated) {
    // The account went away meanwhile (deleted in another tab): leave no public file behind.
    await removeFiles(storage, [key]);
    throw new AppError("NOT_FOUND", "profile_not_found");
  }
  return { avatarUrl };
}

async function galleryOf(db: Database, userId: string): Promise<string[] | null> {
  const [row] = await db.select({ gallery: profiles.gallery }).from(profiles).where(eq(profiles.userId, userId));
  if (!row) return null;
  return Array.isArray(row.gallery) ? row.gallery : [];
}

function limitRefusal(count: number): AppError {
  return new AppError("CONFLICT", "gallery_full", { params: { free: Math.max(0, GALLERY_MAX - count) } });
}

/**
 * Adds images to the gallery. Every file is checked before anything is stored (the spec's
 * validate-upload), and the limit of five holds even when uploads race: the files are stored
 * first, then one UPDATE appends them only if the array still has room. A refused append
 * removes the files it stored, so nothing is left behind.
 */
export async function addGalleryImages(
  db: Database,
  storage: FileStorage,
  { actorId, files }: { actorId: string | null; files: IncomingImage[] },
): Promise<{ gallery: string[]; added: number }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (files.length === 0) throw new AppError("INVALID", "gallery_no_files");
  const current = await galleryOf(db, actorId);
  if (!current) throw new AppError("NOT_FOUND", "profile_not_found");
  if (current.length + files.length > GALLERY_MAX) throw limitRefusal(current.length);

  const checks = await Promise.all(files.map((file) => checkAndEncode(file, "gallery")));
  // Per refused file, in the order the files came: its name and why.
  const refused = checks.flatMap((check, i) => (check.ok ? [] : [{ name: files[i]!.name, problem: check.reason }]));
  if (refused.length > 0) {
    throw new AppError("INVALID", "images_refused", { params: { names: refused.map((r) => r.name), problems: refused.map((r) => r.problem) } });
  }

  const now = Date.now();
  const keys = files.map((_, i) => galleryKey(actorId, "webp", now + i));
  try {
    await Promise.all(keys.map((key, i) => storage.put(key, (checks[i] as { webp: Buffer }).webp)));
  } catch (error) {
    await removeFiles(storage, keys);
    throw error;
  }
  const urls = keys.map(publicUrl);
  let updated: { gallery: string[] } | undefined;
  try {
    [updated] = await db
      .update(profiles)
      .set({ gallery: sql`${profiles.gallery} || ${JSON.stringify(urls)}::jsonb`, updatedAt: new Date() })
      .where(and(eq(profiles.userId, actorId), sql`jsonb_array_length(${profiles.gallery}) + ${urls.length} <= ${GALLERY_MAX}`))
      .returning({ gallery: profiles.gallery });
  } catch (error) {
    await removeFiles(storage, keys);
    throw error;
  }
  if (!updated) {
    // Another upload took the free places meanwhile.
    await removeFiles(storage, keys);
    throw limitRefusal((await galleryOf(db, actorId))?.length ?? GALLERY_MAX);
  }
  return { gallery: updated.gallery, added: urls.length };
}

/** Removes one image from the own gallery and deletes its file. */
export async function removeGalleryImage(
  db: Database,
  storage: FileStorage,
  { actorId, url }: { actorId: string | null; url: string | undefined },
): Promise<{ gallery: string[] }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!url) throw new AppError("INVALID", "not_in_gallery");
  const [updated] = await db
    .update(profiles)
    .set({
      gallery: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from jsonb_array_elements(${profiles.gallery}) with ordinality as t(e, n) where e <> to_jsonb(${url}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(profiles.userId, actorId), sql`${profiles.gallery} @> jsonb_build_array(${url}::text)`))
    .returning({ gallery: profiles.gallery });
  if (!updated) throw new AppError("NOT_FOUND", "not_in_gallery");
  const key = keyFromPublicUrl(url.split("?")[0]!);
  // Only files in the user's own gallery folder are ever deleted.
  // The image is already out of the gallery; a file that cannot be removed now is only logged.
  if (key?.startsWith(`gallery/${actorId}/`)) await removeFiles(storage, [key]);
  return { gallery: updated.gallery };
}

async function removeFiles(storage: FileStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => log.error({ err: error }, "Could not remove an uploaded file"))));
}
