import { and, eq, sql } from "drizzle-orm";
import { conversations, orders, profiles, services, type ConversationKind } from "~/db/schema";
import { blockStateBetween } from "~/features/blocks/blocks.server";
import { isServiceId } from "~/features/services/service-id";
import { rowsOf, type Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import type { ChatView } from "./message-text";
import { orderedPair } from "./pair";

/**
 * Conversations (architecture.md section 3): two users, about a service (shown under /chats) or
 * direct (under /live-chat). Starting one, finding one the user takes part in, listing them.
 */

export const VIEW_PATH: Record<ChatView, string> = { service: "/chats", live: "/live-chat" };

/** The view that shows a conversation of this kind. */
export function viewOf(kind: ConversationKind): ChatView {
  // An order's conversation is about a service too: it is listed under /chats with the order named.
  return kind === "direct" ? "live" : "service";
}

/** The kinds a view lists. */
const KINDS_OF_VIEW: Record<ChatView, ConversationKind[]> = { service: ["service", "order"], live: ["direct"] };

export interface ConversationRef {
  id: string;
  kind: ConversationKind;
  serviceId: string | null;
  orderId: string | null;
  user1Id: string | null;
  user2Id: string | null;
}

/** The lookup of the conversation of two users of a kind (about a service, or direct). */
function samePair(kind: ConversationKind, user1Id: string, user2Id: string, serviceId: string | null) {
  return and(
    eq(conversations.kind, kind),
    eq(conversations.user1Id, user1Id),
    eq(conversations.user2Id, user2Id),
    serviceId ? eq(conversations.serviceId, serviceId) : sql`true`,
  );
}

/** A read of the checks before a chat starts: when the database fails, 'Failed to check existing chats'. */
async function checking<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new AppError("UNAVAILABLE", "chat_check_failed", { cause: error });
  }
}

/** The existing conversation of two users of a kind, or null. */
function findConversation(db: Database, kind: ConversationKind, me: string, other: string, serviceId: string | null): Promise<string | null> {
  const [user1Id, user2Id] = orderedPair(me, other);
  return checking(async () => {
    const [row] = await db.select({ id: conversations.id }).from(conversations).where(samePair(kind, user1Id, user2Id, serviceId)).limit(1);
    return row?.id ?? null;
  });
}

/**
 * The conversation of two users about a service (or directly, without one): the existing one
 * is reused, else one is created. Concurrent starts meet on the unique index and get the same row.
 * When the database fails, the spec's texts tell which step did: 'Failed to check existing chats'
 * (chat_check_failed) or 'Failed to create chat' (chat_create_failed).
 *
 * While a block stands (ADR 024) the blocked person starts nothing (the neutral refusal, as for a
 * message); the blocker may open a conversation that exists (it shows the block and the way to
 * lift it) but no new one, which would appear in the other person's list.
 */
async function findOrCreateConversation(
  db: Database,
  kind: ConversationKind,
  me: string,
  other: string,
  serviceId: string | null,
): Promise<string> {
  const block = await checking(() => blockStateBetween(db, me, other));
  if (block.blockedMe) throw new AppError("FORBIDDEN", "message_undeliverable");
  const existing = await findConversation(db, kind, me, other, serviceId);
  if (existing) return existing;
  if (block.blockedByMe) throw new AppError("FORBIDDEN", "blocked_by_you");
  const [user1Id, user2Id] = orderedPair(me, other);
  let created: { id: string } | undefined;
  try {
    [created] = await db
      .insert(conversations)
      .values({ kind, user1Id, user2Id, serviceId })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
  } catch (error) {
    throw new AppError("UNAVAILABLE", "chat_create_failed", { cause: error });
  }
  if (created) return created.id;
  // Someone else created it at the same moment: theirs is ours.
  const raced = await findConversation(db, kind, me, other, serviceId);
  if (!raced) throw new AppError("UNAVAILABLE", "chat_create_failed");
  return raced;
}

/** 'Anbieter kontaktieren' on a service: the buyer's conversation with its owner about it. */
export async function startServiceConversation(db: Database, userId: string, serviceId: string): Promise<string> {
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "chat_service_not_found");
  const [service] = await db.select({ owner: services.createdBy, listed: services.listed }).from(services).where(eq(services.id, serviceId));
  // Removed by moderation or its provider suspended: missing for everyone but its author (ADR 023).
  if (!service || (!service.listed && service.owner !== userId)) throw new AppError("NOT_FOUND", "chat_service_not_found");
  if (service.owner === userId) throw new AppError("FORBIDDEN", "chat_own_service");
  return findOrCreateConversation(db, "service", userId, service.owner, serviceId);
}

