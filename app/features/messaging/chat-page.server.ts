import { redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { isServiceId } from "~/features/services/services.server";
import { de } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import {
  conversationHeader,
  getConversationFor,
  listConversations,
  listMessages,
  MessagingError,
  startDirectConversation,
  startServiceConversation,
  VIEW_KIND,
  VIEW_PATH,
  type ChatView,
} from "./messaging.server";
import { sendFromRequest } from "./requests.server";

async function redirectWithToast(to: string, title: string, description?: string): Promise<Response> {
  return redirect(to, {
    headers: { "Set-Cookie": await setFlashToast({ type: "error", title, description: description === title ? undefined : description }) },
  });
}

/**
 * The loader of /chats/{id?} and /live-chat/{id?}: the list of the view's conversations and,
 * with an id, the open one. Unknown: 'Chat not found'; someone else's: 'You don't have
 * permission to view this chat'; both go back to the list with the message.
 */
export async function loadChatPage(request: Request, view: ChatView, chatId: string | undefined) {
  const user = await getSessionUser(request);
  if (!user) return { signedIn: false as const };
  const { db } = await getDatabase();
  const conversations = await listConversations(db, user.id, VIEW_KIND[view]);
  if (!chatId) return { signedIn: true as const, conversations, active: null };
  try {
    const conversation = await getConversationFor(db, user.id, chatId);
    // A conversation of the other view opens there.
    if (conversation.kind !== VIEW_KIND[view]) throw redirect(`${VIEW_PATH[view === "service" ? "live" : "service"]}/${conversation.id}`);
    const [header, page] = await Promise.all([conversationHeader(db, user.id, conversation), listMessages(db, user.id, conversation.id)]);
    return { signedIn: true as const, conversations, active: { header, page } };
  } catch (error) {
    if (error instanceof MessagingError) throw await redirectWithToast(VIEW_PATH[view], error.title, error.message);
    throw error;
  }
}

/**
 * POST /chats (serviceId) or /live-chat (userId): start or reuse a conversation and open it.
 * POST /chats/{id} or /live-chat/{id}: send a message (the shared pipeline).
 */
export async function chatPageAction(request: Request, view: ChatView, chatId: string | undefined) {
  if (chatId) return sendFromRequest(request, view, chatId);

  const user = await getSessionUser(request);
  const form = await readForm(request);
  const back = view === "service" ? (isServiceId(form.serviceId) ? `/services/${form.serviceId}` : "/services") : form.returnTo?.startsWith("/u/") ? form.returnTo : "/";
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
  const { db } = await getDatabase();
  const failed = view === "service" ? de.chats.createFailed : de.liveChat.createFailed;
  try {
    const id =
      view === "service"
        ? await startServiceConversation(db, user.id, form.serviceId ?? "")
        : await startDirectConversation(db, user.id, form.userId ?? "");
    return redirect(`${VIEW_PATH[view]}/${id}`);
  } catch (error) {
    if (error instanceof MessagingError) {
      // Service chat: the error's own title ('Failed to create chat', 'Failed to check existing chats');
      // live chat: 'Fehler' / 'Fehler beim Erstellen des Chats'.
      if (view === "live") return redirectWithToast(back, de.liveChat.errorTitle, failed);
      const title = error.title === de.chats.checkFailed ? error.title : failed;
      return redirectWithToast(back, title, error.message);
    }
    console.error("Starting a chat failed:", error);
    return redirectWithToast(back, view === "service" ? failed : de.liveChat.errorTitle, view === "service" ? undefined : failed);
  }
}
