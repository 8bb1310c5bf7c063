import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A user blocking another (ADR 024): while the row stands, neither writes to the other and the
 * blocked person cannot order from the blocker. One row per pair and direction (the primary key:
 * blocking twice is harmless); both ends go with their account.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("user_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    // "Is either of these two blocked by the other?" reads the pair from both sides.
    index("user_blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);
