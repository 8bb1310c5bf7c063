import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A user's choice for one kind of notification (features/notifications/kinds.ts; the check below
 * repeats its list), in-app and by e-mail separately. No row = the default (both channels on), so a new kind or a new
 * user needs no backfill; a row exists only once the user saved the settings.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    email: boolean("email").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("notification_settings_kind", sql`${t.kind} in ('messages', 'reviews', 'tickets', 'orders', 'saved_searches')`),
  ],
);
