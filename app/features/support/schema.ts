import { z } from "zod";
import { TICKET_STATUSES, type TicketStatus } from "~/db/schema/support";
import { de } from "~/i18n/de";

export { TICKET_STATUSES, type TicketStatus };
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
