import { z } from "zod";
import { TICKET_REPLY_MAX, TICKET_STATUSES, type TicketStatus } from "~/db/schema/support";
import { de } from "~/i18n/de";
import { ticketsDe } from "~/i18n/tickets.de";

export { TICKET_REPLY_MAX, TICKET_STATUSES, type TicketStatus };
export const SUBJECT_MAX = 200;
export const DESCRIPTION_MAX = 5000;

/** Subject and description must both be non-blank (spec section 5). */
export const createTicketSchema = z.object({
  subject: z
    .string({ message: de.support.required })
    .trim()
    .min(1, { message: de.support.required })
    .max(SUBJECT_MAX, { message: de.support.subjectTooLong }),
  description: z
    .string({ message: de.support.required })
    .trim()
    .min(1, { message: de.support.required })
    .max(DESCRIPTION_MAX, { message: de.support.descriptionTooLong }),
});

export const ticketStatusSchema = z.object({
  ticketId: z.uuid({ message: de.support.notFound }),
  status: z.enum(TICKET_STATUSES, { message: de.support.invalidStatus }),
});

/** Badge look per status (spec section 4): open destructive, in progress default, resolved secondary, closed outline. */
export const STATUS_BADGE: Record<TicketStatus, "destructive" | "default" | "secondary" | "outline"> = {
  open: "destructive",
  in_progress: "default",
  resolved: "secondary",
  closed: "outline",
};

/**
 * A reply's text: trimmed, at most 5,000 characters (like a description). It may be empty when
 * a file goes along; the use-case decides that (the file is not part of this schema).
 */
export const ticketReplySchema = z.object({
  text: z.string({ message: ticketsDe.reply.empty }).trim().max(TICKET_REPLY_MAX, { message: ticketsDe.reply.tooLong }).default(""),
});

/** Longest search text the staff list accepts (longer is cut, never an error). */
export const TICKET_SEARCH_MAX = 100;

export interface TicketFilters {
  status: TicketStatus | null;
  q: string;
}

/** The staff list's filters from its URL (`?status=…&q=…`); anything unknown is no filter, never an error. */
export function ticketFiltersFrom(params: URLSearchParams): TicketFilters {
  const status = params.get("status");
  return {
    status: (TICKET_STATUSES as readonly string[]).includes(status ?? "") ? (status as TicketStatus) : null,
    q: (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, TICKET_SEARCH_MAX),
  };
}
