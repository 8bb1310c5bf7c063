import { and, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { profiles, supportTicketReplies, supportTickets, supportTicketStatusChanges, user } from "~/db/schema";
import { fieldErrors, parseInput } from "~/lib/validation";
import { createNotification } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { consumeRateLimit, rateLimitSpent } from "~/lib/rate-limit.server";
import { log } from "~/lib/log.server";
import type { FileStorage } from "~/lib/storage.server";
import type { StoredAttachment } from "~/features/messaging/attachments.server";
import { checkTicketFileBytes, DESCRIPTION_FILE_ID, lockTicketWriter, readTicketForm, ticketFileView, type TicketFileView, type TicketForm } from "./ticket-files.server";
import { createTicketSchema, ticketStatusSchema, type TicketFilters, type TicketStatus } from "./schema";

export interface TicketView {
  id: string;
  subject: string;
  description: string;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
  /** Replies on the ticket, by either side (ADR 022). */
  replyCount: number;
  /** The last reply or status change, whichever came later. */
  lastActivityAt: Date;
  /** Only for the support role: who wrote it. */
  author: { firstName: string | null; lastName: string | null; email: string | null } | null;
  /** The file sent with the description, if any (served to the ticket's readers only). */
  file: TicketFileView | null;
}

/** The role that decides: read from the database on every call, never from the client. */
export async function isSupport(db: Pick<Database, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId));
  return row?.role === "support";
}

/** Tickets per page of /support. */
export const TICKETS_PAGE_SIZE = 20;

export interface TicketList {
  tickets: TicketView[];
  isSupport: boolean;
  page: number;
  pageCount: number;
  total: number;
  /** The filters applied: the support role's only (others always see all of their own tickets). */
  filters: TicketFilters | null;
}

/** A ticket's reply count and last activity, as columns of a query on support_tickets. */
export const ticketActivityColumns = {
  replyCount: sql<number>`(select count(*)::int from ${supportTicketReplies} where ${supportTicketReplies.ticketId} = ${supportTickets.id})`.mapWith(Number),
  lastActivityAt: sql<Date>`greatest(${supportTickets.updatedAt}, (select max(${supportTicketReplies.createdAt}) from ${supportTicketReplies} where ${supportTicketReplies.ticketId} = ${supportTickets.id}))`.mapWith(
    supportTickets.updatedAt,
  ),
};

/**
 * What a ticket card and the ticket page show, from support_tickets joined with the author's
 * profile and user rows (the caller joins them).
 */
export const ticketViewColumns = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  description: supportTickets.description,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  ...ticketActivityColumns,
  fileKey: supportTickets.fileKey,
  fileName: supportTickets.fileName,
  fileType: supportTickets.fileType,
  fileSize: supportTickets.fileSize,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: user.email,
};

type TicketViewRow = Omit<TicketView, "author" | "file"> &
  Record<"firstName" | "lastName" | "email" | "fileKey" | "fileName" | "fileType", string | null> & { fileSize: number | null };

/** A row of ticketViewColumns as cards and the ticket page show it; the author only for the support role. */
export function toTicketView(row: TicketViewRow, withAuthor: boolean): TicketView {
  const { firstName, lastName, email, fileKey, fileName, fileType, fileSize, ...view } = row;
  return {
    ...view,
    author: withAuthor ? { firstName, lastName, email } : null,
    file: ticketFileView(row.id, DESCRIPTION_FILE_ID, { fileKey, fileName, fileType, fileSize }),
  };
}

/** `%text%` for ILIKE, its own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Tickets newest first, one page at a time: a user sees only their own; the support role sees
 * everyone's with the author's name and e-mail address, and may narrow them by status and by a
 * search in the subject, the author's name or e-mail (in SQL, paged as before). A page past the
 * end shows the last page. Every ticket carries its reply count and last activity.
 */
export async function listTickets(
  db: Database,
  {
    viewerId,
    page = 1,
    pageSize = TICKETS_PAGE_SIZE,
    filters,
  }: { viewerId: string | null; page?: number; pageSize?: number; filters?: Partial<TicketFilters> },
): Promise<TicketList> {
  if (!viewerId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const support = await isSupport(db, viewerId);
  // Filters are the staff's tool over everyone's tickets; a user's list is their own, unfiltered,
  // so a forged `?q=` can never reach past it.
  const applied: TicketFilters | null = support ? { status: filters?.status ?? null, q: filters?.q?.trim() ?? "" } : null;
  const pattern = applied?.q ? containsPattern(applied.q) : null;
  const where = and(
    support ? undefined : eq(supportTickets.userId, viewerId),
    applied?.status ? eq(supportTickets.status, applied.status) : undefined,
    pattern
      ? or(
          ilike(supportTickets.subject, pattern),
          ilike(user.email, pattern),
          ilike(sql`concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})`, pattern),
        )
      : undefined,
  );
  const [counted] = await db
    .select({ n: count() })
    .from(supportTickets)
    .leftJoin(profiles, eq(profiles.userId, supportTickets.userId))
    .leftJoin(user, eq(user.id, supportTickets.userId))
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select(ticketViewColumns)
    .from(supportTickets)
    .leftJoin(profiles, eq(profiles.userId, supportTickets.userId))
    .leftJoin(user, eq(user.id, supportTickets.userId))
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return {
    // Only the support role learns who wrote a ticket.
    tickets: rows.map((row) => toTicketView(row, support)),
    isSupport: support,
    page: current,
    pageCount,
    total,
    filters: applied,
  };
}

/** At most 10 new tickets per user and hour. */
export const TICKET_RATE_LIMIT = { window: 60 * 60, max: 10 };

/**
 * Reads the new-ticket form as it streams (multipart with an optional file, or urlencoded): the
 * file goes by the reply's rules (readTicketForm). Subject and description come before the file in
 * the form, so blank ones refuse before any byte of the file is stored. The fields are collected
 * into `fields` as they arrive, so a refusal can hand what was typed back to the form.
 */
export async function readNewTicket(
  db: Database,
  storage: FileStorage,
  { actorId, request, fields }: { actorId: string | null; request: Request; fields: Record<string, string> },
): Promise<TicketForm> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  // Only the new-ticket form posts a file here: another intent is a malformed request.
  const isNewTicket = () => {
    if (fields.intent !== undefined && fields.intent !== "create") throw new AppError("INVALID", "invalid_input");
  };
  const form = await readTicketForm(db, storage, {
    actorId,
    request,
    fields,
    beforeStoring: async () => {
      isNewTicket();
      parseInput(createTicketSchema, fields);
      // A writer over the ticket limit uploads nothing (counted with the ticket, createTicket).
      if (await rateLimitSpent(db, ticketLimitKey(actorId), TICKET_RATE_LIMIT)) throw new AppError("RATE_LIMITED", "ticket_rate_limited");
    },
  });
  try {
    isNewTicket();
  } catch (error) {
    if (form.file) await storage.delete(form.file.key).catch((cause: unknown) => log.error({ err: cause, key: form.file!.key }, "Could not remove the file of a refused ticket"));
    throw error;
  }
  return form;
}

