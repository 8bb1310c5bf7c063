import { ArrowLeft, MessagesSquare, Search, UserX } from "~/components/ui/icons";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigation, useRevalidator } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { CountBadge } from "~/components/ui/count-badge";
import { useToastsBelow } from "~/components/ui/toast";
import { de } from "~/i18n/de";
import { formatChatListTime, formatChatStamp } from "~/lib/format";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import type { PresenceView } from "~/features/presence/format";
import { PresenceStatus } from "~/features/presence/components/presence-status";
import { TypingIndicator } from "~/features/presence/components/typing-indicator";
import { useOtherTyping, useTypingSignal } from "~/features/presence/use-typing";
import { cn } from "~/lib/class-names";
import { messageText, type ChatView } from "../message-text";
import type { ConversationSummary, OrderRef, PersonView } from "../conversations.server";
import { orderAbout, ordersNeedingTime } from "../order-about";
import { chatLoadFailedText } from "../error-texts";
import type { MessagePage } from "../messages.server";
import { useConversation } from "../use-conversation";
import { BlockButton } from "~/features/blocks/components/block-button";
import { BlockedNotice } from "~/features/blocks/components/blocked-notice";
import { Composer } from "./composer";
import { InboxSwitch } from "./inbox-switch";
import { MessageList } from "./message-list";

export interface ActiveConversation {
  header: { id: string; other: PersonView; service: { id: string; title: string } | null; order: OrderRef | null };
  page: MessagePage;
  /** The viewer blocked the other person (ADR 024); `openOrder`: this order's chat stays open. */
  blocked: { openOrder: boolean } | null;
  /** The other person deleted their account: the messages stay readable, nothing can be sent. */
  accountDeleted: boolean;
  /** The page was a prefetch, whose loader marked nothing read: the browser does it on showing the chat. */
  notificationsPending?: boolean;
  /** The composer's first one-time token (send-token.ts). */
  sendToken: string;
}

const BASE: Record<ChatView, string> = { service: "/chats", live: "/live-chat" };

/** "Blockieren" in the header and "Blockierung aufheben" in the notice: each takes the focus when the other was used. */
const BLOCK_ID = "conversation-block";
const UNBLOCK_ID = "conversation-unblock";

/**
 * Blocking or unblocking here replaces the button that did it (the dialog's "Blockieren" goes with
 * the header's button; "Blockierung aufheben" with its notice), so the focus would fall to the page's
 * body. It goes to the button of the opposite action instead, which the change has just put in place.
 */
function useFocusAfterBlockChange(blocked: boolean) {
  const previous = useRef(blocked);
  useEffect(() => {
    if (previous.current === blocked) return;
    previous.current = blocked;
    const focused = document.activeElement;
    // Someone who already moved on (or a control that is still there) keeps the focus.
    if (focused && focused !== document.body && focused.isConnected) return;
    document.getElementById(blocked ? UNBLOCK_ID : BLOCK_ID)?.focus();
  }, [blocked]);
}

/** In a conversation whose other person deleted their account: takes the composer's place. */
function AccountDeletedNote() {
  return (
    <div className="border-t bg-muted/60 p-3 sm:px-4">
      <p className="flex items-start gap-2 text-sm">
        <UserX className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{de.messaging.recipientDeleted}</span>
      </p>
    </div>
  );
}

/** Online / last seen by user id, as the server allows the viewer to know it (ADR 021). */
export type PresenceByUser = Record<string, PresenceView | null>;
/** While a chat screen is open, presence is re-read this often (a process that died announces no one going offline). */
const PRESENCE_REREAD_MS = 2 * 60_000;

