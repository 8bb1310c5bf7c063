import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { getStorage } from "~/lib/storage.server";
import { readMultipart } from "~/lib/uploads.server";
import { ATTACHMENT_MAX_BYTES } from "~/db/schema";
import { getConversationFor, MessagingError, sendMessage, type ChatView, type MessageView } from "./messaging.server";

export type SendResult =
  | { ok: true; message: MessageView }
  | { ok: false; title: string; description: string };

/**
 * A send from either chat screen (a fetcher with JavaScript, a plain form post without):
 * reads the streamed multipart body (the file is cut off at 10 MB) and runs the pipeline.
 * Refusals come back as the toast to show, with the status that fits.
 */
export async function sendFromRequest(request: Request, view: ChatView, conversationId: string) {
  const user = await getSessionUser(request);
  const fallback = view === "service" ? de.chats.sendError : de.liveChat.errorTitle;
  try {
    const { db } = await getDatabase();
    // Who sends, and to a conversation of theirs, is settled before any upload is read.
    if (user) await getConversationFor(db, user.id, conversationId);
    const body = user ? await readMultipart(request, { maxFileBytes: ATTACHMENT_MAX_BYTES, maxFiles: 1 }) : { fields: {}, files: [] };
    const message = await sendMessage(db, getStorage(), {
      view,
      userId: user?.id ?? null,
      conversationId,
      text: body.fields.text ?? "",
      file: body.files[0] ?? null,
    });
    return data<SendResult>({ ok: true, message });
  } catch (error) {
    if (error instanceof MessagingError) {
      // Someone else's conversation reads as unknown (architecture.md section 5).
      const status = error.code === "FORBIDDEN" && error.message === de.chats.noPermission ? 404 : error.status;
      return data<SendResult>({ ok: false, title: error.title, description: error.message }, { status });
    }
    if (error instanceof AppError) {
      return data<SendResult>({ ok: false, title: fallback, description: error.message }, { status: error.status });
    }
    throw error;
  }
}
