import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Created by the server when something happens to a user (message, review, comment, ticket status). */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** What it is about (features/notifications/kinds.ts): decides which setting applies. */
    kind: text("kind").notNull().default("other"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    /** Same-origin path of what the notification is about, opened on click. */
    link: text("link"),
    read: boolean("read").notNull().default(false),
    /**
     * Notifications with the same key collapse into one unread entry (e.g. "conversation:<id>":
     * one entry per chat, "3 neue Nachrichten von …"); null for those that stand alone.
     */
    groupKey: text("group_key"),
    /** How many events the (grouped) entry stands for. */
    count: integer("count").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.read} = false`),
    // At most one unread entry per group: a new event bumps it; once read, the next one starts anew.
    uniqueIndex("notifications_unread_group_idx")
      .on(t.userId, t.groupKey)
      .where(sql`${t.read} = false and ${t.groupKey} is not null`),
    check("notifications_count_positive", sql`${t.count} >= 1`),
    check("notifications_kind", sql`${t.kind} in ('messages', 'reviews', 'tickets', 'orders', 'saved_searches', 'other')`),
  ],
);
