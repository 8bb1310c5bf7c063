import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  ATTACHMENT_MAX_BYTES,
  conversations,
  MESSAGE_TEXT_MAX,
  messages,
  profiles,
  services,
  type ConversationKind,
} from "~/db/schema";
import { createNotification } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { isServiceId } from "~/features/services/services.server";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError, type AppErrorCode } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { chatAttachmentKey, type FileStorage } from "~/lib/storage.server";
import { detectFile, type FileKind, type ReceivedFile } from "~/lib/uploads.server";
import type { ChatView } from "./message-text";
import { isUuid } from "~/lib/ids";

/**
 * The messaging domain (architecture.md section 3): conversations between two users, about a
 * service (shown under /chats) or direct (under /live-chat), and one pipeline for every send.
 */

export const MESSAGES_PAGE = 50;
export const RATE_LIMIT = { max: 5, windowSeconds: 60 };
/** Attachments one sender may send per day (beyond the spec: a disk-filling brake). */
export const ATTACHMENT_DAILY_BYTES = 200 * 1024 * 1024;
/** Catch-up re-reads this far before the last message seen: ids and times are not in commit order. */
const CATCH_UP_OVERLAP = "30 seconds";

export { messageText, type ChatView } from "./message-text";

export const VIEW_KIND: Record<ChatView, ConversationKind> = { service: "service", live: "direct" };
export const VIEW_PATH: Record<ChatView, string> = { service: "/chats", live: "/live-chat" };

const ACCEPTED: Record<ChatView, readonly FileKind[]> = {
  service: ["jpeg", "png", "gif", "webp", "pdf", "text"],
  live: ["jpeg", "png", "gif", "webp", "pdf", "text", "doc", "docx"],
};

/** A refusal with the toast title of the view it happened in. */
export class MessagingError extends AppError {
  constructor(
    code: AppErrorCode,
    readonly title: string,
    message: string,
  ) {
    super(code, message);
  }
}

function texts(view: ChatView) {
  const c = de.chats;
  const l = de.liveChat;
  return view === "service"
    ? {
        error: c.validationError,
        authTitle: c.authRequiredTitle,
        auth: c.authRequired,
        tooLargeTitle: c.fileTooLargeTitle,
        tooLarge: c.fileTooLarge,
        typeTitle: c.fileTypeTitle,
        type: c.fileType,
        uploadTitle: c.uploadFailedTitle,
        upload: c.uploadFailed,
        sendTitle: c.sendError,
      }
    : {
        error: l.errorTitle,
        authTitle: l.errorTitle,
        auth: l.authRequired,
        tooLargeTitle: l.fileTooLargeTitle,
        tooLarge: l.fileTooLarge,
        typeTitle: l.fileTypeTitle,
        type: l.fileType,
        uploadTitle: l.errorTitle,
        upload: l.uploadFailed,
        sendTitle: l.errorTitle,
      };
}

// ---- conversations -------------------------------------------------------------------

export interface ConversationRef {
  id: string;
  kind: ConversationKind;
  serviceId: string | null;
  user1Id: string | null;
  user2Id: string | null;
}

function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/**
 * The conversation of two users about a service (or directly, without one): the existing one
 * is reused, else one is created. Concurrent starts meet on the unique index and get the same row.
 */
