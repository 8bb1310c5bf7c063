import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { ATTACHMENT_MAX_BYTES, MESSAGE_TEXT_MAX } from "../../features/messaging/limits";
import { orders } from "./orders";
import { services } from "./services";

export { ATTACHMENT_MAX_BYTES, MESSAGE_TEXT_MAX };
export const CONVERSATION_KINDS = ["service", "direct", "order"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/**
 * One messaging model behind both chat views (architecture.md section 3):
 * a conversation about a service is shown under /chats, one without a service
 * (a direct conversation) under /live-chat. The two user ids are stored in a
 * fixed order (user1_id < user2_id) so that "the conversation of these two
 * users" is one unique row. A participant's account deletion keeps the
 * messages: the id becomes null and the sender shows as 'Unknown User'.
 *
 * `kind` is fixed at creation: a service conversation stays one (and stays under /chats) even
 * when its service is deleted and `service_id` becomes null, and it never collides with the
 * one direct conversation of the same two users.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user1Id: text("user1_id").references(() => user.id, { onDelete: "set null" }),
    user2Id: text("user2_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind", { enum: CONVERSATION_KINDS }).notNull(),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    /** The order an "order" conversation belongs to (one each); shown under /chats with the order named. */
    orderId: uuid("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Byte order, as the application orders the pair (features/messaging/pair.ts), whatever the
    // database's default collation is.
    check("conversations_users_ordered", sql`${t.user1Id} < ${t.user2Id} collate "C"`),
    check("conversations_kind_valid", sql`${t.kind} in ('service', 'direct', 'order')`),
    check("conversations_direct_has_no_service", sql`${t.kind} = 'service' or ${t.serviceId} is null`),
    check("conversations_order_has_order", sql`(${t.kind} = 'order') = (${t.orderId} is not null)`),
    uniqueIndex("conversations_service_pair_idx")
      .on(t.user1Id, t.user2Id, t.serviceId)
      .where(sql`${t.serviceId} is not null`),
    uniqueIndex("conversations_direct_pair_idx").on(t.user1Id, t.user2Id).where(sql`${t.kind} = 'direct'`),
    index("conversations_user1_idx").on(t.user1Id, t.lastMessageAt.desc()),
    index("conversations_user2_idx").on(t.user2Id, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    /** The typed text (may be empty when a file is attached); views derive the file-only texts. */
    content: text("content").notNull().default(""),
    /** Storage key of a private attachment; served to the two participants only. */
    fileKey: text("file_key"),
    fileUrl: text("file_url"),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by moderation (ADR 023): the recipient no longer sees it; its sender sees why. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * The one-time token of the form that sent it (hidden field `sendToken`): a second post with the
     * same token (a double click on "Senden" without JavaScript, a retry after a lost answer) stores
     * nothing and answers with this message. Null for sends without one.
     */
    sendToken: uuid("send_token"),
  },
  (t) => [
    check("messages_content_length", sql`char_length(${t.content}) <= ${sql.raw(String(MESSAGE_TEXT_MAX))}`),
    check("messages_text_or_file", sql`char_length(btrim(${t.content})) > 0 or ${t.fileKey} is not null`),
    check(
      "messages_file_size",
      sql`${t.fileSize} is null or (${t.fileSize} >= 0 and ${t.fileSize} <= ${sql.raw(String(ATTACHMENT_MAX_BYTES))})`,
    ),
    index("messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    // Rate limit (5 per minute per sender) counts recent rows of one sender.
    index("messages_sender_recent_idx").on(t.senderId, t.createdAt),
    index("messages_unread_idx").on(t.conversationId, t.senderId).where(sql`${t.read} = false`),
    // The storage sweep asks which stored attachments a message still names.
    index("messages_file_key_idx").on(t.fileKey).where(sql`${t.fileKey} is not null`),
    // A token counts per sender and conversation, so nobody else's token can touch one's messages.
    uniqueIndex("messages_send_token_idx").on(t.senderId, t.conversationId, t.sendToken).where(sql`${t.sendToken} is not null`),
  ],
);
