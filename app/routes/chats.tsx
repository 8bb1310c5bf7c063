import { redirect } from "react-router";
import { ChatScreen } from "~/features/messaging/components/chat-screen";
import { chatPageAction, loadChatPage } from "~/features/messaging/chat-page.server";
import { de, pageMeta } from "~/i18n/de";
import type { Route } from "./+types/chats";

export function meta() {
  return pageMeta(de.pages.chats);
}

/** /chats and /chats/{chatId}: the service chat (conversations about a service). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadChatPage(request, "service", params.chatId);
  if (!page.signedIn) throw redirect(`/auth?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  return page;
}

export async function action({ request, params }: Route.ActionArgs) {
  return chatPageAction(request, "service", params.chatId);
}

export default function ChatsPage({ loaderData }: Route.ComponentProps) {
  return <ChatScreen view="service" conversations={loaderData.conversations} active={loaderData.active} />;
}
