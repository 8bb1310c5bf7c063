import { and, eq, inArray } from "drizzle-orm";
import { orders } from "~/db/schema";
import { blockStateBetween, type BlockState } from "~/features/blocks/blocks.server";
import { OPEN_ORDER_STATUSES } from "~/features/orders/limits";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { otherParticipant, type ConversationRef } from "./conversations.server";

/**
 * Who may write in a conversation once a block stands between its two people (ADR 024): neither
 * of them, except in the conversation of an order still under way, which stays open so the
 * contract can be completed. Sends, attachments, typing signals and read events all ask here.
 */

type Reader = Pick<Database, "select">;

export interface ConversationBlock extends BlockState {
  /** The conversation of an order still under way: a block leaves it open for both. */
  openOrder: boolean;
}

/** The block between the viewer and the other participant, and whether this conversation is exempt. */
export async function conversationBlock(db: Reader, conversation: ConversationRef, userId: string): Promise<ConversationBlock> {
  const state = await blockStateBetween(db, userId, otherParticipant(conversation, userId));
  if ((!state.blockedByMe && !state.blockedMe) || !conversation.orderId) return { ...state, openOrder: false };
  const [open] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, conversation.orderId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
  return { ...state, openOrder: !!open };
}

/** Whether the two can reach each other here (the other account exists; no block, or an order under way). */
export async function mayReach(db: Reader, conversation: ConversationRef, userId: string): Promise<boolean> {
  if (otherAccountDeleted(conversation, userId)) return false;
  const block = await conversationBlock(db, conversation, userId);
  return block.openOrder || (!block.blockedByMe && !block.blockedMe);
}

/**
 * Whether the other participant's account is gone (deleted: their id in the conversation became
 * null, ADR 007). The conversation stays readable, but nobody is there to write to.
 */
export function otherAccountDeleted(conversation: ConversationRef, userId: string): boolean {
  return otherParticipant(conversation, userId) === null;
}

/**
 * Refuses a write to a deleted account (recipient_deleted: nobody would ever read it) and while a
 * block stands: the blocker is told why (blocked_by_you); the blocked person reads only 'Die
 * Nachricht konnte nicht gesendet werden.' (message_undeliverable).
 */
export async function assertMayWrite(db: Reader, conversation: ConversationRef, userId: string): Promise<void> {
  if (otherAccountDeleted(conversation, userId)) throw new AppError("FORBIDDEN", "recipient_deleted");
  const block = await conversationBlock(db, conversation, userId);
  if (block.openOrder) return;
  if (block.blockedByMe) throw new AppError("FORBIDDEN", "blocked_by_you");
  if (block.blockedMe) throw new AppError("FORBIDDEN", "message_undeliverable");
}
