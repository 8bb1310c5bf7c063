import { and, asc, count, desc, eq, gt, inArray, isNotNull, or } from "drizzle-orm";
import { profiles, supportTicketReplies, supportTickets, supportTicketStatusChanges, user } from "~/db/schema";
import { sendNotificationMail } from "~/features/notifications/notification-mail.server";
import { createNotification } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { ticketsDe as t } from "~/i18n/tickets.de";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { AppError, isAppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { log } from "~/lib/log.server";
import type { MailMessage } from "~/lib/mail.server";
import type { ScreenTexts } from "~/lib/responses.server";
import { actionMail } from "~/lib/mail-layout";
import type { FileStorage } from "~/lib/storage.server";
import { parseInput } from "~/lib/validation";
import { ticketReplySchema, type TicketStatus } from "./schema";
import { isSupport, staffIds, ticketViewColumns, toTicketView, type TicketView } from "./support.server";
import { checkTicketFileBytes, DESCRIPTION_FILE_ID, lockTicketWriter, readTicketForm, TICKET_FILE_TEXTS, ticketFileUrl, ticketFileView, ticketPath, type TicketFileView } from "./ticket-files.server";

/**
 * Support tickets as conversations (ADR 022): the ticket's author and the support role write
 * replies (text and one file by the chat attachment rules); each reply tells the other side; an
 * author's reply reopens a resolved or closed ticket. Everyone else learns nothing: 404.
 */

export { ticketFileUrl, ticketPath };

/** The reply form's words for refusals: the ticket files' and the reply brake's. */
export const REPLY_TEXTS: ScreenTexts = {
  ...TICKET_FILE_TEXTS,
  rate_limited: t.reply.rateLimited,
};

/** Replies one user may write per minute (beyond the spec: a brake on floods of mails and notifications). */
export const REPLY_RATE_LIMIT = { max: 10, windowSeconds: 60 };

interface TicketAccess {
  id: string;
  userId: string;
  subject: string;
  status: TicketStatus;
  /** The reader has the support role. */
  viewerIsSupport: boolean;
  /** The reader writes as support staff: the support role on someone else's ticket. */
  asStaff: boolean;
}

/**
 * The ticket, when the user may read it (its author, or the support role). Anyone else, an
 * unknown id and a malformed one all read the same: ticket_not_found (404), so ids reveal nothing.
 */
export async function ticketForReader(db: Pick<Database, "select">, userId: string, ticketId: string): Promise<TicketAccess> {
  if (!isUuid(ticketId)) throw new AppError("NOT_FOUND", "ticket_not_found");
  const [ticket] = await db
    .select({ id: supportTickets.id, userId: supportTickets.userId, subject: supportTickets.subject, status: supportTickets.status })
    .from(supportTickets)
    .where(eq(supportTickets.id, ticketId));
  if (!ticket) throw new AppError("NOT_FOUND", "ticket_not_found");
  const viewerIsSupport = await isSupport(db, userId);
  if (ticket.userId !== userId && !viewerIsSupport) throw new AppError("NOT_FOUND", "ticket_not_found");
  return { ...ticket, viewerIsSupport, asStaff: viewerIsSupport && ticket.userId !== userId };
}

export interface TicketReplyView {
  id: string;
  body: string;
  fromSupport: boolean;
  /** Written by the reader. */
  mine: boolean;
  /**
   * Who wrote it, by name: the ticket's author, and (for the support role only) the staff member.
   * Null for a staff reply seen by the author (it reads "Support") and for a deleted account.
   */
  authorName: string | null;
  /** This reply set a resolved or closed ticket back to open. */
  reopened: boolean;
  createdAt: Date;
  file: TicketFileView | null;
}

/** A status change by support, an entry of the conversation between the replies. */
export interface TicketStatusChangeView {
  id: string;
  status: TicketStatus;
  /** The staff member's name, for the support role only (the author reads "Support"). */
  actorName: string | null;
  createdAt: Date;
}

export interface TicketThread {
  ticket: TicketView;
  /** The reader has the support role (status selector, author details, staff names). */
  isSupport: boolean;
  /** The reader wrote the ticket (the reopen hint). */
  isAuthor: boolean;
  /** Oldest first; the ticket's description is the conversation's first entry. */
  replies: TicketReplyView[];
  /** Status changes by support, oldest first (the page interleaves them with the replies by time). */
  statusChanges: TicketStatusChangeView[];
}

/** A ticket with its conversation, for its author or the support role; anyone else: 404. */
export async function getTicketThread(db: Database, { viewerId, ticketId }: { viewerId: string | null; ticketId: string }): Promise<TicketThread> {
  if (!viewerId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const access = await ticketForReader(db, viewerId, ticketId);
  const [[ticket], rows, changes] = await Promise.all([
    db
      .select(ticketViewColumns)
      .from(supportTickets)
      .leftJoin(profiles, eq(profiles.userId, supportTickets.userId))
      .leftJoin(user, eq(user.id, supportTickets.userId))
      .where(eq(supportTickets.id, access.id)),
    db
      .select({
        id: supportTicketReplies.id,
        authorId: supportTicketReplies.authorId,
        fromSupport: supportTicketReplies.fromSupport,
        body: supportTicketReplies.body,
        fileKey: supportTicketReplies.fileKey,
        fileName: supportTicketReplies.fileName,
        fileType: supportTicketReplies.fileType,
        fileSize: supportTicketReplies.fileSize,
        reopened: supportTicketReplies.reopened,
        createdAt: supportTicketReplies.createdAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(supportTicketReplies)
      .leftJoin(profiles, eq(profiles.userId, supportTicketReplies.authorId))
      .where(eq(supportTicketReplies.ticketId, access.id))
      .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id)),
    db
      .select({
        id: supportTicketStatusChanges.id,
        status: supportTicketStatusChanges.status,
        createdAt: supportTicketStatusChanges.createdAt,
        actorId: supportTicketStatusChanges.actorId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(supportTicketStatusChanges)
      .leftJoin(profiles, eq(profiles.userId, supportTicketStatusChanges.actorId))
      .where(eq(supportTicketStatusChanges.ticketId, access.id))
      .orderBy(asc(supportTicketStatusChanges.createdAt), asc(supportTicketStatusChanges.id)),
  ]);
  if (!ticket) throw new AppError("NOT_FOUND", "ticket_not_found");
  return {
    ticket: toTicketView(ticket, access.viewerIsSupport),
    isSupport: access.viewerIsSupport,
    isAuthor: access.userId === viewerId,
    replies: rows.map((row) => ({
      id: row.id,
      body: row.body,
      fromSupport: row.fromSupport,
      mine: row.authorId === viewerId,
      // Staff are "Support" to the author; the support role sees which colleague wrote.
      authorName: !row.authorId || (row.fromSupport && !access.viewerIsSupport) ? null : displayName(row.firstName, row.lastName),
      reopened: row.reopened,
      createdAt: row.createdAt,
      file: ticketFileView(access.id, row.id, row),
    })),
    statusChanges: changes.map((change) => ({
      id: change.id,
      status: change.status,
      // Staff see which colleague changed it; the author reads "Support".
      actorName: access.viewerIsSupport && change.actorId ? displayName(change.firstName, change.lastName) : null,
      createdAt: change.createdAt,
    })),
  };
}

export interface ReplyInput {
  /** The signed-in user, or null (refused: sign_in_required). */
  actorId: string | null;
  ticketId: string;
  /** The reply as the form posts it: multipart (text, file) or urlencoded (text only); read here. */
  request: Request;
  /**
   * Filled with the submitted text as soon as it is read, so a refusal can hand it back to the
   * form (a page without JavaScript would lose it otherwise).
   */
  submitted?: Record<string, string>;
}

export interface ReplyResult {
  id: string;
  /** The ticket's status after the reply (open again when this reply reopened it). */
  status: TicketStatus;
  reopened: boolean;
}

/**
 * Writes a reply. Who may is settled before any upload is read (anyone but the author and the
 * support role: 404). The file streams to the store by the chat attachment rules (type from its
 * bytes, 10 MB cut off while streaming) and is removed again when the reply is refused after
 * that, so a refused reply keeps nothing. In one transaction: the reply, the reopen when the
 * author answers a resolved or closed ticket (staff replies leave the status alone), the other
 * side's notifications (and the author's mail), and a realtime event to everyone who may read it.
 */
export async function replyToTicket(db: Database, storage: FileStorage, input: ReplyInput): Promise<ReplyResult> {
  if (!input.actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const actorId = input.actorId;
  const access = await ticketForReader(db, actorId, input.ticketId);

  const fields: Record<string, string> = {};
  const { fields: body, file } = await readTicketForm(db, storage, {
    actorId,
    request: input.request,
    fields,
    beforeStoring: () => checkReplyLimits(db, actorId, 0),
  }).finally(() => {
    // The text comes before the file in the form: it is here even when the file was refused.
    if (input.submitted && typeof fields.text === "string") input.submitted.text = fields.text;
  });

  try {
    const { text } = parseInput(ticketReplySchema, { text: body.text });
    if (!text && !file) throw new AppError("INVALID", "invalid_input", { fieldErrors: { text: t.reply.empty } });
    return await db.transaction(async (tx) => {
      // One writer's replies take turns, so counting and inserting cannot interleave.
      await lockTicketWriter(tx, actorId);
      await checkReplyLimits(tx, actorId, file?.size ?? 0);
      // The row lock orders this reply against a concurrent status change: the reopen reads the
      // status that holds when the reply is written.
      const [ticket] = await tx
        .select({ status: supportTickets.status, userId: supportTickets.userId, subject: supportTickets.subject })
        .from(supportTickets)
        .where(eq(supportTickets.id, access.id))
        .for("update");
      if (!ticket) throw new AppError("NOT_FOUND", "ticket_not_found");
      const now = new Date();
      const reopened = !access.asStaff && (ticket.status === "resolved" || ticket.status === "closed");
      if (reopened) await tx.update(supportTickets).set({ status: "open", updatedAt: now }).where(eq(supportTickets.id, access.id));
      const [reply] = await tx
        .insert(supportTicketReplies)
        .values({
          ticketId: access.id,
          authorId: actorId,
          fromSupport: access.asStaff,
          body: text,
          fileKey: file?.key ?? null,
          fileName: file?.name ?? null,
          fileType: file?.mime ?? null,
          fileSize: file?.size ?? null,
          reopened,
          createdAt: now,
        })
        .returning({ id: supportTicketReplies.id });

      const staff = await staffIds(tx, actorId);
      const link = ticketPath(access.id);
      if (access.asStaff) {
        await createNotification(tx, {
          kind: "tickets",
          userId: ticket.userId,
          title: t.notification.staffReplyTitle,
          message: t.notification.staffReplyMessage(ticket.subject),
          link,
        });
        await mailTicketAuthor(tx, { authorId: ticket.userId, ticketId: access.id, subject: ticket.subject, body: text, fileName: file?.name ?? null });
      } else {
        const name = await nameOf(tx, actorId);
        for (const member of staff) {
          await createNotification(tx, {
            kind: "tickets",
            userId: member,
            title: reopened ? t.notification.reopenedTitle : t.notification.authorReplyTitle,
            message: reopened ? t.notification.reopenedMessage(name, ticket.subject) : t.notification.authorReplyMessage(name, ticket.subject),
            link,
          });
        }
      }
      // Everyone who may read the ticket: an open ticket page shows the reply at once.
      await publish(tx, [ticket.userId, actorId, ...staff], { type: "ticket.updated", ticketId: access.id });
      return { id: reply!.id, status: reopened ? "open" : ticket.status, reopened };
    });
  } catch (error) {
    // Nothing half-done: a refused or failed reply leaves no stored file behind.
    if (file) await storage.delete(file.key).catch((cause: unknown) => log.error({ err: cause, key: file.key }, "Could not remove the file of a refused ticket reply"));
    throw error;
  }
}

/**
 * The writer's limits: REPLY_RATE_LIMIT replies per minute and, like chat attachments, at most
 * ATTACHMENT_DAILY_BYTES of ticket files per day. Read from the writer's own recent rows.
 */
async function checkReplyLimits(db: Pick<Database, "select">, userId: string, fileBytes: number) {
  const [row] = await db
    .select({ recent: count() })
    .from(supportTicketReplies)
    .where(and(eq(supportTicketReplies.authorId, userId), gt(supportTicketReplies.createdAt, new Date(Date.now() - REPLY_RATE_LIMIT.windowSeconds * 1000))));
  if ((row?.recent ?? 0) >= REPLY_RATE_LIMIT.max) throw new AppError("RATE_LIMITED", "rate_limited");
  await checkTicketFileBytes(db, userId, fileBytes);
}

async function nameOf(db: Pick<Database, "select">, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId));
  return displayName(row?.firstName, row?.lastName);
}

/** The mail telling a ticket's author that support replied (the one place it is built). */
export function ticketReplyMail(options: { to: string; name: string; subject: string; body: string; fileName: string | null; ticketId: string }): MailMessage {
  const excerpt = options.body ? (options.body.length > 600 ? `${options.body.slice(0, 600)} …` : options.body) : t.mail.fileOnly(options.fileName ?? "");
  return actionMail({
    to: options.to,
    name: options.name,
    subject: t.mail.subject,
    text: t.mail.text(options.subject, excerpt),
    button: t.mail.button,
    url: `${env().baseUrl}${ticketPath(options.ticketId)}`,
    note: t.mail.note,
  });
}

/** Queues the reply mail to the ticket's author, in the reply's transaction, if they may be mailed about tickets. */
async function mailTicketAuthor(
  tx: Database,
  { authorId, ticketId, subject, body, fileName }: { authorId: string; ticketId: string; subject: string; body: string; fileName: string | null },
) {
  await sendNotificationMail(tx, authorId, "tickets", (to) => ticketReplyMail({ to: to.email, name: to.name, subject, body, fileName, ticketId }));
}

/**
 * A ticket's stored file, for the ticket's readers only (null otherwise: 404): a reply's by the
 * reply's id, the description's by DESCRIPTION_FILE_ID.
 */
export async function ticketFile(db: Database, viewerId: string, ticketId: string, fileId: string): Promise<{ key: string; name: string } | null> {
  if (fileId !== DESCRIPTION_FILE_ID && !isUuid(fileId)) return null;
  try {
    await ticketForReader(db, viewerId, ticketId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
  const [row] =
    fileId === DESCRIPTION_FILE_ID
      ? await db
          .select({ key: supportTickets.fileKey, name: supportTickets.fileName })
          .from(supportTickets)
          .where(and(eq(supportTickets.id, ticketId), isNotNull(supportTickets.fileKey)))
      : await db
          .select({ key: supportTicketReplies.fileKey, name: supportTicketReplies.fileName })
          .from(supportTicketReplies)
          .where(and(eq(supportTicketReplies.id, fileId), eq(supportTicketReplies.ticketId, ticketId), isNotNull(supportTicketReplies.fileKey)));
  return row?.key ? { key: row.key, name: row.name ?? "Datei" } : null;
}

/**
 * The stored files of a user's tickets, the descriptions' and the replies' (removed after the
 * account's deletion commits).
 */
export async function ticketFileKeysOfAuthor(db: Pick<Database, "select">, userId: string): Promise<string[]> {
  const [replies, tickets] = await Promise.all([
    db
      .select({ key: supportTicketReplies.fileKey })
      .from(supportTicketReplies)
      .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
      .where(and(eq(supportTickets.userId, userId), isNotNull(supportTicketReplies.fileKey))),
    db
      .select({ key: supportTickets.fileKey })
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, userId), isNotNull(supportTickets.fileKey))),
  ]);
  return [...tickets, ...replies].map((row) => row.key!);
}

/**
 * The data export's ticket replies: the whole conversation of the user's own tickets (what the
 * user wrote and what support answered them) and the replies the user wrote as support staff.
 * No staff member's account id: a staff reply says only that it came from support.
 */
export async function exportTicketReplies(db: Pick<Database, "select">, userId: string) {
  const own = db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.userId, userId));
  const rows = await db
    .select({
      id: supportTicketReplies.id,
      ticketId: supportTicketReplies.ticketId,
      authorId: supportTicketReplies.authorId,
      fromSupport: supportTicketReplies.fromSupport,
      body: supportTicketReplies.body,
      fileName: supportTicketReplies.fileName,
      fileType: supportTicketReplies.fileType,
      fileSize: supportTicketReplies.fileSize,
      reopened: supportTicketReplies.reopened,
      createdAt: supportTicketReplies.createdAt,
    })
    .from(supportTicketReplies)
    .where(or(inArray(supportTicketReplies.ticketId, own), eq(supportTicketReplies.authorId, userId)))
    .orderBy(desc(supportTicketReplies.createdAt), desc(supportTicketReplies.id));
  return rows.map(({ authorId, ...row }) => ({ ...row, writtenByMe: authorId === userId }));
}
