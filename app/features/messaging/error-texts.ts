import { blocksDe } from "~/i18n/blocks.de";
import { de } from "~/i18n/de";
import type { ErrorReason } from "~/lib/errors";
import type { ChatView } from "./message-text";

/**
 * What the two chat screens say when something fails. The spec words each view's toasts its own
 * way (/chats in English with a title per case, /live-chat in German, mostly titled 'Fehler'),
 * so the messaging use-cases give a reason only and this table turns it into the toast. Used by
 * the server (a redirect with a toast, no JavaScript needed) and by the components alike.
 */
export interface ChatErrorText {
  title: string;
  description?: string;
}

/** What went wrong: starting a chat, opening one, or sending a message. */
export type ChatStep = "start" | "open" | "send";

/** The reasons the chat screens word themselves; any other shows its server message. */
type ChatReason = Extract<
  ErrorReason,
  | "chat_not_found"
  | "chat_forbidden"
  | "chat_service_not_found"
  | "chat_own_service"
  | "chat_self"
  | "chat_user_not_found"
  | "chat_check_failed"
  | "chat_create_failed"
  | "sign_in_required"
  | "message_too_long"
  | "message_empty"
  | "attachment_too_large"
  | "attachment_type"
  | "attachment_upload_failed"
  | "message_send_failed"
  | "message_rate_limited"
  | "daily_files_exceeded"
  | "recipient_deleted"
  | "message_undeliverable"
  | "blocked_by_you"
>;

const c = de.chats;
const l = de.liveChat;
const m = de.messaging;
const b = blocksDe.errors;

/** Whatever the view: unknown and someone else's chats read the same (spec: 'Chat not found' redirect). */
const OPENING = {
  chat_not_found: { title: c.chatNotFound, description: c.chatNotFound },
  chat_forbidden: { title: c.noPermission, description: c.noPermission },
} satisfies Partial<Record<ChatReason, ChatErrorText>>;

const TEXTS: Record<ChatView, Record<ChatReason, ChatErrorText>> = {
  service: {
    ...OPENING,
    // Starting a chat: 'Failed to check existing chats' on its own, else 'Failed to create chat' with why.
    chat_check_failed: { title: c.checkFailed, description: c.checkFailed },
    chat_create_failed: { title: c.createFailed, description: c.createFailed },
    chat_service_not_found: { title: c.createFailed, description: m.serviceNotFound },
    chat_own_service: { title: c.createFailed, description: m.ownService },
    chat_self: { title: c.createFailed, description: m.self },
    chat_user_not_found: { title: c.createFailed, description: m.userNotFound },
    // Sending.
    sign_in_required: { title: c.authRequiredTitle, description: c.authRequired },
    message_too_long: { title: c.validationError, description: m.tooLong },
    message_empty: { title: c.validationError, description: m.empty },
    message_rate_limited: { title: c.validationError, description: m.rateLimited },
    daily_files_exceeded: { title: c.validationError, description: m.dailyFilesExceeded },
    // The other person deleted their account: nobody would ever read the message.
    recipient_deleted: { title: c.sendError, description: m.recipientDeleted },
    attachment_too_large: { title: c.fileTooLargeTitle, description: c.fileTooLarge },
    attachment_type: { title: c.fileTypeTitle, description: c.fileType },
    attachment_upload_failed: { title: c.uploadFailedTitle, description: c.uploadFailed },
    message_send_failed: { title: c.sendError, description: c.sendError },
    // A block (ADR 024), starting or sending: the blocked person reads only the neutral sentence.
    message_undeliverable: { title: b.message_undeliverable },
    blocked_by_you: { title: b.blocked_by_you },
  },
  live: {
    ...OPENING,
    // Starting a chat: whatever failed, 'Fehler' / 'Fehler beim Erstellen des Chats'.
    chat_check_failed: { title: l.errorTitle, description: l.createFailed },
    chat_create_failed: { title: l.errorTitle, description: l.createFailed },
    chat_service_not_found: { title: l.errorTitle, description: l.createFailed },
    chat_own_service: { title: l.errorTitle, description: l.createFailed },
    chat_self: { title: l.errorTitle, description: l.createFailed },
    chat_user_not_found: { title: l.errorTitle, description: l.createFailed },
    // Sending: 'Fehler' with the server's message, except where the spec has its own.
    sign_in_required: { title: l.errorTitle, description: l.authRequired },
    message_too_long: { title: l.errorTitle, description: m.tooLong },
    message_empty: { title: l.errorTitle, description: m.empty },
    message_rate_limited: { title: l.errorTitle, description: m.rateLimited },
    daily_files_exceeded: { title: l.errorTitle, description: m.dailyFilesExceeded },
    recipient_deleted: { title: l.errorTitle, description: m.recipientDeleted },
    attachment_too_large: { title: l.fileTooLargeTitle, description: l.fileTooLarge },
    attachment_type: { title: l.fileTypeTitle, description: l.fileType },
    attachment_upload_failed: { title: l.errorTitle, description: l.uploadFailed },
    message_send_failed: { title: l.errorTitle, description: l.sendFailed },
    message_undeliverable: { title: l.errorTitle, description: b.message_undeliverable },
    blocked_by_you: { title: l.errorTitle, description: b.blocked_by_you },
  },
};

/** A send that got no usable answer (the server failed unexpectedly, or answered something else). */
const SEND_FAILED: Record<ChatView, ChatErrorText> = {
  service: { title: c.sendError },
  live: { title: l.errorTitle, description: l.sendFailed },
};

function isChatReason(view: ChatView, reason: string): reason is ChatReason {
  return Object.hasOwn(TEXTS[view], reason);
}

/**
 * The toast for a failure (`{ reason, message }` as the server's failure adapter answers it) in
 * a view. A reason the chats do not word themselves shows the server's message under the view's
 * general title; an unexpected failure while starting a chat reads as 'Failed to create chat',
 * while sending as the view's send error.
 */
export function chatErrorText(view: ChatView, step: ChatStep, failure: { reason: string; message?: string }): ChatErrorText {
  if (isChatReason(view, failure.reason)) return TEXTS[view][failure.reason];
  if (step === "start") return TEXTS[view].chat_create_failed;
  if (failure.reason === "unexpected" || !failure.message) return SEND_FAILED[view];
  return { title: view === "service" ? c.sendError : l.errorTitle, description: failure.message };
}

/** A send that never got an answer (the connection broke): with a file, the upload failed. */
export function chatSendAbortedText(view: ChatView, withFile: boolean): ChatErrorText {
  if (view === "service") return { title: c.sendError, description: withFile ? c.uploadFailed : undefined };
  return { title: l.errorTitle, description: withFile ? l.uploadFailed : l.sendFailed };
}

/** Loading earlier messages failed. */
export function chatLoadFailedText(view: ChatView): ChatErrorText {
  return { title: view === "service" ? c.sendError : l.errorTitle, description: l.loadMessagesFailed };
}
