import { sql } from "drizzle-orm";
import { typingSignals } from "~/db/schema";
import { getConversationFor, otherParticipant } from "~/features/messaging/conversations.server";
import { mayReach } from "~/features/messaging/write-access.server";
import { publish } from "~/features/realtime/realtime.server";
import type { Database } from "~/lib/db.server";
import { TYPING_INTERVAL_MS } from "./limits";

export interface SignalTypingOptions {
  userId: string;
  conversationId: string;
  /** When the signal came in (tests pass their own clock). */
  now?: Date;
}

/**
 * "I am typing" from a participant: the other participant hears `{ type: "typing",
 * conversationId, userId }` (ids only), at most once per TYPING_INTERVAL_MS per sender and
 * conversation. The throttle is one conditional upsert on the sender's row, so two processes
 * receiving signals at the same moment publish once: the second waits on the row lock and then
 * finds the time already taken. Someone else's conversation is NOT_FOUND (404), and nothing is
 * written or published. Returns whether an event went out.
 */
export async function signalTyping(db: Database, { userId, conversationId, now = new Date() }: SignalTypingOptions): Promise<boolean> {
  const conversation = await getConversationFor(db, userId, conversationId);
  const other = otherParticipant(conversation, userId);
  if (!other) return false; // the other account is gone: nobody to tell
  // Nobody types to or hears typing from a person blocked either way (ADR 024): answered like a throttled signal.
  if (!(await mayReach(db, conversation, userId))) return false;
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(typingSignals)
      .values({ conversationId: conversation.id, userId, lastAt: now })
      .onConflictDoUpdate({
        target: [typingSignals.conversationId, typingSignals.userId],
        set: { lastAt: now },
        setWhere: sql`${typingSignals.lastAt} <= ${now.toISOString()}::timestamptz - make_interval(secs => ${TYPING_INTERVAL_MS / 1000})`,
      })
      .returning({ lastAt: typingSignals.lastAt });
    if (taken.length === 0) return false;
    await publish(tx, [other], { type: "typing", conversationId: conversation.id, userId });
    return true;
  });
}
