import { ATTACHMENT_MAX_BYTES } from "~/db/schema";
import { checkAttachment } from "~/features/messaging/attachments.server";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { log } from "~/lib/log.server";
import { orderFileKey, type FileStorage } from "~/lib/storage.server";
import { readMultipart } from "~/lib/uploads.server";
import { DELIVERY_FILES_MAX } from "./limits";
import { deliverOrder, orderForParty, type DeliveredFile } from "./orders.server";

/**
 * A delivery from its multipart form: the note and up to three files, each checked by the chat
 * attachment rules (type from the bytes, 10 MB, the live chat's kinds: images, PDF, text, Word),
 * stored under the provider's folder, then the transition writes their rows. If anything after
 * storing fails, the stored files are removed again: nothing is left without its order.
 */
export async function deliverFromRequest(db: Database, storage: FileStorage, request: Request, actorId: string, orderId: string) {
  // Only the provider of an order in progress gets to upload anything (a cheap check first; the transition decides).
  const { party, order } = await orderForParty(db, orderId, actorId);
  if (party !== "seller") throw new AppError("FORBIDDEN", "order_wrong_party");
  if (order.status !== "in_progress") throw new AppError("CONFLICT", "order_state_changed");
  const body = await readMultipart(request, { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: DELIVERY_FILES_MAX });
  const checked = [];
  for (const file of body.files) checked.push({ file, detected: await checkAttachment("live", file) });
  const stored: DeliveredFile[] = [];
  try {
    for (const { file, detected } of checked) {
      const key = orderFileKey(actorId, detected.ext);
      try {
        await storage.put(key, file.data);
      } catch (error) {
        throw new AppError("UNAVAILABLE", "attachment_upload_failed", { cause: error });
      }
      stored.push({ key, name: file.name, type: detected.mime, size: file.size });
    }
    return await deliverOrder(db, { actorId, orderId, input: body.fields, files: stored });
  } catch (error) {
    await Promise.all(
      stored.map((file) => storage.delete(file.key).catch((err: unknown) => log.error({ err, key: file.key }, "A refused delivery's file could not be removed"))),
    );
    throw error;
  }
}
