import { and, eq } from "drizzle-orm";
import { services } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { getStorage, type FileStorage } from "~/lib/storage.server";
import { parseInput } from "~/lib/validation";
import { getService } from "./catalogue.server";
import { claimDraftImages, imageFoldersOfServices, removeFolders, wantedImageCount } from "./images.server";
import { createServiceSchema, editServiceSchema } from "./schema";
import type { WorkPlace } from "./listing-facts";
import { isServiceId } from "./service-id";

export interface CreateServiceOptions {
  actorId: string;
  input: Record<string, unknown>;
}

/**
 * The place of work as stored: a remote service has no city (the form may still send one typed
 * before "Remote" was chosen). Without a place in the input, neither place nor city changes.
 */
function placeOfWork({ workPlace, workCity }: { workPlace?: WorkPlace; workCity: string }) {
  if (workPlace === undefined) return {};
  return { workPlace, workCity: workPlace === "remote" ? null : workCity };
}

/**
 * Creates the service; the images uploaded in the create form (the actor's drafts, field
 * `imageIds`: their ids in order, comma-separated, the first the cover) become its images in the
 * same transaction (ADR 016).
 */
export async function createService(db: Database, { actorId, input }: CreateServiceOptions): Promise<{ id: string; missingImages: number }> {
  const { workPlace, workCity, ...values } = parseInput(createServiceSchema, input);
  const imageIds = typeof input.imageIds === "string" ? input.imageIds.split(",").map((id) => id.trim()) : [];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({ ...values, ...placeOfWork({ workPlace, workCity }), createdBy: actorId })
      .returning({ id: services.id });
    const claimed = await claimDraftImages(tx, { actorId, serviceId: row!.id, ids: imageIds });
    // Drafts the sweep removed while the form was open (older than a day): the service is created
    // all the same, and the page says how many images to upload again.
    return { id: row!.id, missingImages: Math.max(0, wantedImageCount(imageIds) - claimed) };
  });
}

/** The service if the actor owns it; refuses with NOT_FOUND or FORBIDDEN otherwise. */
async function ownedService(db: Database, actorId: string, id: string | undefined) {
  if (!isServiceId(id)) throw new AppError("NOT_FOUND", "service_not_found");
  const [row] = await db.select({ id: services.id, createdBy: services.createdBy, category: services.category }).from(services).where(eq(services.id, id));
  if (!row) throw new AppError("NOT_FOUND", "service_not_found");
  if (row.createdBy !== actorId) throw new AppError("FORBIDDEN", "not_service_owner");
  return row;
}

/** For the edit page: the service when the actor may edit it. */
export async function getServiceForEdit(db: Database, actorId: string, id: string | undefined) {
  await ownedService(db, actorId, id);
  return (await getService(db, id))!;
}

export interface UpdateServiceOptions {
  actorId: string;
  serviceId: string | undefined;
  input: Record<string, unknown>;
}

export async function updateService(db: Database, { actorId, serviceId, input }: UpdateServiceOptions): Promise<void> {
  const current = await ownedService(db, actorId, serviceId);
  const { workPlace, workCity, ...values } = parseInput(editServiceSchema(current.category), input);
  await db
    .update(services)
    // An absent delivery time (undefined) keeps the stored one; an empty field (null) is "nach Vereinbarung".
    .set({ ...values, ...placeOfWork({ workPlace, workCity }), updatedAt: new Date() })
    .where(and(eq(services.id, current.id), eq(services.createdBy, actorId)));
}

export async function deleteService(
  db: Database,
  { actorId, serviceId, storage = getStorage() }: { actorId: string; serviceId: string | undefined; storage?: FileStorage },
) {
  const current = await ownedService(db, actorId, serviceId);
  // Reviews, comments, favourites and image rows go with it (foreign keys cascade); the image
  // files after the commit (one that cannot be removed then is left to the storage sweep).
  const folders = await db.transaction(async (tx) => {
    const found = await imageFoldersOfServices(tx, [current.id]);
    await tx.delete(services).where(and(eq(services.id, current.id), eq(services.createdBy, actorId)));
    return found;
  });
  await removeFolders(storage, folders);
}
