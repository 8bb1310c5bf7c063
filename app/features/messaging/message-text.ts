import { de } from "~/i18n/de";

/** Which screen shows a conversation: it decides texts and accepted attachment types. */
export type ChatView = "service" | "live";

/** The text a message shows in a view: a file-only message gets the view's file text (spec section 5). */
export function messageText(view: ChatView, message: { content: string; file: { name: string } | null }): string {
  if (message.content.trim() || !message.file) return message.content;
  return view === "service" ? de.chats.sentFile(message.file.name) : `📎 ${message.file.name}`;
}

/** What the attach button offers per view (the server checks the bytes regardless). */
export const ACCEPT_ATTRIBUTE: Record<ChatView, string> = {
  service: "image/jpeg,image/png,image/gif,image/webp,application/pdf,text/plain,.txt",
  live: "image/jpeg,image/png,image/gif,image/webp,application/pdf,text/plain,.txt,.doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export function isImageType(type: string): boolean {
  return /^image\/(jpeg|png|gif|webp)$/.test(type);
}
