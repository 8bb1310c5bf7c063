import { data, redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { getDatabase, type Database } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { getStorage, type FileStorage } from "~/lib/storage.server";
import { readMultipart, type ReceivedFile } from "~/lib/uploads.server";
import { UploadRefusal } from "./images.server";
import { IMAGE_MAX_BYTES } from "./schema";
import type { UploadAnswer } from "./upload-client";

/** Image uploads per account (avatar and gallery together), per ten minutes. */
export const IMAGE_UPLOAD_LIMIT = { window: 10 * 60, max: 40 };

interface UploadWork {
  maxFiles: number;
  /** Title of the toast when something unexpected fails. */
  failureTitle: string;
  failureMessage: string;
  run(args: { db: Database; storage: FileStorage; actorId: string; files: ReceivedFile[] }): Promise<{ answer: UploadAnswer & { ok: true }; flash: FlashToast }>;
}

/**
 * The shared frame of the upload routes: signed-in check, a rate limit, the streaming multipart
 * reader with the 5 MB cut-off, then the use-case. Scripts get JSON (with upload progress on the
 * page); a plain form post without JavaScript goes back to /profile with a toast.
 */
export async function handleImageUpload(request: Request, work: UploadWork): Promise<Response> {
  const navigation = request.headers.get("Sec-Fetch-Mode") === "navigate";
  const answer = async (result: UploadAnswer, status: number, flash: FlashToast): Promise<Response> => {
    if (navigation) throw redirect("/profile", { headers: { "Set-Cookie": await setFlashToast(flash) } });
    return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
  };
  const refuse = (status: number, title: string, message: string, details?: string[]) =>
    answer({ ok: false, title, message, details }, status, { type: "error", title, description: message });

  const user = await getSessionUser(request);
  if (!user) return refuse(401, work.failureTitle, de.auth.errors.generic);
  const { db } = await getDatabase();
  const limit = await consumeRateLimit(db, `app:image-upload:${user.id}`, IMAGE_UPLOAD_LIMIT);
  if (!limit.allowed) return refuse(429, work.failureTitle, de.auth.errors.rateLimited);
  try {
    const { files } = await readMultipart(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: work.maxFiles });
    const { answer: ok, flash } = await work.run({ db, storage: getStorage(), actorId: user.id, files });
    return answer(ok, 200, flash);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof UploadRefusal) return refuse(error.status, error.title, error.message, error.details);
    if (isAppError(error)) return refuse(error.status, work.failureTitle, error.message);
    console.error("Image upload failed:", error);
    return refuse(500, work.failureTitle, work.failureMessage);
  }
}

export function notFoundOnGet(): never {
  throw data(null, { status: 404 });
}
