import { and, eq, sql } from "drizzle-orm";
import { messages } from "~/db/schema";
import { markConversationNotificationsRead } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { rowsOf, type Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { removalDecisionIds } from "~/features/moderation/removals.server";
import { getConversationFor, otherParticipant } from "./conversations.server";
import { mayReach } from "./write-access.server";

/** Reading a conversation's messages: pages, catch-up, read flags and the unread count. */

export const MESSAGES_PAGE = 50;
/** Catch-up re-reads this far before the last message seen: ids and times are not in commit order. */
const CATCH_UP_OVERLAP = "30 seconds";

export interface MessageView {
  id: string;
  senderId: string | null;
  mine: boolean;
  content: string;
  file: { url: string; name: string; type: string; size: number } | null;
  read: boolean;
  createdAt: string;
  /** Removed by moderation: only its sender still sees it, marked so (ADR 023). */
  removed?: boolean;
  /** For its sender: the decision that removed it, where they read why and may object. */
  removalDecisionId?: string;
}

/** The columns a message is shown from (also what a send returns). */
export const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  content: messages.content,
  fileUrl: messages.fileUrl,
  fileName: messages.fileName,
  fileType: messages.fileType,
  fileSize: messages.fileSize,
  read: messages.read,
  createdAt: messages.createdAt,
  removedAt: messages.removedAt,
};

/** A removed message is its sender's alone (ADR 023). */
function visibleTo(userId: string) {
  return sql`(${messages.removedAt} is null or ${messages.senderId} = ${userId})`;
}

type MessageRow = Pick<
  typeof messages.$inferSelect,
  "id" | "senderId" | "content" | "fileUrl" | "fileName" | "fileType" | "fileSize" | "read" | "createdAt"
> & { removedAt?: Date | null };

export function toMessageView(row: MessageRow, userId: string): MessageView {
  return {
    id: row.id,
    senderId: row.senderId,
    mine: row.senderId === userId,
    content: row.content,
    file:
      row.fileUrl && row.fileName
        ? { url: row.fileUrl, name: row.fileName, type: row.fileType ?? "application/octet-stream", size: row.fileSize ?? 0 }
        : null,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    ...(row.removedAt ? { removed: true } : {}),
  };
}

/** The sender's removed messages get the decision that removed them (a lookup only when there are any). */
async function withRemovalDecisions(db: Database, userId: string, views: MessageView[]): Promise<MessageView[]> {
  const removed = views.filter((m) => m.removed && m.mine).map((m) => m.id);
  if (removed.length === 0) return views;
  const decisions = await removalDecisionIds(db, { kind: "message", itemIds: removed, authorId: userId });
  return views.map((m) => {
    const removalDecisionId = decisions.get(m.id);
    return removalDecisionId ? { ...m, removalDecisionId } : m;
  });
}

export interface MessagePage {
  messages: MessageView[];
  /** Whether there are earlier messages than the first one returned. */
  hasEarlier: boolean;
}

/**
 * Messages of a conversation, oldest first, 50 at a time: the latest page, or the page before
 * a given message (load earlier). Participants only.
 */
export async function listMessages(
  db: Database,
  userId: string,
  conversationId: string,
  { before }: { before?: string | null } = {},
): Promise<MessagePage> {
  await getConversationFor(db, userId, conversationId);
  const cursor = before && isUuid(before) ? before : null;
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        visibleTo(userId),
        cursor
          ? sql`(${messages.createdAt}, ${messages.id}) < (select m2.created_at, m2.id from messages m2 where m2.id = ${cursor} and m2.conversation_id = ${conversationId})`
          : undefined,
      ),
    )
    .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
    .limit(MESSAGES_PAGE + 1);
  const hasEarlier = rows.length > MESSAGES_PAGE;
  const views = rows.slice(0, MESSAGES_PAGE).reverse().map((r) => toMessageView(r, userId));
  return { messages: await withRemovalDecisions(db, userId, views), hasEarlier };
}

/**
 * Catch-up after a (re)connect or an event: every message from shortly before the given one on
 * (an overlap, because a message that committed late may carry an earlier time); the browser
 * de-duplicates by id. Without a known message it is the latest page.
 */
export async function messagesSince(db: Database, userId: string, conversationId: string, afterId: string | null): Promise<MessageView[]> {
  await getConversationFor(db, userId, conversationId);
  if (!afterId || !isUuid(afterId)) return (await listMessages(db, userId, conversationId)).messages;
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        visibleTo(userId),
        sql`${messages.createdAt} >= coalesce(
          (select m2.created_at from messages m2 where m2.id = ${afterId} and m2.conversation_id = ${conversationId}),
          now() - interval '1 hour'
        ) - interval ${sql.raw(`'${CATCH_UP_OVERLAP}'`)}`,
      ),
    )
    .orderBy(sql`${messages.createdAt}, ${messages.id}`)
    .limit(500);
  return withRemovalDecisions(
    db,
    userId,
    rows.map((r) => toMessageView(r, userId)),
  );
}

/**
 * Opening a chat marks the other party's messages read (spec: read flag false → true when the
 * recipient opens the chat), and the viewer's notifications about this chat with them (issue
 * #18: the bell clears with the chat). The sender's streams hear of it; both users' counts change.
 * Returns the number of messages marked read.
 */
export async function markConversationRead(db: Database, userId: string, conversationId: string): Promise<number> {
  const conversation = await getConversationFor(db, userId, conversationId);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.read, false), sql`${messages.senderId} is distinct from ${userId}`))
      .returning({ id: messages.id });
    const notes = await markConversationNotificationsRead(tx, userId, conversationId);
    // A blocked person does not see the blocker read their messages live (ADR 024).
    if (updated.length > 0 && (await mayReach(tx, conversation, userId))) {
      await publish(tx, [otherParticipant(conversation, userId)], { type: "message.read", conversationId });
    }
    if (updated.length > 0 || notes > 0) await publish(tx, [userId], { type: "counts" });
    return updated.length;
  });
}

/**
 * Opening a chat page: the viewer's notifications about it become read at once (the messages
 * follow when the browser has shown them, markConversationRead). The caller has checked that the
 * user takes part. Returns whether anything changed.
 */
export async function markConversationNotificationsSeen(db: Database, userId: string, conversationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const notes = await markConversationNotificationsRead(tx, userId, conversationId);
    if (notes > 0) await publish(tx, [userId], { type: "counts" });
    return notes > 0;
  });
}

/** Unread messages across all of the user's conversations (the navigation badge's newMessages). */
export async function countUnreadMessages(db: Database, userId: string): Promise<number> {
  const result = await db.execute(sql`select ${unreadMessagesCount(userId)} as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The count above as a scalar subquery (the page shell reads it with other counts in one query). */
export function unreadMessagesCount(userId: string) {
  return sql`(
    select count(*)::int from messages m
    join conversations c on c.id = m.conversation_id
    where (c.user1_id = ${userId} or c.user2_id = ${userId})
      and m.read = false and m.sender_id is distinct from ${userId}
  )`;
}
