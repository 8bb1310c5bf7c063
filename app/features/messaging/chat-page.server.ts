import { data, redirect } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { presenceFor } from "~/features/presence/presence.server";
import { isServiceId } from "~/features/services/service-id";
import { setFlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { database, signInPath } from "~/lib/request-context.server";
import { getStorage } from "~/lib/storage.server";
import { isPrefetch } from "~/lib/request-kind.server";
import { failureOf, reportUnexpected } from "~/lib/responses.server";
import {
  conversationHeader,
  getConversationFor,
  listConversations,
  startDirectConversation,
  startServiceConversation,
  VIEW_PATH,
  viewOf,
} from "./conversations.server";
import { NEWEST_MESSAGE_ID } from "./anchors";
import { chatErrorText, type ChatErrorText } from "./error-texts";
import type { ChatView } from "./message-text";
import { listMessages, markConversationNotificationsSeen } from "./messages.server";
import type { RequestArgs } from "./requests.server";
import { newSendToken } from "./send-token";
import { sendMessage } from "./sending.server";
import { conversationBlock, otherAccountDeleted } from "./write-access.server";

async function redirectWithToast(to: string, { title, description }: ChatErrorText): Promise<Response> {
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": await setFlashToast({ type: "error", title, description: description === title ? undefined : description }) },
  });
}

/**
 * The loader of /chats/{id?} and /live-chat/{id?} for a signed-in user: the list of the view's
 * conversations and, with an id, the open one. Unknown: 'Chat not found'; someone else's: 'You
 * don't have permission to view this chat'; both go back to the list with the message.
 * Opening a chat marks its notifications read, but not when the GET is only a prefetch (React
 * Router's `<Link prefetch>`, the browser's speculation rules): nobody has seen the chat yet. The
 * page then says `notificationsPending`, and the browser marks them read once it shows the chat.
 */
export async function loadChatPage(args: RequestArgs, user: SessionUser, view: ChatView, chatId: string | undefined) {
  try {
    const db = await database(args.context);
    const conversations = await listConversations(db, user.id, view);
    // Online / last seen of the people shown (ADR 021); hidden ones are not in it at all.
    const presenceOf = (ids: (string | null)[]) => presenceFor(db, user.id, ids);
    if (!chatId) return { conversations, presence: await presenceOf(conversations.map((c) => c.other.userId)), active: null };
    const conversation = await getConversationFor(db, user.id, chatId);
    // A conversation of the other view opens there.
    if (viewOf(conversation.kind) !== view) throw redirect(`${VIEW_PATH[view === "service" ? "live" : "service"]}/${conversation.id}`);
    const prefetch = isPrefetch(args.request);
    const [header, page, block] = await Promise.all([
      conversationHeader(db, user.id, conversation),
      listMessages(db, user.id, conversation.id),
      conversationBlock(db, conversation, user.id),
      // Opening the chat clears its notifications (issue #18); spec: mark-read errors are only logged.
      prefetch
        ? null
        : markConversationNotificationsSeen(db, user.id, conversation.id).catch((error: unknown) => reportUnexpected(error, "marking chat notifications read")),
    ]);
    const presence = await presenceOf([...conversations.map((c) => c.other.userId), header.other.userId]);
    // Only the blocker learns of a block (ADR 024); the blocked person's page looks as before.
    const blocked = block.blockedByMe ? { openOrder: block.openOrder } : null;
    // The other person deleted their account: the messages stay readable, but nobody is there to write to.
    const accountDeleted = otherAccountDeleted(conversation, user.id);
    // The composer's one-time token: each rendering of the page gets a new one (send-token.ts).
    const sendToken = newSendToken();
    return { conversations, presence, active: { header, page, blocked, accountDeleted, notificationsPending: prefetch, sendToken } };
  } catch (error) {
    // Redirects pass through; a failure of ours is logged and shows the error page.
    const { failure, status } = failureOf(error, "opening a chat");
    if (failure.reason === "unexpected") throw data(failure, { status });
    throw await redirectWithToast(VIEW_PATH[view], chatErrorText(view, "open", failure));
  }
}

/**
 * POST /chats (serviceId) or /live-chat (userId): start or reuse a conversation and open it;
 * refusals go back where the chat was started from, with the view's toast.
 * POST /chats/{id} or /live-chat/{id}: send a message (the shared pipeline).
 */
export async function chatPageAction(args: RequestArgs, user: SessionUser | null, view: ChatView, chatId: string | undefined) {
  if (chatId) return sendFromPage(args, user, view, chatId);

  const form = await readForm(args.request);
  const back = view === "service" ? (isServiceId(form.serviceId) ? `/services/${form.serviceId}` : "/services") : form.returnTo?.startsWith("/u/") ? form.returnTo : "/";
  if (!user) throw redirect(signInPath(args.request, back));
  let id: string;
  try {
    const db = await database(args.context);
    id =
      view === "service"
        ? await startServiceConversation(db, user.id, form.serviceId ?? "")
        : await startDirectConversation(db, user.id, form.userId ?? "");
  } catch (error) {
    const { failure } = failureOf(error, "starting a chat");
    return redirectWithToast(back, chatErrorText(view, "start", failure));
  }
  return redirect(`${VIEW_PATH[view]}/${id}`);
}

/**
 * A send posted by the page's own form: the composer before its script has run, or without
 * JavaScript (with it, the composer posts to the API and reads JSON). Either way the answer is a
 * redirect back to the chat, so a reload sends nothing twice; a refusal comes along as the view's
 * toast, worded as with JavaScript. The form's one-time token makes a double click's second post
 * store nothing; it is answered with the same redirect.
 */
async function sendFromPage(args: RequestArgs, user: SessionUser | null, view: ChatView, chatId: string): Promise<Response> {
  const here = `${VIEW_PATH[view]}/${encodeURIComponent(chatId)}`;
  if (!user) throw redirect(signInPath(args.request, here));
  try {
    const db = await database(args.context);
    await sendMessage(db, getStorage(), { userId: user.id, conversationId: chatId, request: args.request });
  } catch (error) {
    const { failure } = failureOf(error, "sending a message");
    return redirectWithToast(here, chatErrorText(view, "send", failure));
  }
  return redirect(`${here}#${NEWEST_MESSAGE_ID}`, 303);
}