function ConversationItem({
  view,
  conversation,
  presence,
  withTime,
}: {
  view: ChatView;
  conversation: ConversationSummary;
  presence: PresenceView | null | undefined;
  /** An order's conversation names the time of booking too (another one of the same day is listed). */
  withTime: boolean;
}) {
  const last = conversation.lastMessage;
  const preview = last
    ? `${view === "live" && last.mine ? de.liveChat.you : ""}${messageText(view, { content: last.text, file: last.fileName ? { name: last.fileName } : null })}`
    : "";
  // Service chat: relative (time / weekday / month and day); live chat: dd.MM.yyyy HH:mm or the created date.
  const time =
    view === "service"
      ? formatChatListTime(last?.createdAt ?? conversation.createdAt)
      : formatChatStamp(last?.createdAt ?? conversation.createdAt);
  return (
    <NavLink
      to={`${BASE[view]}/${conversation.id}`}
      className={({ isActive }) =>
        cn(
          "flex gap-3 rounded-lg px-3 py-3 transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          isActive && "bg-accent",
        )
      }
    >
      <Avatar src={conversation.other.avatarUrl} firstName={conversation.other.firstName} lastName={conversation.other.lastName} className="size-10" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn("truncate", conversation.unreadCount > 0 ? "font-semibold" : "font-medium")}>{conversation.other.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground" suppressHydrationWarning>
            {time}
          </span>
        </span>
        {view === "service" && (
          <span className="block truncate text-xs text-primary">
            {conversation.order ? orderAbout(conversation.order, withTime) : de.chats.about(conversation.service?.title ?? de.messaging.unknownService)}
          </span>
        )}
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className="truncate text-sm text-muted-foreground">{preview}</span>
          <CountBadge count={conversation.unreadCount} label={de.messaging.unread(conversation.unreadCount)} />
        </span>
        <PresenceStatus presence={presence} />
      </span>
    </NavLink>
  );
}

