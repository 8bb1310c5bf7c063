import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("support_tickets_status_valid", sql`${t.status} in ('open', 'in_progress', 'resolved', 'closed')`),
    check("support_tickets_subject_not_blank", sql`char_length(btrim(${t.subject})) between 1 and 200`),
    check("support_tickets_description_not_blank", sql`char_length(btrim(${t.description})) between 1 and 5000`),
    index("support_tickets_user_idx").on(t.userId, t.createdAt.desc()),
    index("support_tickets_created_idx").on(t.createdAt.desc()),
  ],
);
