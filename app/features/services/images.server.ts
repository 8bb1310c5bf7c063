import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { SERVICE_IMAGES_MAX, serviceImages, services } from "~/db/schema";
import { IMAGE_MAX_BYTES } from "~/features/profile/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { serviceImageFolder, type FileStorage } from "~/lib/storage.server";
import { isImageBytes } from "~/lib/uploads.server";
import { SERVICE_IMAGE_WIDTHS, type ServiceImage } from "./service-image";
import { isServiceId } from "./service-id";

export { SERVICE_IMAGES_MAX };

/** Draft images (create form) not claimed by a service within a day are removed by the sweep. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

// Decoding is where image bombs hurt: refuse anything beyond 40 megapixels before decoding it.
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_HEIGHT = 1600;

/** A file as the multipart reader hands it over. */
export interface IncomingImage {
  name: string;
  size: number;
  tooLarge: boolean;
  data: Buffer;
}

/** The encoded widths of one image, ready to store. */
export interface EncodedImage {
  files: { width: number; data: Buffer }[];
  width: number;
  height: number;
  placeholder: string;
}

type ImageCheck = { ok: true; encoded: EncodedImage } | { ok: false; reason: "tooLarge" | "notImage" };

/**
 * The same rules as the profile gallery (images.server.ts there): at most 5 MB, the type judged
 * from the bytes (whatever the name says), decodable; re-encoded to WebP, which drops metadata (GPS
 * positions, anything hidden after the image data). Stored in up to three widths for `srcset`.
 */
export async function encodeServiceImage(file: IncomingImage): Promise<ImageCheck> {
  if (file.tooLarge || file.size > IMAGE_MAX_BYTES || file.data.length > IMAGE_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  if (!(await isImageBytes(file.data))) return { ok: false, reason: "notImage" };
  try {
    return { ok: true, encoded: await encodePixels(sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })) };
  } catch {
    return { ok: false, reason: "notImage" };
  }
}

