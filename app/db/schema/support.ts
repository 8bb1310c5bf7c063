import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** A ticket reply's text, like a ticket's description (ADR 022). */
export const TICKET_REPLY_MAX = 5000;

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
    /**
     * The description's optional file, sent with the new ticket: stored like a reply's file (the
     * chat attachment rules, `ticket-files/{authorId}/…`, private) and shown in the conversation's
     * first entry, the description.
     */
    fileKey: text("file_key").unique(),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
  },
  (t) => [
    check("support_tickets_status_valid", sql`${t.status} in ('open', 'in_progress', 'resolved', 'closed')`),
    check("support_tickets_subject_not_blank", sql`char_length(btrim(${t.subject})) between 1 and 200`),
    check("support_tickets_description_not_blank", sql`char_length(btrim(${t.description})) between 1 and 5000`),
    index("support_tickets_user_idx").on(t.userId, t.createdAt.desc()),
    index("support_tickets_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * A reply on a ticket (ADR 022), by its author or by support staff, with an optional file stored
 * by the chat attachment rules under `ticket-files/{authorId}/…` (private; served to the ticket's
 * readers only). The ticket's rows go with the ticket (its author's account deletion). A staff
 * member's deleted account keeps their replies: `author_id` becomes null and `from_support` still
 * says the reply came from support. `reopened` records that this author's reply set a resolved
 * or closed ticket back to open.
 */
export const supportTicketReplies = pgTable(
  "support_ticket_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Written as support staff (kept as written, whatever becomes of the account or its role). */
    fromSupport: boolean("from_support").notNull(),
    body: text("body").notNull().default(""),
    fileKey: text("file_key").unique(),
    fileName: text("file_name"),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    reopened: boolean("reopened").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("support_ticket_replies_body_length", sql`char_length(${t.body}) <= ${sql.raw(String(TICKET_REPLY_MAX))}`),
    // Text or a file: never an empty reply.
    check("support_ticket_replies_not_empty", sql`char_length(btrim(${t.body})) > 0 or ${t.fileKey} is not null`),
    index("support_ticket_replies_ticket_idx").on(t.ticketId, t.createdAt),
    // The author's recent replies (the reply brake) and the export.
    index("support_ticket_replies_author_idx").on(t.authorId, t.createdAt),
  ],
);

/**
 * A status change of a ticket by support staff, shown in the ticket's conversation between the
 * replies ("Status geändert auf … von Support"). The row goes with the ticket; a staff member's
 * deleted account keeps the entry with `actor_id` null (it still reads "von Support").
 */
export const supportTicketStatusChanges = pgTable(
  "support_ticket_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: TICKET_STATUSES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("support_ticket_status_changes_status_valid", sql`${t.status} in ('open', 'in_progress', 'resolved', 'closed')`),
    index("support_ticket_status_changes_ticket_idx").on(t.ticketId, t.createdAt),
  ],
);
