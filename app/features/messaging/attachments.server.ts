import { eq } from "drizzle-orm";
import { conversations, messages } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { chatAttachmentKey, type FileStorage } from "~/lib/storage.server";
import { detectStreamedFile, FileRefusal, type FileKind, type IncomingFile, type StreamedFile } from "~/lib/uploads.server";
import { isUuid } from "~/lib/ids";
import type { ChatView } from "./message-text";

/** A message's attachment: which files a view accepts, receiving them into the store, and serving them to participants. */

const ACCEPTED: Record<ChatView, readonly FileKind[]> = {
  service: ["jpeg", "png", "gif", "webp", "pdf", "text"],
  live: ["jpeg", "png", "gif", "webp", "pdf", "text", "doc", "docx"],
};

/** An attachment in the store, for the message that is about to name it. */
export interface StoredAttachment {
  key: string;
  /** The name the browser gave (display only). */
  name: string;
  size: number;
  mime: string;
}

/**
 * Receives the attached file while it streams in, so it never sits whole in memory: its type is
 * judged from its first bytes (not its name or claimed type) and must be one the view accepts
 * (attachment_type), then the bytes go to the store under a key the server chooses as they
 * arrive. Over 10 MB (attachment_too_large), or text that turns out not to be UTF-8 further in
 * (attachment_type), the store's upload is aborted and nothing is kept. `beforeStoring` may still
 * refuse (the sender's limits) before anything is stored. A failing store is ours, not the
 * sender's (attachment_upload_failed, 503).
 */
export async function receiveAttachment(
  storage: FileStorage,
  file: IncomingFile,
  {
    userId,
    view,
    beforeStoring,
    keyFor = (ext) => chatAttachmentKey(userId, ext),
  }: {
    userId: string;
    view: ChatView;
    beforeStoring?: () => Promise<void>;
    /** Where the file goes (default: the sender's chat attachments; an order's delivery files elsewhere). */
    keyFor?: (ext: string) => string;
  },
): Promise<StoredAttachment> {
  // Whatever the refusal, a file over the limit is answered as too large (as when the type was
  // judged from the whole file): the rest of it is dropped, counting, before the reason is chosen.
  const refuse = async (error: unknown): Promise<never> => {
    file.stream.destroy();
    const { tooLarge } = await file.ended;
    throw tooLarge ? new AppError("INVALID", "attachment_too_large") : error;
  };
  const wrongType = () => new AppError("INVALID", "attachment_type");

  let streamed: StreamedFile | null;
  try {
    streamed = await detectStreamedFile(file);
  } catch (error) {
    // Cut off at the limit while the head was read; anything else means the request broke off.
    if (error instanceof FileRefusal) return refuse(wrongType());
    throw error;
  }
  if (!streamed || !ACCEPTED[view].includes(streamed.detected.kind)) return refuse(wrongType());
  if (beforeStoring) {
    try {
      await beforeStoring();
    } catch (error) {
      streamed.body.destroy();
      return refuse(error);
    }
  }

  const key = keyFor(streamed.detected.ext);
  try {
    await storage.put(key, streamed.body);
  } catch (error) {
    // The store promises that a failed put keeps nothing; an upload that finished although its
    // answer was lost is removed here (and the orphan sweep catches what this misses).
    await storage.delete(key).catch(() => {});
    const failure = streamed.failure();
    if (failure instanceof FileRefusal) return refuse(wrongType());
    // The request broke off: the form reader answers for the whole request.
    if (failure !== undefined) throw failure;
    throw new AppError("UNAVAILABLE", "attachment_upload_failed", { cause: error });
  }
  return { key, name: file.name, size: streamed.size(), mime: streamed.detected.mime };
}

/** Where a message's attachment is served (participants only, see getAttachment). */
export function attachmentUrl(messageId: string): string {
  return `/api/attachments/${messageId}`;
}

/** The stored file of a message, for one of its conversation's two participants only. */
export async function getAttachment(db: Database, userId: string, messageId: string) {
  if (!isUuid(messageId)) return null;
  const [row] = await db
    .select({ key: messages.fileKey, name: messages.fileName, user1Id: conversations.user1Id, user2Id: conversations.user2Id, senderId: messages.senderId, removedAt: messages.removedAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  if (!row?.key || (row.user1Id !== userId && row.user2Id !== userId)) return null;
  // A removed message's file is its sender's alone (ADR 023).
  if (row.removedAt && row.senderId !== userId) return null;
  return { key: row.key, name: row.name };
}
