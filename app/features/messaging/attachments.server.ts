import { eq } from "drizzle-orm";
import { ATTACHMENT_MAX_BYTES, conversations, messages } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { chatAttachmentKey, type FileStorage } from "~/lib/storage.server";
import { detectFile, type DetectedFile, type FileKind, type ReceivedFile } from "~/lib/uploads.server";
import { isUuid } from "~/lib/ids";
import type { ChatView } from "./message-text";

/** A message's attachment: which files a view accepts, storing them, and serving them to participants. */

const ACCEPTED: Record<ChatView, readonly FileKind[]> = {
  service: ["jpeg", "png", "gif", "webp", "pdf", "text"],
  live: ["jpeg", "png", "gif", "webp", "pdf", "text", "doc", "docx"],
};

/**
 * What the attached file is, judged from its bytes (not its name or claimed type): at most
 * 10 MB (attachment_too_large) and of a type the view accepts (attachment_type).
 */
export async function checkAttachment(view: ChatView, file: ReceivedFile): Promise<DetectedFile> {
  if (file.tooLarge || file.size > ATTACHMENT_MAX_BYTES) throw new AppError("INVALID", "attachment_too_large");
  const detected = await detectFile(file.data, file.name);
  if (!detected || !ACCEPTED[view].includes(detected.kind)) throw new AppError("INVALID", "attachment_type");
  return detected;
}

/** Stores a checked file under a key the server chooses; a storage failure is ours, not the sender's (503). */
export async function storeAttachment(storage: FileStorage, userId: string, file: ReceivedFile, detected: DetectedFile): Promise<string> {
  const key = chatAttachmentKey(userId, detected.ext);
  try {
    await storage.put(key, file.data);
  } catch (error) {
    throw new AppError("UNAVAILABLE", "attachment_upload_failed", { cause: error });
  }
  return key;
}

/** Where a message's attachment is served (participants only, see getAttachment). */
export function attachmentUrl(messageId: string): string {
  return `/api/attachments/${messageId}`;
}

/** The stored file of a message, for one of its conversation's two participants only. */
export async function getAttachment(db: Database, userId: string, messageId: string) {
  if (!isUuid(messageId)) return null;
  const [row] = await db
    .select({ key: messages.fileKey, name: messages.fileName, user1Id: conversations.user1Id, user2Id: conversations.user2Id })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  if (!row?.key || (row.user1Id !== userId && row.user2Id !== userId)) return null;
  return { key: row.key, name: row.name };
}