async function findOrCreateConversation(
  db: Database,
  kind: ConversationKind,
  me: string,
  other: string,
  serviceId: string | null,
): Promise<string> {
  const [user1Id, user2Id] = orderedPair(me, other);
  const match = () =>
    and(
      eq(conversations.kind, kind),
      eq(conversations.user1Id, user1Id),
      eq(conversations.user2Id, user2Id),
      serviceId ? eq(conversations.serviceId, serviceId) : sql`true`,
    );
  // Spec texts: 'Failed to check existing chats' when the lookup fails, 'Failed to create chat' when the insert does.
  const lookup = async () => {
    try {
      const [row] = await db.select({ id: conversations.id }).from(conversations).where(match()).limit(1);
      return row?.id ?? null;
    } catch (error) {
      console.error("Looking up a conversation failed:", error);
      throw new MessagingError("INVALID", de.chats.checkFailed, de.chats.checkFailed);
    }
  };
  const existing = await lookup();
  if (existing) return existing;
  let created: { id: string } | undefined;
  try {
    [created] = await db
      .insert(conversations)
      .values({ kind, user1Id, user2Id, serviceId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
  } catch (error) {
    console.error("Creating a conversation failed:", error);
    throw new MessagingError("INVALID", de.chats.createFailed, de.chats.createFailed);
  }
  if (created) return created.id;
  // Someone else created it at the same moment: theirs is ours.
  const raced = await lookup();
  if (!raced) throw new MessagingError("INVALID", de.chats.createFailed, de.chats.createFailed);
  return raced;
}

/** 'Anbieter kontaktieren' on a service: the buyer's conversation with its owner about it. */
export async function startServiceConversation(db: Database, userId: string, serviceId: string): Promise<string> {
  if (!isServiceId(serviceId)) throw new MessagingError("NOT_FOUND", de.chats.createFailed, de.messaging.serviceNotFound);
  const [service] = await db.select({ owner: services.createdBy }).from(services).where(eq(services.id, serviceId));
  if (!service) throw new MessagingError("NOT_FOUND", de.chats.createFailed, de.messaging.serviceNotFound);
  if (service.owner === userId) throw new MessagingError("FORBIDDEN", de.chats.createFailed, de.messaging.ownService);
  return findOrCreateConversation(db, "service", userId, service.owner, serviceId);
}

/** 'Nachricht senden' on a public profile: the direct conversation of the two users. */
export async function startDirectConversation(db: Database, userId: string, otherUserId: string): Promise<string> {
  if (otherUserId === userId) throw new MessagingError("INVALID", de.liveChat.errorTitle, de.messaging.self);
  const [other] = await db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, otherUserId));
  if (!other) throw new MessagingError("NOT_FOUND", de.liveChat.errorTitle, de.messaging.userNotFound);
  return findOrCreateConversation(db, "direct", userId, otherUserId, null);
}


/**
 * A conversation the user takes part in. Unknown: 'Chat not found'; someone else's:
 * 'You don't have permission to view this chat' (spec section 6, participants only).
 */
export async function getConversationFor(db: Database, userId: string, conversationId: string): Promise<ConversationRef> {
  if (!isUuid(conversationId)) throw new MessagingError("NOT_FOUND", de.chats.chatNotFound, de.chats.chatNotFound);
  const [row] = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      serviceId: conversations.serviceId,
      user1Id: conversations.user1Id,
      user2Id: conversations.user2Id,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!row) throw new MessagingError("NOT_FOUND", de.chats.chatNotFound, de.chats.chatNotFound);
  if (row.user1Id !== userId && row.user2Id !== userId) {
    throw new MessagingError("FORBIDDEN", de.chats.noPermission, de.chats.noPermission);
  }
  return row;
}

function otherParticipant(conversation: ConversationRef, userId: string): string | null {
  return conversation.user1Id === userId ? conversation.user2Id : conversation.user1Id;
}

export interface PersonView {
  userId: string | null;
  name: string;
  firstName: string | null;
  lastName: string | null;
  avatarUrl: string | null;
  username: string | null;
}

export interface ConversationSummary {
  id: string;
  kind: ConversationKind;
  service: { id: string; title: string } | null;
  other: PersonView;
  lastMessage: { text: string; fileName: string | null; mine: boolean; createdAt: string } | null;
  createdAt: string;
  unreadCount: number;
}

/**
 * The user's conversations of one kind, latest activity first, with the other person, the last
 * message and the unread count, all computed in one query (nothing stored twice).
 */
