import { data, redirect, type RouterContextProvider } from "react-router";
import { refusedImages } from "~/i18n/errors.de";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError, isAppError, type ErrorReason } from "~/lib/errors";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { database, optionalUser, requireUser } from "~/lib/request-context.server";
import { failureOf } from "~/lib/responses.server";
import { getStorage, type FileStorage } from "~/lib/storage.server";
import { isNavigation } from "~/lib/request-kind.server";
import { readMultipart, type ReceivedFile } from "~/lib/uploads.server";
import { IMAGE_MAX_BYTES } from "./schema";
import type { UploadAnswer, UploadSuccess } from "./upload-client";

/** Image uploads per account (avatar and gallery together), per ten minutes. */
export const IMAGE_UPLOAD_LIMIT = { window: 10 * 60, max: 40 };

export type UploadKind = "avatar" | "gallery";

/**
 * The toast of a refused upload, per kind (spec section 8, "Profile"): its title for a reason,
 * and the text when something unexpected failed. The reason's own words are the toast's text.
 */
const REFUSAL_TOAST: Record<UploadKind, { title(reason: ErrorReason | "unexpected"): string; unexpected: string }> = {
  avatar: {
    title: (reason) => (reason === "profile_not_found" ? de.profile.avatar.error : de.profile.avatar.uploadFailed),
    unexpected: de.profile.avatar.error,
  },
  gallery: {
    title: (reason) => {
      switch (reason) {
        case "gallery_full":
          return de.profile.gallery.limitTitle;
        case "images_refused":
          return de.profile.gallery.validationFailed;
        case "profile_not_found":
          return de.profile.gallery.updateError;
        default:
          return de.profile.gallery.uploadFailed;
      }
    },
    unexpected: de.profile.gallery.uploadFailedText,
  },
};

/** The answer to a refused or failed upload: its status and the toast the profile shows. */
export function uploadRefusal(kind: UploadKind, error: unknown): { answer: UploadAnswer & { ok: false }; status: number } {
  const { failure, status } = failureOf(error, `${kind} upload`);
  const toast = REFUSAL_TOAST[kind];
  const message = failure.reason === "unexpected" ? toast.unexpected : failure.message;
  // The gallery names each refused file on a line of its own.
  const details = isAppError(error) && error.reason === "images_refused" ? refusedImages(error.params) : undefined;
  return { answer: { ok: false, reason: failure.reason, title: toast.title(failure.reason), message, details }, status };
}

interface UploadWork {
  kind: UploadKind;
  maxFiles: number;
  run(args: { db: Database; storage: FileStorage; actorId: string; files: ReceivedFile[] }): Promise<{ answer: UploadSuccess; flash: FlashToast }>;
}

/**
 * The shared frame of the upload routes: signed-in check, a rate limit, the streaming multipart
 * reader with the 5 MB cut-off, then the use-case. Scripts get JSON (with upload progress on the
 * page); a plain form post without JavaScript goes back to /profile with a toast (or, signed out,
 * to the sign-in page and back to the profile).
 */
export async function handleImageUpload(args: { request: Request; context: Readonly<RouterContextProvider> }, work: UploadWork): Promise<Response> {
  const navigation = isNavigation(args.request);
  const answer = async (result: UploadAnswer, status: number, flash: FlashToast): Promise<Response> => {
    if (navigation) return redirect("/profile", { status: 303, headers: { "Set-Cookie": await setFlashToast(flash) } });
    return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
  };

  try {
    const user = navigation ? await requireUser(args, { redirectTo: "/profile" }) : await optionalUser(args);
    if (!user) throw new AppError("UNAUTHORIZED", "sign_in_required");
    const db = await database(args.context);
    const limit = await consumeRateLimit(db, `app:image-upload:${user.id}`, IMAGE_UPLOAD_LIMIT);
    if (!limit.allowed) throw new AppError("RATE_LIMITED", "rate_limited");
    const { files } = await readMultipart(args.request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: work.maxFiles });
    const { answer: ok, flash } = await work.run({ db, storage: getStorage(), actorId: user.id, files });
    return await answer(ok, 200, flash);
  } catch (error) {
    const { answer: refused, status } = uploadRefusal(work.kind, error);
    return answer(refused, status, { type: "error", title: refused.title, description: refused.message });
  }
}

export function notFoundOnGet(): never {
  throw data(null, { status: 404 });
}
