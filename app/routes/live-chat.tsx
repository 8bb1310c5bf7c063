import { LogIn } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ChatScreen } from "~/features/messaging/components/chat-screen";
import { chatPageAction, loadChatPage } from "~/features/messaging/chat-page.server";
import { de, pageMeta } from "~/i18n/de";
import { optionalUser, signInPath } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/live-chat";

/** Sends carry attachments (cut off at 10 MB while streaming); chat writes change no cached page. */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(de.pages.liveChat);
}

/**
 * /live-chat and /live-chat/{chatId}: direct conversations (started from a public profile).
 * Signed out, the page says so itself (spec) instead of redirecting.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await optionalUser({ request, context });
  if (!user) return { signedIn: false as const, signInHref: signInPath(request, "/live-chat") };
  return { signedIn: true as const, ...(await loadChatPage({ request, context }, user, "live", params.chatId)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return chatPageAction({ request, context }, await optionalUser({ request, context }), "live", params.chatId);
}

export default function LiveChatPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{de.liveChat.title}</h1>
        <p className="text-muted-foreground">{de.liveChat.signedOut}</p>
        <Button asChild>
          <Link to={loaderData.signInHref}>
            <LogIn aria-hidden="true" />
            {de.nav.signIn}
          </Link>
        </Button>
      </div>
    );
  }
  return <ChatScreen view="live" conversations={loaderData.conversations} presence={loaderData.presence} active={loaderData.active} />;
}
