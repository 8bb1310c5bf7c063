import { data } from "react-router";
import { serviceImageFieldDe as f } from "~/i18n/service-image-field.de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { getStorage } from "~/lib/storage.server";
import { readMultipart, streamMultipart, type ReceivedFile } from "~/lib/uploads.server";
import { addServiceImages, listDraftImages, listServiceImages, moveServiceImage, removeServiceImage } from "./images.server";
import { countImageRequest, imageRefusal, SERVICE_IMAGE_FILES } from "./images-route.server";
import { UPLOAD_PARAM, type ImageActionOutcome } from "./service-image";

/**
 * The service form as its page's action reads it (ADR 031): multipart, because without
 * JavaScript the image field's buttons submit the form itself. Only the upload button's post
 * (its address carries UPLOAD_PARAM) keeps files: its upload limit is counted before a byte is
 * read, as /api/service-images does, and the files are cut off as there. Any other post drops
 * the bytes of files chosen in it as they stream (a save keeps no files; the plain field says
 * so). The fields are kept also when the body is refused, so the form comes back with what was
 * typed.
 */
export async function readServiceForm(
  db: Database,
  actorId: string,
  request: Request,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[]; uploading: boolean; refusal?: unknown }> {
  const fields: Record<string, string> = {};
  const uploading = new URL(request.url).searchParams.has(UPLOAD_PARAM);
  let refusal: unknown;
  if (uploading) {
    try {
      await countImageRequest(db, actorId, "upload");
    } catch (error) {
      // Over the limit: the files are not kept, but the fields are read, so the form comes back as typed.
      refusal = error;
    }
  }
  try {
    if (uploading && refusal === undefined) {
      const { files } = await readMultipart(request, SERVICE_IMAGE_FILES, fields);
      return { fields, files, uploading };
    }
    await streamMultipart(request, SERVICE_IMAGE_FILES, { receive: async ({ stream }) => void stream.resume(), discard: async () => {} }, fields);
    return { fields, files: [], uploading, refusal };
  } catch (error) {
    return { fields, files: [], uploading, refusal: refusal ?? error };
  }
}

/** What an image button of the plain form asked for: `upload`, or `remove|cover|earlier|later:<imageId>`. */
function parseImageAction(value: string): { kind: "upload" } | { kind: "remove" | "cover" | "earlier" | "later"; imageId: string } {
  if (value === "upload") return { kind: "upload" };
  const [kind, imageId = ""] = value.split(":", 2);
  if (kind === "remove" || kind === "cover" || kind === "earlier" || kind === "later") return { kind, imageId };
  throw new AppError("INVALID", "invalid_input");
}

/**
 * An image button of the service form posted without JavaScript (`imageAction`): does what the
 * scripted field does through /api/service-images, with the same use-cases, limits and texts,
 * and does not save the service. The answer is the page again, with what was typed (`values`)
 * and the outcome; the loader lists the images as they are now. On the edit page the caller has
 * checked that the service is the actor's; on the create page (no `serviceId`) the images are the
 * actor's drafts.
 */
export async function serviceImageAction(
  db: Database,
  { actorId, serviceId, action, files, refusal, values }: { actorId: string; serviceId?: string; action: string; files: ReceivedFile[]; refusal?: unknown; values: Record<string, string> },
) {
  let outcome: ImageActionOutcome;
  let status = 200;
  const upload = action === "upload";
  try {
    // An upload was counted before its body was read (readServiceForm); a change is counted here.
    if (!upload) await countImageRequest(db, actorId, "change");
    const wanted = parseImageAction(action);
    // A body the reader refused (over the limit, too many files, unreadable) is refused as the upload route does.
    if (refusal) throw refusal;
    if (wanted.kind === "upload") {
      await addServiceImages(db, getStorage(), { actorId, serviceId, files });
      outcome = { ok: true, title: f.uploaded(files.length) };
    } else {
      const before = serviceId ? await listServiceImages(db, serviceId) : await listDraftImages(db, actorId);
      const from = before.findIndex((image) => image.id === wanted.imageId) + 1;
      // Only the images the page shows (the use-cases refuse anyone else's as well).
      if (from === 0) throw new AppError("NOT_FOUND", "service_image_not_found");
      if (wanted.kind === "remove") {
        await removeServiceImage(db, getStorage(), { actorId, imageId: wanted.imageId });
        outcome = { ok: true, title: f.removed };
      } else {
        const { images } = await moveServiceImage(db, { actorId, imageId: wanted.imageId, move: wanted.kind });
        const to = images.findIndex((image) => image.id === wanted.imageId) + 1;
        outcome = { ok: true, title: to === 1 ? f.nowCover(from) : f.movedTo(from, to) };
      }
    }
  } catch (error) {
    const { refused, status: refusedStatus } = imageRefusal(error, upload ? f.uploadFailed : f.changeFailed);
    outcome = { ok: false, title: refused.title, message: refused.message, details: refused.details };
    status = refusedStatus;
  }
  return data({ intent: "image" as const, outcome, values }, { status, headers: { "Cache-Control": "no-store" } });
}
