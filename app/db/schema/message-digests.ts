import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Per user, what the e-mail digest of unread messages has covered (features/notifications/
 * message-digest.server.ts, ADR 020). `covered_until`: every message created up to this time was
 * considered by a digest (mailed if it was unread then), so no later digest names it again.
 * `sent_at`: when the last digest went out (at most one per hour). The row is also the lock that
 * makes two job runs (two processes) send one digest: each claims the user with SELECT … FOR UPDATE.
 */
export const messageDigests = pgTable("message_digests", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  coveredUntil: timestamp("covered_until", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