function ConversationPane({
  view,
  active,
  action,
  presence,
  withTime,
}: {
  view: ChatView;
  active: ActiveConversation;
  action: string;
  presence: PresenceView | null | undefined;
  /** As in the list: the order is named with the time of booking too. */
  withTime: boolean;
}) {
  const conversation = useConversation(active.header.id, active.page, chatLoadFailedText(view), { notificationsPending: active.notificationsPending });
  const { other, service, order } = active.header;
  const here = `${BASE[view]}/${active.header.id}`;
  const lastTheirs = conversation.messages.findLast((m) => !m.mine)?.id ?? null;
  const typing = useOtherTyping(active.header.id, other.userId, lastTheirs);
  const onTyping = useTypingSignal(active.header.id);
  useFocusAfterBlockChange(!!active.blocked);
  // A refusal's toast must not hide who the chat is with, the back button or "Blockieren".
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 flex-1 flex-col">
      <header ref={headerRef} className="flex items-center gap-3 border-b px-3 py-2.5 sm:px-4">
        <Link
          to={BASE[view]}
          className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
          aria-label={de.messaging.back}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <Avatar src={other.avatarUrl} firstName={other.firstName} lastName={other.lastName} />
        <div className="min-w-0">
          {/* Where the focus goes when the conversation opens (lib/navigation-focus): on a phone the page's h1 is hidden then. */}
          <h2 id="conversation-title" data-navigation-focus className="truncate font-semibold">
            {other.username ? (
              <Link to={`/u/${other.username}`} className="hover:underline">
                {other.name}
              </Link>
            ) : (
              other.name
            )}
          </h2>
          {view === "service" && (
            // Room between the two links of the header (WCAG 2.5.8's spacing for small targets).
            <p className="mt-1.5 truncate text-xs text-muted-foreground">
              {order ? (
                <Link to={`/orders/${order.id}`} className="hover:underline">
                  {orderAbout(order, withTime)}
                </Link>
              ) : service ? (
                <Link to={`/services/${service.id}`} className="hover:underline">
                  {de.chats.about(service.title)}
                </Link>
              ) : (
                de.chats.about(de.messaging.unknownService)
              )}
            </p>
          )}
          <PresenceStatus presence={presence} />
        </div>
        {other.userId && !active.blocked && (
          <BlockButton id={BLOCK_ID} userId={other.userId} name={other.name} returnTo={here} compact variant="ghost" className="ml-auto shrink-0" />
        )}
      </header>
      <MessageList
        view={view}
        messages={conversation.messages}
        hasEarlier={conversation.hasEarlier}
        loadingEarlier={conversation.loadingEarlier}
        onLoadEarlier={() => void conversation.loadEarlier()}
        emptyText={view === "service" ? de.chats.noMessages : de.liveChat.noMessages}
      />
      <TypingIndicator name={other.firstName?.trim() || other.name} typing={typing} />
      {active.accountDeleted ? (
        <AccountDeletedNote />
      ) : (
        <>
          {active.blocked && other.userId && (
            <BlockedNotice unblockId={UNBLOCK_ID} userId={other.userId} name={other.name} openOrder={active.blocked.openOrder} returnTo={here} />
          )}
          {(!active.blocked || active.blocked.openOrder) && (
            <Composer
              view={view}
              conversationId={active.header.id}
              action={action}
              sendToken={active.sendToken}
              onSent={conversation.addSent}
              onTyping={onTyping}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * Both chat screens: the list on the left and the open conversation on the right on wide
 * screens; on narrow ones either the list or the conversation (with a back button).
 */
export function ChatScreen({
  view,
  conversations,
  presence,
  active,
}: {
  view: ChatView;
  conversations: ConversationSummary[];
  presence: PresenceByUser;
  active: ActiveConversation | null;
}) {
  const [query, setQuery] = useState("");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  // The list (last messages, unread counts) follows the stream: re-read it after an event.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvents((event) => {
    // 'counts' also follows this tab's own mark-read, so the open chat's unread badge clears.
    // 'presence': someone shown here came online or went (ids only; the loader re-reads it).
    if (!["message.created", "message.read", "counts", "ready", "presence"].includes(event.type)) return;
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void revalidator.revalidate(), 300);
  });
  useEffect(() => () => clearTimeout(pending.current), []);
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate.current();
    }, PRESENCE_REREAD_MS);
    return () => clearInterval(timer);
  }, []);
  const location = useLocation();
  // Another conversation is loading. The open one re-read (after blocking or unblocking, say) stays
  // on screen: replacing it would drop the keyboard focus and remount it.
  const switching =
    navigation.state === "loading" && navigation.location.pathname.startsWith(`${BASE[view]}/`) && navigation.location.pathname !== location.pathname;
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase("de");
    if (!q) return conversations;
    return conversations.filter((c) =>
      [c.other.name, c.service?.title ?? c.order?.title ?? "", c.lastMessage?.text ?? ""].some((v) => v.toLocaleLowerCase("de").includes(q)),
    );
  }, [conversations, query]);
  const t = view === "service" ? de.chats : de.liveChat;
  const withTime = useMemo(() => ordersNeedingTime(conversations), [conversations]);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col px-0 py-0 sm:px-6 sm:py-6">
      <h1 className={cn("px-4 pb-3 pt-4 text-2xl font-bold tracking-tight sm:px-0 sm:pt-0", active && "sr-only md:not-sr-only")}>{t.title}</h1>
      <div className="chat-screen flex h-[calc(100dvh-4rem)] min-h-[26rem] overflow-hidden border-y bg-card sm:h-[calc(100dvh-11rem)] sm:rounded-xl sm:border">
        <aside
          aria-label={t.title}
          className={cn("w-full flex-col border-r md:w-80 md:shrink-0", active ? "hidden md:flex" : "flex")}
        >
          <InboxSwitch view={view} />
          {view === "service" && (
            <div className="border-b p-3">
              <label className="relative block">
                <span className="sr-only">{de.chats.search}</span>
                <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
                <input
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  placeholder={de.chats.searchPlaceholder}
                  className="h-10 w-full rounded-md border border-input bg-background pl-9 pr-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
                />
              </label>
            </div>
          )}
          <div className="flex-1 overflow-y-auto p-2">
            {conversations.length === 0 ? (
              <div className="px-3 py-10 text-center">
                <MessagesSquare className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
                <p className="mt-3 font-medium">{view === "service" ? de.chats.noChats : de.liveChat.empty}</p>
                {view === "service" && <p className="mt-1 text-sm text-muted-foreground">{de.chats.noChatsText}</p>}
              </div>
            ) : shown.length === 0 ? (
              <p className="px-3 py-8 text-center text-sm text-muted-foreground">{de.chats.noMatches}</p>
            ) : (
              <ul className="space-y-1">
                {shown.map((c) => (
                  <li key={c.id}>
                    <ConversationItem view={view} conversation={c} presence={c.other.userId ? presence[c.other.userId] : null} withTime={withTime.has(c.id)} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </aside>
        <div className={cn("min-w-0 flex-1 flex-col", active ? "flex" : "hidden md:flex")}>
          {switching ? (
            <p role="status" className="m-auto text-sm text-muted-foreground">
              {de.liveChat.loading}
            </p>
          ) : active ? (
            <ConversationPane
              key={active.header.id}
              view={view}
              active={active}
              action={`${BASE[view]}/${active.header.id}`}
              presence={active.header.other.userId ? presence[active.header.other.userId] : null}
              withTime={withTime.has(active.header.id)}
            />
          ) : (
            <div className="m-auto max-w-xs px-6 text-center">
              <MessagesSquare className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
              <p className="mt-3 font-medium">{view === "service" ? de.chats.selectChatTitle : de.liveChat.noneSelected}</p>
              {view === "service" && <p className="mt-1 text-sm text-muted-foreground">{de.chats.selectChat}</p>}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
