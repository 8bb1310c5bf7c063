import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { conversations } from "./messaging";

/**
 * Presence and typing (docs/decisions/021-typing-and-presence.md). Event streams live in app
 * processes; these tables are what every process can see of them.
 */

/**
 * One row per open event stream (a browser tab), in whichever process serves it: written when the
 * stream opens, touched by its heartbeat (at most once a minute), deleted when it closes. A row
 * whose process died without closing it simply stops being fresh: "online" means a row seen in the
 * last two minutes, so nothing needs to clean up after a crash for the answer to be right; the
 * hourly prune job removes such rows (prunePresence), keeping their time as the user's last seen.
 */
export const presenceConnections = pgTable(
  "presence_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("presence_connections_user_idx").on(t.userId, t.seenAt)],
);

/**
 * Per user: when the last stream closed (what "zuletzt online" reads once no stream is open) and
 * whether the user shows their status ("Online-Status anzeigen"). No row = never seen, shown.
 */
export const userPresence = pgTable("user_presence", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  showStatus: boolean("show_status").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last typing event published per sender and conversation: the server's throttle (one per
 * 3 s) is a conditional upsert on this row, so it holds across processes.
 */
export const typingSignals = pgTable(
  "typing_signals",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
