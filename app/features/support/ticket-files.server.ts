import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { ATTACHMENT_MAX_BYTES, supportTicketReplies, supportTickets } from "~/db/schema";
import { receiveAttachment, type StoredAttachment } from "~/features/messaging/attachments.server";
import { ATTACHMENT_DAILY_BYTES } from "~/features/messaging/sending.server";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { ticketFileKey, type FileStorage } from "~/lib/storage.server";
import { streamMultipart } from "~/lib/uploads.server";
import { ticketsDe as t } from "~/i18n/tickets.de";
import type { ScreenTexts } from "~/lib/responses.server";

/**
 * The one way a file comes to a ticket (ADR 022): a reply's file and the file a new ticket's
 * description carries go through the same pipeline, limits and storage area.
 */

/** Where a ticket's conversation is shown. */
export function ticketPath(ticketId: string): string {
  return `/support/${ticketId}`;
}

/** The file id of the file a ticket's description carries (a reply's file goes by the reply's id). */
export const DESCRIPTION_FILE_ID = "beschreibung";

/**
 * Where a ticket's file is served (the ticket's readers only, see ticketFile): a reply's by the
 * reply's id, the description's by DESCRIPTION_FILE_ID.
 */
export function ticketFileUrl(ticketId: string, fileId: string): string {
  return `${ticketPath(ticketId)}/dateien/${fileId}`;
}

/** A ticket file as the conversation shows it. */
export interface TicketFileView {
  url: string;
  name: string;
  type: string;
  size: number;
}

/** The file columns of a ticket or reply row as the conversation shows them (null without a file). */
export function ticketFileView(
  ticketId: string,
  fileId: string,
  row: { fileKey: string | null; fileName: string | null; fileType: string | null; fileSize: number | null },
): TicketFileView | null {
  return row.fileKey && row.fileName && row.fileType && row.fileSize !== null
    ? { url: ticketFileUrl(ticketId, fileId), name: row.fileName, type: row.fileType, size: row.fileSize }
    : null;
}

/** The words for refusals of the shared upload rules on ticket forms: German (the service chat, whose rules these are, words them in the spec's English). */
export const TICKET_FILE_TEXTS: ScreenTexts = {
  attachment_too_large: t.reply.fileTooLarge,
  attachment_type: t.reply.fileType,
  attachment_upload_failed: t.reply.uploadFailed,
  too_many_files: t.reply.tooManyFiles,
  daily_files_exceeded: t.reply.dailyFiles,
};

export interface TicketForm {
  fields: Record<string, string>;
  /** The stored file, if one was sent; the caller removes it again when the write is refused. */
  file: StoredAttachment | null;
}

/**
 * Reads a ticket form (multipart with text fields and at most one file, or urlencoded without
 * one). The file streams to the store by the chat attachment rules: the type from its bytes (the
 * service chat's kinds: images, PDF, plain text), 10 MB cut off while streaming, under
 * `ticket-files/{writer}/`. Before any byte is stored, `beforeStoring` may refuse (the fields read
 * so far are in `fields`: the form puts its text before its file), and so does the writer's daily
 * file budget. A refused request keeps no file.
 */
export async function readTicketForm(
  db: Pick<Database, "select">,
  storage: FileStorage,
  { actorId, request, fields, beforeStoring }: { actorId: string; request: Request; fields: Record<string, string>; beforeStoring?: () => Promise<void> },
): Promise<TicketForm> {
  const body = await streamMultipart(
    request,
    { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: 1 },
    {
      receive: (incoming) =>
        receiveAttachment(storage, incoming, {
          userId: actorId,
          view: "service",
          keyFor: (ext) => ticketFileKey(actorId, ext),
          // A writer over a limit uploads nothing (exact check in the write's transaction).
          beforeStoring: async () => {
            await beforeStoring?.();
            await checkTicketFileBytes(db, actorId, 1);
          },
        }),
      discard: (stored) => storage.delete(stored.key),
    },
    fields,
  );
  return { fields: body.fields, file: body.files[0] ?? null };
}

/**
 * One writer's ticket writes (replies and new tickets) take turns in their transactions, so the
 * limits they count cannot interleave with another of the writer's writes.
 */
export async function lockTicketWriter(tx: Pick<Database, "execute">, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"ticket-replies:" + userId}))`);
}

/**
 * Like chat attachments: at most ATTACHMENT_DAILY_BYTES of ticket files per writer and day, the
 * files of their replies and of the tickets they opened together.
 */
export async function checkTicketFileBytes(db: Pick<Database, "select">, userId: string, fileBytes: number): Promise<void> {
  if (fileBytes <= 0) return;
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [replies, tickets] = await Promise.all([
    db
      .select({ bytes: sql<number>`coalesce(sum(${supportTicketReplies.fileSize}), 0)::bigint`.mapWith(Number) })
      .from(supportTicketReplies)
      .where(and(eq(supportTicketReplies.authorId, userId), gt(supportTicketReplies.createdAt, since))),
    db
      .select({ bytes: sql<number>`coalesce(sum(${supportTickets.fileSize}), 0)::bigint`.mapWith(Number) })
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, userId), gt(supportTickets.createdAt, since), isNotNull(supportTickets.fileKey))),
  ]);
  if ((replies[0]?.bytes ?? 0) + (tickets[0]?.bytes ?? 0) + fileBytes > ATTACHMENT_DAILY_BYTES) throw new AppError("RATE_LIMITED", "daily_files_exceeded");
}