/** Encodes any sharp input (an upload, or the seed's drawn pictures) into the stored widths. */
export async function encodePixels(input: Sharp, { effort = 4 }: { effort?: number } = {}): Promise<EncodedImage> {
  // Decoded once (turned upright, at most 1280 wide), then each width from the raw pixels.
  const { data, info } = await input
    .rotate()
    .resize({ width: SERVICE_IMAGE_WIDTHS.at(-1), height: MAX_HEIGHT, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const widths = [...new Set(SERVICE_IMAGE_WIDTHS.map((w) => Math.min(w, info.width)))];
  const files = await Promise.all(
    widths.map(async (width) => ({
      width,
      data: await sharp(data, raw).resize({ width }).webp({ quality: 80, effort }).toBuffer(),
    })),
  );
  // The placeholder: the image's mean colour (one pixel; cheaper than statistics of the whole).
  const pixel = await sharp(data, raw).removeAlpha().resize(1, 1, { fit: "fill" }).raw().toBuffer();
  const hex = (n: number) => n.toString(16).padStart(2, "0");
  return { files, width: info.width, height: info.height, placeholder: `#${hex(pixel[0]!)}${hex(pixel[1] ?? pixel[0]!)}${hex(pixel[2] ?? pixel[0]!)}` };
}

const viewColumns = {
  id: serviceImages.id,
  ownerId: serviceImages.ownerId,
  widths: serviceImages.widths,
  width: serviceImages.width,
  height: serviceImages.height,
  placeholder: serviceImages.placeholder,
};

/** Where an image belongs: a service's images, or the owner's drafts (no service yet). */
type Group = { serviceId: string } | { draftsOf: string };

function inGroup(group: Group) {
  return "serviceId" in group ? eq(serviceImages.serviceId, group.serviceId) : and(eq(serviceImages.ownerId, group.draftsOf), isNull(serviceImages.serviceId));
}

async function imagesOf(db: Pick<Database, "select">, group: Group): Promise<ServiceImage[]> {
  return db.select(viewColumns).from(serviceImages).where(inGroup(group)).orderBy(asc(serviceImages.position), asc(serviceImages.createdAt), asc(serviceImages.id));
}

/** A service's images, cover first. */
export function listServiceImages(db: Database, serviceId: string): Promise<ServiceImage[]> {
  return imagesOf(db, { serviceId });
}

/** The create form's images of a user (uploaded, not yet part of a service). */
export function listDraftImages(db: Database, ownerId: string): Promise<ServiceImage[]> {
  return imagesOf(db, { draftsOf: ownerId });
}

/** The service when the actor owns it (NOT_FOUND / FORBIDDEN otherwise, as the edit page). */
async function ownedServiceId(db: Pick<Database, "select">, actorId: string, serviceId: string | undefined, lock = false): Promise<string> {
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "service_not_found");
  const query = db.select({ id: services.id, createdBy: services.createdBy }).from(services).where(eq(services.id, serviceId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", "service_not_found");
  if (row.createdBy !== actorId) throw new AppError("FORBIDDEN", "not_service_owner");
  return row.id;
}

function fullRefusal(count: number): AppError {
  return new AppError("CONFLICT", "service_images_full", { params: { free: Math.max(0, SERVICE_IMAGES_MAX - count), max: SERVICE_IMAGES_MAX } });
}

/**
 * Adds images to a service of the actor, or (no service id) to the actor's drafts for the create
 * form. Every file is checked before anything is stored; the files are stored before the rows
 * (an upload holds no transaction open), and the rows are added only while there is room, with
 * the service (or the account, for drafts) locked, so racing uploads never pass six. A refused
 * insert removes the files it stored; a process dying in between leaves files the sweep removes.
 */
export async function addServiceImages(
  db: Database,
  storage: FileStorage,
  { actorId, serviceId, files }: { actorId: string | null; serviceId?: string; files: IncomingImage[] },
): Promise<{ images: ServiceImage[] }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (files.length === 0) throw new AppError("INVALID", "image_missing");
  const group: Group = serviceId !== undefined ? { serviceId: await ownedServiceId(db, actorId, serviceId) } : { draftsOf: actorId };
  const before = await imagesOf(db, group);
  if (before.length + files.length > SERVICE_IMAGES_MAX) throw fullRefusal(before.length);

  const checks = await Promise.all(files.map(encodeServiceImage));
  const refused = checks.flatMap((check, i) => (check.ok ? [] : [{ name: files[i]!.name, problem: check.reason }]));
  if (refused.length > 0) {
    throw new AppError("INVALID", "images_refused", { params: { names: refused.map((r) => r.name), problems: refused.map((r) => r.problem) } });
  }
  const encoded = checks.map((check) => (check as { encoded: EncodedImage }).encoded);
  const ids = encoded.map(() => crypto.randomUUID());
  const folders = ids.map((id) => serviceImageFolder(actorId, id));
  try {
    await Promise.all(encoded.flatMap((image, i) => image.files.map((file) => storage.put(`${folders[i]}/${file.width}.webp`, file.data))));
  } catch (error) {
    await removeFolders(storage, folders);
    throw error;
  }

  try {
    await db.transaction(async (tx) => {
      if ("serviceId" in group) await ownedServiceId(tx, actorId, group.serviceId, true);
      else await lockGroup(tx, group);
      const current = await imagesOf(tx, group);
      if (current.length + encoded.length > SERVICE_IMAGES_MAX) throw fullRefusal(current.length);
      await tx.insert(serviceImages).values(
        encoded.map((image, i) => ({
          id: ids[i]!,
          serviceId: "serviceId" in group ? group.serviceId : null,
          ownerId: actorId,
          position: current.length + i,
          width: image.width,
          height: image.height,
          widths: image.files.map((f) => f.width),
          placeholder: image.placeholder,
        })),
      );
    });
  } catch (error) {
    await removeFolders(storage, folders);
    throw error;
  }
  return { images: await imagesOf(db, group) };
}

/** The image when the actor owns it; someone else's image is not found (404), as an unknown one. */
async function ownedImage(db: Pick<Database, "select">, actorId: string | null, imageId: string | undefined, lock = false) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isServiceId(imageId)) throw new AppError("NOT_FOUND", "service_image_not_found");
  const query = db
    .select({ id: serviceImages.id, ownerId: serviceImages.ownerId, serviceId: serviceImages.serviceId })
    .from(serviceImages)
    .where(eq(serviceImages.id, imageId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || row.ownerId !== actorId) throw new AppError("NOT_FOUND", "service_image_not_found");
  return { ...row, group: (row.serviceId ? { serviceId: row.serviceId } : { draftsOf: row.ownerId }) as Group };
}

/** The distinct well-formed image ids of a form, at most as many as a service holds. */
const wantedImages = (ids: string[]) => [...new Set(ids.filter(isServiceId))].slice(0, SERVICE_IMAGES_MAX);

/** How many images a create form asked for (what claimDraftImages tries to claim). */
export const wantedImageCount = (ids: string[]) => wantedImages(ids).length;

/** Locks what a group of images belongs to: the service, or the account for drafts. */
async function lockGroup(tx: Pick<Database, "execute">, group: Group) {
  if ("serviceId" in group) await tx.execute(sql`select id from services where id = ${group.serviceId} for update`);
  else await tx.execute(sql`select id from "user" where id = ${group.draftsOf} for update`);
}

/**
 * The actor's image, with its group locked before the image row, in the order every writer of
 * a group takes its locks (uploads lock the service or account too). Locking the image first
 * deadlocked: a removal holding image A and renumbering B met a move holding B and renumbering A.
 */
async function lockedImage(tx: Pick<Database, "select" | "execute">, actorId: string | null, imageId: string | undefined) {
  let image = await ownedImage(tx, actorId, imageId);
  for (;;) {
    await lockGroup(tx, image.group);
    // Read again under the lock: removed meanwhile (404), or a draft claimed by a new service.
    const now = await ownedImage(tx, actorId, imageId, true);
    if (now.serviceId === image.serviceId) return now;
    image = now;
  }
}

/** Writes the positions 0..n-1 in the given order. */
async function writeOrder(tx: Pick<Database, "update">, ids: string[]) {
  for (const [position, id] of ids.entries()) {
    await tx.update(serviceImages).set({ position }).where(eq(serviceImages.id, id));
  }
}

/** Removes one image of the actor (the next one becomes the cover if it was the cover), then its files. */
export async function removeServiceImage(
  db: Database,
  storage: FileStorage,
  { actorId, imageId }: { actorId: string | null; imageId: string | undefined },
): Promise<{ images: ServiceImage[] }> {
  const removed = await db.transaction(async (tx) => {
    const image = await lockedImage(tx, actorId, imageId);
    await tx.delete(serviceImages).where(eq(serviceImages.id, image.id));
    await writeOrder(tx, (await imagesOf(tx, image.group)).map((i) => i.id));
    return image;
  });
  // After the commit: a file that cannot be removed now is only logged (the sweep finds it).
  await removeFolders(storage, [serviceImageFolder(removed.ownerId, removed.id)]);
  return { images: await imagesOf(db, removed.group) };
}

export type ImageMove = "cover" | "earlier" | "later";

/** Makes an image the cover, or moves it one place earlier or later. */
export async function moveServiceImage(db: Database, { actorId, imageId, move }: { actorId: string | null; imageId: string | undefined; move: string | undefined }): Promise<{ images: ServiceImage[] }> {
  if (move !== "cover" && move !== "earlier" && move !== "later") throw new AppError("INVALID", "invalid_input");
  const group = await db.transaction(async (tx) => {
    const image = await lockedImage(tx, actorId, imageId);
    const order = (await imagesOf(tx, image.group)).map((i) => i.id);
    const at = order.indexOf(image.id);
    const to = move === "cover" ? 0 : move === "earlier" ? Math.max(0, at - 1) : Math.min(order.length - 1, at + 1);
    order.splice(at, 1);
    order.splice(to, 0, image.id);
    await writeOrder(tx, order);
    return image.group;
  });
  return { images: await imagesOf(db, group) };
}

/**
 * Makes the actor's drafts part of a service just created, in the order given (the first is the
 * cover). Ids that are not the actor's drafts (removed meanwhile, someone else's) are skipped.
 */
export async function claimDraftImages(
  tx: Pick<Database, "select" | "update" | "execute">,
  { actorId, serviceId, ids }: { actorId: string; serviceId: string; ids: string[] },
): Promise<number> {
  const wanted = wantedImages(ids);
  if (wanted.length === 0) return 0;
  await lockGroup(tx, { draftsOf: actorId });
  const drafts = await tx
    .select({ id: serviceImages.id })
    .from(serviceImages)
    .where(and(inArray(serviceImages.id, wanted), eq(serviceImages.ownerId, actorId), isNull(serviceImages.serviceId)));
  const found = new Set(drafts.map((d) => d.id));
  const order = wanted.filter((id) => found.has(id));
  for (const [position, id] of order.entries()) {
    await tx.update(serviceImages).set({ serviceId, position }).where(eq(serviceImages.id, id));
  }
  return order.length;
}

/** The image folders of the given services (read before deleting them: the rows go with the service). */
export async function imageFoldersOfServices(db: Pick<Database, "select">, serviceIds: string[]): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db.select({ id: serviceImages.id, ownerId: serviceImages.ownerId }).from(serviceImages).where(inArray(serviceImages.serviceId, serviceIds));
  return rows.map((row) => serviceImageFolder(row.ownerId, row.id));
}

/**
 * Drafts older than a day (a create form left without saving): their rows go, then their files.
 * Run by the storage sweep.
 */
export async function removeStaleDrafts(db: Database, storage: FileStorage, now = Date.now()): Promise<string[]> {
  const gone = await db
    .delete(serviceImages)
    .where(and(isNull(serviceImages.serviceId), lt(serviceImages.createdAt, new Date(now - DRAFT_MAX_AGE_MS))))
    .returning({ id: serviceImages.id, ownerId: serviceImages.ownerId });
  const folders = gone.map((row) => serviceImageFolder(row.ownerId, row.id));
  await removeFolders(storage, folders);
  return folders;
}

export async function removeFolders(storage: FileStorage, folders: string[]) {
  await Promise.all(folders.map((folder) => storage.deletePrefix(`${folder}/`).catch((error: unknown) => log.error({ err: error }, "Could not remove the files of a service image"))));
}