export async function listConversations(db: Database, userId: string, kind: ConversationKind, limit = 200): Promise<ConversationSummary[]> {
  const result = await db.execute(sql`
    select c.id, c.kind, c.created_at, c.service_id, s.title as service_title,
      p.user_id as other_id, p.first_name, p.last_name, p.avatar_url, p.username,
      lm.content as last_content, lm.file_name as last_file_name, lm.sender_id as last_sender_id, lm.created_at as last_at,
      (select count(*)::int from messages u
        where u.conversation_id = c.id and u.read = false and u.sender_id is distinct from ${userId}) as unread
    from conversations c
    left join services s on s.id = c.service_id
    left join profiles p on p.user_id = case when c.user1_id = ${userId} then c.user2_id else c.user1_id end
    left join lateral (
      select m.content, m.file_name, m.sender_id, m.created_at from messages m
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where (c.user1_id = ${userId} or c.user2_id = ${userId}) and c.kind = ${kind}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id
    limit ${limit}
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as ConversationKind,
    service: r.service_id ? { id: String(r.service_id), title: String(r.service_title) } : null,
    other: person(r.other_id as string | null, r.first_name as string | null, r.last_name as string | null, r.avatar_url as string | null, r.username as string | null),
    lastMessage: r.last_at
      ? {
          text: String(r.last_content ?? ""),
          fileName: (r.last_file_name as string | null) ?? null,
          mine: r.last_sender_id === userId,
          createdAt: toIso(r.last_at),
        }
      : null,
    createdAt: toIso(r.created_at),
    unreadCount: Number(r.unread),
  }));
}

function person(userId: string | null, firstName: string | null, lastName: string | null, avatarUrl: string | null, username: string | null): PersonView {
  return { userId, name: displayName(firstName, lastName), firstName, lastName, avatarUrl, username };
}

function toIso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** The header of an open conversation: the other person and the service it is about. */
export async function conversationHeader(db: Database, userId: string, conversation: ConversationRef) {
  const otherId = otherParticipant(conversation, userId);
  const [other] = otherId
    ? await db
        .select({ firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl, username: profiles.username })
        .from(profiles)
        .where(eq(profiles.userId, otherId))
    : [];
  const [service] = conversation.serviceId
    ? await db.select({ id: services.id, title: services.title }).from(services).where(eq(services.id, conversation.serviceId))
    : [];
  return {
    id: conversation.id,
    kind: conversation.kind,
    other: person(other ? otherId : null, other?.firstName ?? null, other?.lastName ?? null, other?.avatarUrl ?? null, other?.username ?? null),
    service: service ?? null,
  };
}

// ---- messages ------------------------------------------------------------------------

export interface MessageView {
  id: string;
  senderId: string | null;
  mine: boolean;
  content: string;
  file: { url: string; name: string; type: string; size: number } | null;
  read: boolean;
  createdAt: string;
}

const messageColumns = {
  id: messages.id,
  senderId: messages.senderId,
  content: messages.content,
  fileUrl: messages.fileUrl,
  fileName: messages.fileName,
  fileType: messages.fileType,
  fileSize: messages.fileSize,
  read: messages.read,
  createdAt: messages.createdAt,
};

type MessageRow = Pick<
  typeof messages.$inferSelect,
  "id" | "senderId" | "content" | "fileUrl" | "fileName" | "fileType" | "fileSize" | "read" | "createdAt"
>;

function toView(row: MessageRow, userId: string): MessageView {
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
  };
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
        cursor
          ? sql`(${messages.createdAt}, ${messages.id}) < (select m2.created_at, m2.id from messages m2 where m2.id = ${cursor} and m2.conversation_id = ${conversationId})`
          : undefined,
      ),
    )
    .orderBy(sql`${messages.createdAt} desc, ${messages.id} desc`)
    .limit(MESSAGES_PAGE + 1);
  const hasEarlier = rows.length > MESSAGES_PAGE;
  return { messages: rows.slice(0, MESSAGES_PAGE).reverse().map((r) => toView(r, userId)), hasEarlier };
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
        sql`${messages.createdAt} >= coalesce(
          (select m2.created_at from messages m2 where m2.id = ${afterId} and m2.conversation_id = ${conversationId}),
          now() - interval '1 hour'
        ) - interval ${sql.raw(`'${CATCH_UP_OVERLAP}'`)}`,
      ),
    )
    .orderBy(sql`${messages.createdAt}, ${messages.id}`)
    .limit(500);
  return rows.map((r) => toView(r, userId));
}

/**
 * Opening a chat marks the other party's messages read (spec: read flag false → true when the
 * recipient opens the chat). The sender's streams hear of it; both users' counts change.
 */
export async function markConversationRead(db: Database, userId: string, conversationId: string): Promise<number> {
  const conversation = await getConversationFor(db, userId, conversationId);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.read, false), sql`${messages.senderId} is distinct from ${userId}`))
      .returning({ id: messages.id });
    if (updated.length > 0) {
      await publish(tx, [otherParticipant(conversation, userId)], { type: "message.read", conversationId });
      await publish(tx, [userId], { type: "counts" });
    }
    return updated.length;
  });
}

/** Unread messages across all of the user's conversations (the navigation badge's newMessages). */
export async function countUnreadMessages(db: Database, userId: string): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from messages m
    join conversations c on c.id = m.conversation_id
    where (c.user1_id = ${userId} or c.user2_id = ${userId})
      and m.read = false and m.sender_id is distinct from ${userId}
  `);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

// ---- sending -------------------------------------------------------------------------

export interface SendInput {
  view: ChatView;
  /** The signed-in user, or null (refused with the view's sign-in text). */
  userId: string | null;
  conversationId: string;
  text: string;
  file: ReceivedFile | null;
}

/**
 * The one pipeline for every message: authenticate, participants only, validate, rate limit
 * (5 per minute per sender, exact under concurrency), store the attachment, insert, notify the
 * recipient and publish the realtime event when the transaction commits.
 */
export async function sendMessage(db: Database, storage: FileStorage, input: SendInput): Promise<MessageView> {
  if (!input.userId) throw new MessagingError("UNAUTHORIZED", texts(input.view).authTitle, texts(input.view).auth);
  const userId = input.userId;
  const conversation = await getConversationFor(db, userId, input.conversationId);
  // The conversation decides the rules (accepted types, texts), not what the request claims.
  const view: ChatView = conversation.kind === "service" ? "service" : "live";
  const t = texts(view);

  const text = input.text.trim();
  if (text.length > MESSAGE_TEXT_MAX) throw new MessagingError("INVALID", t.error, de.messaging.tooLong);
  const file = input.file;
  if (!text && !file) throw new MessagingError("INVALID", t.error, de.messaging.empty);

  let detected: Awaited<ReturnType<typeof detectFile>> = null;
  if (file) {
    if (file.tooLarge || file.size > ATTACHMENT_MAX_BYTES) throw new MessagingError("INVALID", t.tooLargeTitle, t.tooLarge);
    detected = await detectFile(file.data, file.name);
    if (!detected || !ACCEPTED[view].includes(detected.kind)) throw new MessagingError("INVALID", t.typeTitle, t.type);
  }

  // A cheap early refusal, so a sender over a limit uploads nothing; the exact check is below.
  await checkSendLimits(db, userId, file?.size ?? 0, t.error);

  const id = randomUUID();
  let key: string | null = null;
  if (file && detected) {
    key = chatAttachmentKey(userId, detected.ext);
    try {
      await storage.put(key, file.data);
    } catch (error) {
      console.error("Storing a chat attachment failed:", error);
      throw new MessagingError("INVALID", t.uploadTitle, t.upload);
    }
  }

  try {
    const row = await db.transaction(async (tx) => {
      // One sender's sends take turns here, so counting and inserting cannot interleave:
      // twenty parallel requests store exactly five.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"messages:" + userId}))`);
      await checkSendLimits(tx, userId, file?.size ?? 0, t.error);
      const [inserted] = await tx
        .insert(messages)
        .values({
          id,
          conversationId: conversation.id,
          senderId: userId,
          content: text,
          fileKey: key,
          fileUrl: key ? `/api/attachments/${id}` : null,
          fileName: file && key ? file.name : null,
          fileType: detected?.mime ?? null,
          fileSize: file && key ? file.size : null,
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
        await createNotification(tx, {
          userId: recipient,
          title: de.messaging.notificationTitle(displayName(sender?.firstName, sender?.lastName)),
          message: text || de.messaging.notificationFile(file!.name),
          link: `${VIEW_PATH[conversation.kind === "service" ? "service" : "live"]}/${conversation.id}`,
        });
      }
      await publish(tx, [recipient, userId], { type: "message.created", conversationId: conversation.id, messageId: id });
      await publish(tx, [recipient], { type: "counts" });
      return inserted!;
    });
    return toView(row, userId);
  } catch (error) {
    // Nothing half-done: a refused or failed insert leaves no stored file behind.
    if (key) await storage.delete(key).catch(() => {});
    if (error instanceof AppError) throw error;
    console.error("Sending a message failed:", error);
    throw new MessagingError("INVALID", t.sendTitle, view === "service" ? de.chats.sendError : de.liveChat.sendFailed);
  }
}

/**
 * The sender's limits: 5 messages per minute (spec) and, beyond the spec, at most
 * ATTACHMENT_DAILY_BYTES of attachments per day, so one account cannot fill the disk.
 * Both are read from the sender's own recent rows (index messages_sender_recent_idx).
 */
async function checkSendLimits(db: Pick<Database, "execute">, userId: string, fileBytes: number, title: string) {
  const result = await db.execute(sql`
    select count(*) filter (where created_at > now() - make_interval(secs => ${RATE_LIMIT.windowSeconds}))::int as recent,
      coalesce(sum(file_size), 0)::bigint as bytes
    from messages
    where sender_id = ${userId} and created_at > now() - interval '1 day'
  `);
  const row = (result as unknown as { rows: { recent: number; bytes: string | number }[] }).rows[0];
  if (Number(row?.recent ?? 0) >= RATE_LIMIT.max) throw new MessagingError("RATE_LIMITED", title, de.messaging.rateLimited);
  if (fileBytes > 0 && Number(row?.bytes ?? 0) + fileBytes > ATTACHMENT_DAILY_BYTES) {
    throw new MessagingError("RATE_LIMITED", title, de.messaging.dailyFilesExceeded);
  }
}

// ---- attachments ---------------------------------------------------------------------

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
