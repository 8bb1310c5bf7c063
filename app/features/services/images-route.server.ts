import { addServiceImages, moveServiceImage, removeServiceImage, SERVICE_IMAGES_MAX } from "./images.server";
import type { ServiceImagesAnswer } from "./service-image";
import { IMAGE_MAX_BYTES } from "~/features/profile/schema";
import { IMAGE_UPLOAD_LIMIT } from "~/features/profile/upload-route.server";
import { refusedImages } from "~/i18n/errors.de";
import { de } from "~/i18n/de";
import { serviceImageFieldDe } from "~/i18n/service-image-field.de";
import { AppError, isAppError } from "~/lib/errors";
import { readForm } from "~/lib/forms.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { database, optionalUser } from "~/lib/request-context.server";
import { failureOf } from "~/lib/responses.server";
import type { Database } from "~/lib/db.server";
import { getStorage } from "~/lib/storage.server";
import { readMultipart } from "~/lib/uploads.server";
import type { RouterContextProvider } from "react-router";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Removing and reordering images, per user: generous for a person arranging six pictures (each
 * click is one request), a stop for a script renumbering rows in a loop.
 */
export const IMAGE_CHANGE_LIMIT = { window: 10 * 60, max: 120 };

/** The multipart reader's cut-offs for image uploads: 5 MB a file, six files a request. */
export const SERVICE_IMAGE_FILES = { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: SERVICE_IMAGES_MAX };

function answer(body: ServiceImagesAnswer, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** A refused upload or change as the field shows it (also the service form's plain posts). */
export function imageRefusal(error: unknown, title: string): { refused: Extract<ServiceImagesAnswer, { ok: false }>; status: number } {
  const { failure, status } = failureOf(error, "service images");
  const message = failure.reason === "unexpected" ? serviceImageFieldDe.uploadFailedText : failure.message;
  const details = isAppError(error) && error.reason === "images_refused" ? refusedImages(error.params) : undefined;
  // A refused file reads as the gallery's: 'Upload-Validierung fehlgeschlagen'.
  const heading = failure.reason === "images_refused" ? de.profile.gallery.validationFailed : title;
  return { refused: { ok: false, reason: failure.reason, title: heading, message, details }, status };
}

function refusal(error: unknown, title: string) {
  const { refused, status } = imageRefusal(error, title);
  return answer(refused, status);
}

/** Counts an upload or a change against the user's limit (refused with 429 past it). */
export async function countImageRequest(db: Database, userId: string, kind: "upload" | "change") {
  const limit =
    kind === "upload"
      ? await consumeRateLimit(db, `app:image-upload:${userId}`, IMAGE_UPLOAD_LIMIT)
      : await consumeRateLimit(db, `app:image-change:${userId}`, IMAGE_CHANGE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "rate_limited");
}

// The resource routes of the service form's image field (routes/api.service-images.ts, api.service-image.ts).

/**
 * POST /api/service-images: uploads (field `images`, several at once) to the service `serviceId`
 * of the signed-in owner, or without `serviceId` to the owner's drafts for the create form.
 * Shares the image upload rate limit of the profile.
 */
export async function uploadServiceImages(args: Args) {
  try {
    const user = await optionalUser(args);
    if (!user) throw new AppError("UNAUTHORIZED", "sign_in_required");
    const db = await database(args.context);
    await countImageRequest(db, user.id, "upload");
    const { fields, files } = await readMultipart(args.request, SERVICE_IMAGE_FILES);
    const serviceId = fields.serviceId ? fields.serviceId : undefined;
    const { images } = await addServiceImages(db, getStorage(), { actorId: user.id, serviceId, files });
    return answer({ ok: true, images, added: files.length });
  } catch (error) {
    return refusal(error, serviceImageFieldDe.uploadFailed);
  }
}

/** POST /api/service-images/{imageId}: `intent` remove, or cover / earlier / later. */
export async function changeServiceImage(args: Args & { params: { imageId?: string } }) {
  try {
    const user = await optionalUser(args);
    if (!user) throw new AppError("UNAUTHORIZED", "sign_in_required");
    const db = await database(args.context);
    await countImageRequest(db, user.id, "change");
    const form = await readForm(args.request);
    const imageId = args.params.imageId;
    const { images } =
      form.intent === "remove"
        ? await removeServiceImage(db, getStorage(), { actorId: user.id, imageId })
        : await moveServiceImage(db, { actorId: user.id, imageId, move: form.intent });
    return answer({ ok: true, images });
  } catch (error) {
    return refusal(error, serviceImageFieldDe.changeFailed);
  }
}
