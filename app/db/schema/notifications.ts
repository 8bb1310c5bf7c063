import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.read} = false`),
    check("notifications_kind", sql`${t.kind} in ('messages', 'reviews', 'tickets', 'orders', 'saved_searches', 'other')`),
  ],
);
