import { and, desc, eq, ne } from "drizzle-orm";
import { profiles, supportTickets, user } from "~/db/schema";
import { fieldErrors } from "~/features/auth/schema";
import { createNotification } from "~/features/notifications/notifications.server";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { createTicketSchema, ticketStatusSchema, type TicketStatus } from "./schema";

export interface TicketView {
  id: string;
  subject: string;
  description: string;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
  /** Only for the support role: who wrote it. */
  author: { firstName: string | null; lastName: string | null; email: string | null } | null;
}

/** The role that decides: read from the database on every call, never from the client. */
async function isSupport(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId));
  return row?.role === "support";
}

/**
 * Tickets newest first: a user sees only their own; the support role sees everyone's with the
 * author's name and e-mail address.
 */
export async function listTickets(db: Database, { viewerId }: { viewerId: string | null }): Promise<{ tickets: TicketView[]; isSupport: boolean }> {
  if (!viewerId) throw new AppError("UNAUTHORIZED", de.support.createError);
  const support = await isSupport(db, viewerId);
  const columns = {
    id: supportTickets.id,
    subject: supportTickets.subject,
    description: supportTickets.description,
    status: supportTickets.status,
    createdAt: supportTickets.createdAt,
    updatedAt: supportTickets.updatedAt,
  };
  if (!support) {
    const rows = await db
      .select(columns)
      .from(supportTickets)
      .where(eq(supportTickets.userId, viewerId))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(500);
    return { tickets: rows.map((row) => ({ ...row, author: null })), isSupport: false };
  }
  const rows = await db
    .select({ ...columns, firstName: profiles.firstName, lastName: profiles.lastName, email: user.email })
    .from(supportTickets)
    .leftJoin(profiles, eq(profiles.userId, supportTickets.userId))
    .leftJoin(user, eq(user.id, supportTickets.userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(500);
  return {
    tickets: rows.map(({ firstName, lastName, email, ...row }) => ({ ...row, author: { firstName, lastName, email } })),
    isSupport: true,
  };
}

/** Opens a ticket for the signed-in user; new tickets start as open. */
/** At most 10 new tickets per user and hour. */
export const TICKET_RATE_LIMIT = { window: 60 * 60, max: 10 };

export async function createTicket(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", de.support.createError);
  const parsed = createTicketSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError("INVALID", Object.values(errors)[0]!, errors);
  }
  // Beyond the spec: a brake on ticket floods (one account cannot bury the support queue).
  const limit = await consumeRateLimit(db, `tickets:${actorId}`, TICKET_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", de.support.tooMany);
  const [row] = await db
    .insert(supportTickets)
    .values({ userId: actorId, subject: parsed.data.subject, description: parsed.data.description })
    .returning({ id: supportTickets.id, status: supportTickets.status });
  return row!;
}

/**
 * Sets a ticket's status (any of the four, in any order). Only the support role may; anyone else
 * is refused and nothing changes. The author's notification (link /support) is written in the
 * same transaction as the change; its realtime event goes out after the commit.
 */
export async function setTicketStatus(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", de.support.forbidden);
  if (!(await isSupport(db, actorId))) throw new AppError("FORBIDDEN", de.support.forbidden);
  const parsed = ticketStatusSchema.safeParse(input);
  if (!parsed.success) throw new AppError(parsed.error.issues[0]?.path[0] === "ticketId" ? "NOT_FOUND" : "INVALID", parsed.error.issues[0]!.message);
  const { ticketId, status } = parsed.data;
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(supportTickets)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(supportTickets.id, ticketId), ne(supportTickets.status, status)))
      .returning({ userId: supportTickets.userId, subject: supportTickets.subject });
    if (!changed) {
      const [exists] = await tx.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, ticketId));
      if (!exists) throw new AppError("NOT_FOUND", de.support.notFound);
      return { status, changed: false };
    }
    if (changed.userId !== actorId) {
      await createNotification(tx, {
        userId: changed.userId,
        title: de.support.notificationTitle,
        message: de.support.notificationMessage(changed.subject, de.support.notificationStatus[status]),
        link: "/support",
      });
    }
    return { status, changed: true };
  });
}
