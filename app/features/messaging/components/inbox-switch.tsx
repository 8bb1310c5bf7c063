import { Link, useRouteLoaderData } from "react-router";
import { CountBadge } from "~/components/ui/count-badge";
import type { UnreadCounts } from "~/features/notifications/counts.server";
import { inboxDe } from "~/i18n/inbox.de";
import { cn } from "~/lib/class-names";
import type { ChatView } from "../message-text";

const VIEWS: { view: ChatView; to: string; label: string }[] = [
  { view: "service", to: "/chats", label: inboxDe.views.service },
  { view: "live", to: "/live-chat", label: inboxDe.views.live },
];

/**
 * One inbox, two views (issue #18): above each chat list, both views as a switch, each with its
 * own unread count, so every conversation is one click from the Chats link. The counts are the
 * shell's (read with every page in one query, and re-read when the chat screen revalidates on an event).
 */
export function InboxSwitch({ view }: { view: ChatView }) {
  const root = useRouteLoaderData("root") as { counts?: UnreadCounts | null } | undefined;
  const unread = root?.counts?.unreadByView ?? { service: 0, live: 0 };
  return (
    <nav aria-label={inboxDe.views.label} className="border-b p-2">
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {VIEWS.map((item) => {
          const current = item.view === view;
          return (
            <li key={item.view}>
              <Link
                to={item.to}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex min-h-9 items-center justify-center gap-1 rounded-md px-2 py-1.5 text-center text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                  current ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
                )}
              >
                <span>{item.label}</span>
                <CountBadge count={unread[item.view]} label={inboxDe.views.unread(unread[item.view])} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