/** 'Nachricht senden' on a public profile: the direct conversation of the two users. */
export async function startDirectConversation(db: Database, userId: string, otherUserId: string): Promise<string> {
  if (otherUserId === userId) throw new AppError("INVALID", "chat_self");
  const [other] = await db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, otherUserId));
  if (!other) throw new AppError("NOT_FOUND", "chat_user_not_found");
  return findOrCreateConversation(db, "direct", userId, otherUserId, null);
}

/**
 * A conversation the user takes part in (spec section 6, participants only). Unknown:
 * chat_not_found ('Chat not found'); someone else's reads as unknown too (404), with its own
 * reason, chat_forbidden ('You don't have permission to view this chat').
 */
export async function getConversationFor(db: Database, userId: string, conversationId: string): Promise<ConversationRef> {
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND", "chat_not_found");
  const [row] = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      serviceId: conversations.serviceId,
      orderId: conversations.orderId,
      user1Id: conversations.user1Id,
      user2Id: conversations.user2Id,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!row) throw new AppError("NOT_FOUND", "chat_not_found");
  if (row.user1Id !== userId && row.user2Id !== userId) throw new AppError("NOT_FOUND", "chat_forbidden");
  return row;
}

export function otherParticipant(conversation: ConversationRef, userId: string): string | null {
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

/** The order an order's conversation is about: two orders of the same service are told apart by when they were booked. */
export interface OrderRef {
  id: string;
  title: string;
  bookedAt: string;
}

export interface ConversationSummary {
  id: string;
  kind: ConversationKind;
  service: { id: string; title: string } | null;
  /** For an order's conversation: the order, its service's title at booking, and when it was booked. */
  order: OrderRef | null;
  other: PersonView;
  lastMessage: { text: string; fileName: string | null; mine: boolean; createdAt: string } | null;
  createdAt: string;
  unreadCount: number;
}

/**
 * The user's conversations of one kind, latest activity first, with the other person, the last
 * message and the unread count, all computed in one query (nothing stored twice).
 */
export async function listConversations(db: Database, userId: string, view: ChatView, limit = 200): Promise<ConversationSummary[]> {
  const kinds = KINDS_OF_VIEW[view];
  const result = await db.execute(sql`
    select c.id, c.kind, c.created_at, c.service_id, s.title as service_title, c.order_id, o.service_title as order_title, o.created_at as order_booked_at,
      p.user_id as other_id, p.first_name, p.last_name, p.avatar_url, p.username,
      lm.content as last_content, lm.file_name as last_file_name, lm.sender_id as last_sender_id, lm.created_at as last_at,
      (select count(*)::int from messages u
        where u.conversation_id = c.id and u.read = false and u.sender_id is distinct from ${userId}) as unread
    from conversations c
    left join services s on s.id = c.service_id
    left join orders o on o.id = c.order_id
    left join profiles p on p.user_id = case when c.user1_id = ${userId} then c.user2_id else c.user1_id end
    left join lateral (
      select m.content, m.file_name, m.sender_id, m.created_at from messages m
      where m.conversation_id = c.id and (m.removed_at is null or m.sender_id = ${userId}) order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where (c.user1_id = ${userId} or c.user2_id = ${userId}) and c.kind in (${sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )})
    -- Every order's conversation is listed, with the order named, also before anyone wrote in it (issue #18:
    -- each conversation one click from the Chats link); it goes with its order (on delete cascade).
    order by coalesce(c.last_message_at, c.created_at) desc, c.id
    limit ${limit}
  `);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as ConversationKind,
    service: r.service_id ? { id: String(r.service_id), title: String(r.service_title) } : null,
    order: r.order_id ? { id: String(r.order_id), title: String(r.order_title), bookedAt: toIso(r.order_booked_at) } : null,
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
  const [order] = conversation.orderId
    ? await db.select({ id: orders.id, title: orders.serviceTitle, bookedAt: orders.createdAt }).from(orders).where(eq(orders.id, conversation.orderId))
    : [];
  return {
    id: conversation.id,
    kind: conversation.kind,
    order: order ? ({ ...order, bookedAt: order.bookedAt.toISOString() } satisfies OrderRef) : null,
    other: person(other ? otherId : null, other?.firstName ?? null, other?.lastName ?? null, other?.avatarUrl ?? null, other?.username ?? null),
    service: service ?? null,
  };
}
