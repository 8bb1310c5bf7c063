import { ATTACHMENT_MAX_BYTES } from "~/db/schema";
import { receiveAttachment } from "~/features/messaging/attachments.server";
import type { Database } from "~/lib/db.server";
import { ordersDe } from "~/i18n/orders.de";
import { AppError, isAppError, type ErrorReason } from "~/lib/errors";
import { log } from "~/lib/log.server";
import type { ScreenTexts } from "~/lib/responses.server";
import { orderFileKey, type FileStorage } from "~/lib/storage.server";
import { streamMultipart } from "~/lib/uploads.server";
import { DELIVERY_FILES_FIELD, DELIVERY_FILES_MAX } from "./limits";
import { deliverOrder, orderForParty } from "./orders.server";

const fileTexts = ordersDe.actions.deliveryFileErrors;

/**
 * The delivery form's words for refusals of the shared upload rules: German, with the limits and
 * kinds its label names. The service chat, whose rules these are, words them in the spec's English.
 */
export const DELIVERY_TEXTS: ScreenTexts = {
  attachment_too_large: fileTexts.someTooLarge,
  attachment_type: fileTexts.someType,
  attachment_upload_failed: fileTexts.uploadFailed,
  too_many_files: fileTexts.tooMany(DELIVERY_FILES_MAX),
};

const FILE_REASONS: ReadonlySet<ErrorReason> = new Set(Object.keys(DELIVERY_TEXTS) as ErrorReason[]);

/** A refusal of one file, named at the file field (with up to three files, "a file" would leave the user guessing). */
function namedRefusal(error: unknown, name: string): unknown {
  if (!isAppError(error)) return error;
  const text = error.reason === "attachment_too_large" ? fileTexts.tooLarge(name) : error.reason === "attachment_type" ? fileTexts.type(name) : null;
  if (!text) return error;
  return new AppError(error.code, error.reason, { fieldErrors: { [DELIVERY_FILES_FIELD]: text }, params: error.params, cause: error });
}

/**
 * A delivery from its multipart form: the note and up to three files, each received by the chat
 * attachment rules (type from the first bytes, 10 MB cut off while streaming, the live chat's
 * kinds: images, PDF, text, Word) straight into the store under the provider's `order-files/`
 * folder, then the transition writes their rows. A refused request keeps nothing: the form
 * reader discards every received file, and a transition refused after that removes them too.
 * A refusal of the files names the file field; `submitted` gets the fields as they are read (the
 * note), so a page without JavaScript can show them again.
 */
export async function deliverFromRequest(
  db: Database,
  storage: FileStorage,
  request: Request,
  actorId: string,
  orderId: string,
  submitted: Record<string, string> = {},
) {
  // Only the provider of an order in progress gets to upload anything (a cheap check first; the transition decides).
  const { party, order } = await orderForParty(db, orderId, actorId);
  if (party !== "seller") throw new AppError("FORBIDDEN", "order_wrong_party");
  if (order.status !== "in_progress") throw new AppError("CONFLICT", "order_state_changed");
  let body;
  try {
    body = await streamMultipart(
      request,
      { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: DELIVERY_FILES_MAX },
      {
        receive: (incoming) =>
          receiveAttachment(storage, incoming, { userId: actorId, view: "live", keyFor: (ext) => orderFileKey(actorId, ext) }).catch((error: unknown) => {
            throw namedRefusal(error, incoming.name);
          }),
        discard: (stored) => storage.delete(stored.key),
      },
      submitted,
    );
  } catch (error) {
    // Too many files, or a file the store could not take: also said at the file field.
    if (isAppError(error) && FILE_REASONS.has(error.reason) && !error.fieldErrors) {
      throw new AppError(error.code, error.reason, { field: DELIVERY_FILES_FIELD, params: error.params, cause: error.cause ?? error });
    }
    throw error;
  }
  const files = body.files.map((file) => ({ key: file.key, name: file.name, type: file.mime, size: file.size }));
  try {
    return await deliverOrder(db, { actorId, orderId, input: body.fields, files });
  } catch (error) {
    await Promise.all(
      files.map((file) => storage.delete(file.key).catch((err: unknown) => log.error({ err, key: file.key }, "A refused delivery's file could not be removed"))),
    );
    throw error;
  }
}