const ticketLimitKey = (actorId: string) => `tickets:${actorId}`;

/**
 * Opens a ticket for the signed-in user; new tickets start as open. With `attachment`, the file a
 * form brought along (readNewTicket) belongs to the description; when the ticket is refused or its
 * insert fails, the file is removed again, so a refused ticket keeps nothing.
 */
export async function createTicket(
  db: Database,
  {
    actorId,
    input,
    attachment,
  }: { actorId: string | null; input: Record<string, unknown>; attachment?: { file: StoredAttachment | null; storage: FileStorage } },
) {
  const file = attachment?.file ?? null;
  try {
    if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
    const ticket = parseInput(createTicketSchema, input);
    return await db.transaction(async (tx) => {
      if (file) {
        // The file budget is shared with the writer's replies and counted exactly here.
        await lockTicketWriter(tx, actorId);
        await checkTicketFileBytes(tx, actorId, file.size);
      }
      // Beyond the spec: a brake on ticket floods (one account cannot bury the support queue).
      // Counted with the ticket: a ticket refused for its file, or not stored, counts nothing.
      const limit = await consumeRateLimit(tx, ticketLimitKey(actorId), TICKET_RATE_LIMIT);
      if (!limit.allowed) throw new AppError("RATE_LIMITED", "ticket_rate_limited");
      const [row] = await tx
        .insert(supportTickets)
        .values({
          userId: actorId,
          subject: ticket.subject,
          description: ticket.description,
          fileKey: file?.key ?? null,
          fileName: file?.name ?? null,
          fileType: file?.mime ?? null,
          fileSize: file?.size ?? null,
        })
        .returning({ id: supportTickets.id, status: supportTickets.status });
      // Staff's open /support lists show the new ticket at once.
      await publish(tx, await staffIds(tx, actorId), { type: "ticket.updated", ticketId: row!.id });
      return row!;
    });
  } catch (error) {
    if (file) {
      await attachment!.storage.delete(file.key).catch((cause: unknown) => log.error({ err: cause, key: file.key }, "Could not remove the file of a refused ticket"));
    }
    throw error;
  }
}

/**
 * Sets a ticket's status (any of the four, in any order). Only the support role may; anyone else
 * is refused and nothing changes. In the same transaction: the change as an entry of the ticket's
 * conversation (support_ticket_status_changes), the author's notification (link to the ticket's
 * page) and `ticket.updated` (ids only) to the author and all staff, delivered after the commit,
 * so open ticket pages and /support lists re-read it.
 */
export async function setTicketStatus(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!(await isSupport(db, actorId))) throw new AppError("FORBIDDEN", "support_only");
  const parsed = ticketStatusSchema.safeParse(input);
  if (!parsed.success) {
    // A malformed ticket id names no ticket; anything else is a wrong status.
    if (parsed.error.issues[0]?.path[0] === "ticketId") throw new AppError("NOT_FOUND", "ticket_not_found");
    throw new AppError("INVALID", "invalid_input", { fieldErrors: fieldErrors(parsed.error) });
  }
  const { ticketId, status } = parsed.data;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(supportTickets)
      .set({ status, updatedAt: now })
      .where(and(eq(supportTickets.id, ticketId), ne(supportTickets.status, status)))
      .returning({ userId: supportTickets.userId, subject: supportTickets.subject });
    if (!changed) {
      const [exists] = await tx.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.id, ticketId));
      if (!exists) throw new AppError("NOT_FOUND", "ticket_not_found");
      return { status, changed: false };
    }
    await tx.insert(supportTicketStatusChanges).values({ ticketId, actorId, status, createdAt: now });
    if (changed.userId !== actorId) {
      await createNotification(tx, {
        kind: "tickets",
        userId: changed.userId,
        title: de.support.notificationTitle,
        message: de.support.notificationMessage(changed.subject, de.support.notificationStatus[status]),
        // The ticket's own page (ADR 022): status and conversation in one place.
        link: `/support/${ticketId}`,
      });
    }
    await publish(tx, [changed.userId, ...(await staffIds(tx))], { type: "ticket.updated", ticketId });
    return { status, changed: true };
  });
}

/** The support role's user ids (everyone who reads all tickets). */
export async function staffIds(db: Pick<Database, "select">, except?: string): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.role, "support"), except ? ne(profiles.userId, except) : undefined));
  return rows.map((row) => row.id);
}
