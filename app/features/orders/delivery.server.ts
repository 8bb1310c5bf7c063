import { ATTACHMENT_MAX_BYTES } from "~/db/schema";
import { receiveAttachment } from "~/features/messaging/attachments.server";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { orderFileKey, type FileStorage } from "~/lib/storage.server";
import { streamMultipart } from "~/lib/uploads.server";
import { DELIVERY_FILES_MAX } from "./limits";
import { deliverOrder, orderForParty } from "./orders.server";

/**
 * A delivery from its multipart form: the note and up to three files, each received by the chat
 * attachment rules (type from the first bytes, 10 MB cut off while streaming, the live chat's
 * kinds: images, PDF, text, Word) straight into the store under the provider's `order-files/`
 * folder, then the transition writes their rows. A refused request keeps nothing: the form
 * reader discards every received file, and a transition refused after that removes them too.
 */
export async function deliverFromRequest(db: Database, storage: FileStorage, request: Request, actorId: string, orderId: string) {
  // Only the provider of an order in progress gets to upload anything (a cheap check first; the transition decides).
  const { party, order } = await orderForParty(db, orderId, actorId);
  if (party !== "seller") throw new AppError("FORBIDDEN", "order_wrong_party");
  if (order.status !== "in_progress") throw new AppError("CONFLICT", "order_state_changed");
  const body = await streamMultipart(
    request,
    { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: DELIVERY_FILES_MAX },
    {
      receive: (incoming) => receiveAttachment(storage, incoming, { userId: actorId, view: "live", keyFor: (ext) => orderFileKey(actorId, ext) }),
      discard: (stored) => storage.delete(stored.key),
    },
  );
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
