import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ATTACHMENT_MAX_BYTES, conversations, MESSAGE_TEXT_MAX, messages, orders, profiles, services } from "~/db/schema";
import { conversationGroup, createNotification } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { de } from "~/i18n/de";
import { inboxDe } from "~/i18n/inbox.de";
import { rowsOf, type Database } from "~/lib/db.server";
import { AppError, isAppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import type { FileStorage } from "~/lib/storage.server";
import { log } from "~/lib/log.server";
import { streamMultipart } from "~/lib/uploads.server";
import { attachmentUrl, receiveAttachment } from "./attachments.server";
import { getConversationFor, otherParticipant, viewOf, VIEW_PATH } from "./conversations.server";
import { messageColumns, toMessageView, type MessageView } from "./messages.server";
import { SEND_TOKEN_FIELD, sendTokenOf } from "./send-token";
import { assertMayWrite } from "./write-access.server";

/** Sending: the one pipeline every message goes through, and the sender's limits. */

export const RATE_LIMIT = { max: 5, windowSeconds: 60 };
/** Attachments one sender may send per day (beyond the spec: a disk-filling brake). */
export const ATTACHMENT_DAILY_BYTES = 200 * 1024 * 1024;

export interface SendInput {
  /** The signed-in user, or null (refused: sign_in_required). */
  userId: string | null;
  conversationId: string;
  /** The send as it arrives: multipart (text, file) or a plain form; its body is read here. */
  request: Request;
}

/**
 * The one pipeline for every message: authenticate, participants only, read the body with the
 * attachment streaming to the store, validate, rate limit (5 per minute per sender, exact under
 * concurrency), insert, notify the recipient and publish the realtime event when the transaction
 * commits. Refusals name their reason; each chat view words them itself (error-texts.ts).
 *
 * The browser sends the file before the text (form order), and the file is not held in memory
 * to wait for it: it is checked and stored as it arrives, and removed again when the message is
 * refused afterwards, so a refused send leaves nothing behind.
 *
 * A send with the token of one that was stored already (send-token.ts) is the same form posted
 * again: it answers with that message and stores, notifies and counts nothing.
 */
export async function sendMessage(db: Database, storage: FileStorage, input: SendInput): Promise<MessageView> {
  if (!input.userId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const userId = input.userId;
  // Who sends, and to a conversation of theirs, is settled before any upload is read.
  const conversation = await getConversationFor(db, userId, input.conversationId);
  // A block refuses before any upload is read (ADR 024), and again below, where the message is written.
  await assertMayWrite(db, conversation, userId);
  // The conversation decides the rules (accepted types), not what the request claims.
  const view = viewOf(conversation.kind);

  const body = await streamMultipart(
    input.request,
    { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: 1 },
    {
      receive: (incoming) =>
        receiveAttachment(storage, incoming, {
          userId,
          view,
          // A cheap early refusal, so a sender over a limit uploads nothing (the file's size is not
          // known yet: a spent budget refuses); the exact check is in the transaction below.
          beforeStoring: () => checkSendLimits(db, userId, 1),
        }),
      discard: (stored) => storage.delete(stored.key),
    },
  );
  const file = body.files[0] ?? null;
  const id = randomUUID();
  const sendToken = sendTokenOf(body.fields[SEND_TOKEN_FIELD]);

  try {
    const text = (body.fields.text ?? "").trim();
    if (text.length > MESSAGE_TEXT_MAX) throw new AppError("INVALID", "message_too_long");
    if (!text && !file) throw new AppError("INVALID", "message_empty");
    const { row, repeated } = await db.transaction(async (tx) => {
      // One sender's sends take turns here, so counting and inserting cannot interleave:
      // twenty parallel requests store exactly five. It also makes the token's look-up exact:
      // a double click's second post waits here until the first one's message is committed.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"messages:" + userId}))`);
      let token = sendToken;
      if (token) {
        const [earlier] = await tx
          .select(messageColumns)
          .from(messages)
          .where(and(eq(messages.senderId, userId), eq(messages.conversationId, conversation.id), eq(messages.sendToken, token)));
        // The same form posted again carries the same text and file. Anything else under a used
        // token is a new message sent from an old page (Back, a restored tab, an edit after a lost
        // answer): it is stored, without the token, never dropped.
        if (earlier && earlier.content === text && earlier.fileName === (file?.name ?? null) && earlier.fileSize === (file?.size ?? null)) {
          return { row: earlier, repeated: true };
        }
        if (earlier) token = null;
      }
      await checkSendLimits(tx, userId, file?.size ?? 0);
      // The participants as they are now, locked until the message is in: an account deleted while
      // the upload streamed (its id nulled) refuses the message, and a deletion waits for this send.
      const [current] = await tx
        .select({ user1Id: conversations.user1Id, user2Id: conversations.user2Id })
        .from(conversations)
        .where(eq(conversations.id, conversation.id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", "chat_not_found");
      await assertMayWrite(tx, { ...conversation, ...current }, userId);
      const [inserted] = await tx
        .insert(messages)
        .values({
          id,
          conversationId: conversation.id,
          senderId: userId,
          content: text,
          fileKey: file?.key ?? null,
          fileUrl: file ? attachmentUrl(id) : null,
          fileName: file?.name ?? null,
          fileType: file?.mime ?? null,
          fileSize: file?.size ?? null,
          sendToken: token,
        })
        .returning(messageColumns);
      await tx
        .update(conversations)
        .set({ lastMessageAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(conversations.id, conversation.id));

      const recipient = otherParticipant(conversation, userId);
      if (recipient) {
        const [sender] = await tx
          .select({ firstName: profiles.firstName, lastName: profiles.lastName })
          .from(profiles)
          .where(eq(profiles.userId, userId));
        const senderName = displayName(sender?.firstName, sender?.lastName);
        const about = await aboutText(tx, conversation);
        const withAbout = (title: string) => (about ? `${title} ${about}` : title);
        // One unread entry per conversation ("3 neue Nachrichten von … zu „…“"), not one per message.
        await createNotification(tx, {
          kind: "messages",
          userId: recipient,
          title: withAbout(de.messaging.notificationTitle(senderName)),
          message: text || de.messaging.notificationFile(file!.name),
          link: `${VIEW_PATH[view]}/${conversation.id}`,
          group: { key: conversationGroup(conversation.id), title: (count) => withAbout(inboxDe.notifications.grouped(count, senderName)) },
        });
      }
      await publish(tx, [recipient, userId], { type: "message.created", conversationId: conversation.id, messageId: id });
      await publish(tx, [recipient], { type: "counts" });
      return { row: inserted!, repeated: false };
    });
    // The repeated post's own copy of the file is not needed: the first post's message has its file.
    if (repeated && file) await removeStoredFile(storage, file.key);
    return toMessageView(row, userId);
  } catch (error) {
    // Nothing half-done: a refused message or a failed insert leaves no stored file behind.
    if (file) await removeStoredFile(storage, file.key);
    if (isAppError(error)) throw error;
    throw new AppError("UNAVAILABLE", "message_send_failed", { cause: error });
  }
}

/** Removes an attachment no message names; a failure is logged (the storage sweep takes it later). */
function removeStoredFile(storage: FileStorage, key: string): Promise<void> {
  return storage.delete(key).catch((cause: unknown) => log.error({ err: cause, key }, "Could not remove an attachment no message names"));
}

/**
 * The sender's limits: 5 messages per minute (spec) and, beyond the spec, at most
 * ATTACHMENT_DAILY_BYTES of attachments per day, so one account cannot fill the disk.
 * Both are read from the sender's own recent rows (index messages_sender_recent_idx).
 */
async function checkSendLimits(db: Pick<Database, "execute">, userId: string, fileBytes: number) {
  const result = await db.execute(sql`
    select count(*) filter (where created_at > now() - make_interval(secs => ${RATE_LIMIT.windowSeconds}))::int as recent,
      coalesce(sum(file_size), 0)::bigint as bytes
    from messages
    where sender_id = ${userId} and created_at > now() - interval '1 day'
  `);
  const [row] = rowsOf<{ recent: number; bytes: string | number }>(result);
  if (Number(row?.recent ?? 0) >= RATE_LIMIT.max) throw new AppError("RATE_LIMITED", "message_rate_limited");
  if (fileBytes > 0 && Number(row?.bytes ?? 0) + fileBytes > ATTACHMENT_DAILY_BYTES) {
    throw new AppError("RATE_LIMITED", "daily_files_exceeded");
  }
}

/**
 * What a conversation is about, for its notification ("zu „Logo-Design“", "zum Auftrag „…“"):
 * the same person may write about two services, and their entries would read the same. A direct
 * chat is about nothing in particular.
 */
async function aboutText(db: Database, conversation: { orderId: string | null; serviceId: string | null }): Promise<string | null> {
  if (conversation.orderId) {
    const [order] = await db.select({ title: orders.serviceTitle }).from(orders).where(eq(orders.id, conversation.orderId));
    return order ? inboxDe.notifications.aboutOrder(order.title) : null;
  }
  if (conversation.serviceId) {
    const [service] = await db.select({ title: services.title }).from(services).where(eq(services.id, conversation.serviceId));
    return service ? inboxDe.notifications.about(service.title) : null;
  }
  return null;
}
