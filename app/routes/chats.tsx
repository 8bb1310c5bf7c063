import { ChatScreen } from "~/features/messaging/components/chat-screen";
import { chatPageAction, loadChatPage } from "~/features/messaging/chat-page.server";
import { de, pageMeta } from "~/i18n/de";
import { signedInUser } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/chats";

/** Sends carry attachments (cut off at 10 MB while streaming); chat writes change no cached page. */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(de.pages.chats);
}

/** /chats and /chats/{chatId}: the service chat (conversations about a service); below the signed-in layout. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadChatPage({ request, context }, signedInUser(context), "service", params.chatId);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return chatPageAction({ request, context }, signedInUser(context), "service", params.chatId);
}

export default function ChatsPage({ loaderData }: Route.ComponentProps) {
  return <ChatScreen view="service" conversations={loaderData.conversations} presence={loaderData.presence} active={loaderData.active} />;
}
