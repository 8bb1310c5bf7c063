import { CheckCheck } from "~/components/ui/icons";
import { Popover } from "radix-ui";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { de } from "~/i18n/de";
import { formatChatStamp } from "~/lib/format";
import { cn } from "~/lib/class-names";
import type { NotificationView } from "../notifications.server";
import { requestCountsRefresh } from "../use-live-counts";

async function post(fields: Record<string, string>): Promise<{ link?: string | null } | null> {
  const response = await fetch("/api/notifications", { method: "POST", body: new URLSearchParams(fields) });
  return response.ok ? ((await response.json()) as { link?: string | null }) : null;
}

/**
 * The shell's notifications (spec section 2), loaded by ./notifications-menu: the latest 50, unread ones marked; clicking one
 * marks it read and opens what it is about; Mark all read. Mounted when the bell (outside this module,
 * so that it works before this code arrived) is first clicked; `open` is the bell's state.
 */
export function NotificationsPopover({
  open,
  onOpenChange,
  bell,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bell: RefObject<HTMLButtonElement | null>;
}) {
  const navigate = useNavigate();
  const setOpen = onOpenChange;
  // Closed by a click or focus elsewhere: the focus stays there (else it goes back to the bell).
  const leftOutside = useRef(false);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [failed, setFailed] = useState(false);

  // State is set only when the answer is there (also when called by the effect below).
  const load = useCallback(
    () =>
      fetch("/api/notifications", { headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return ((await response.json()) as { notifications: NotificationView[] }).notifications;
        })
        .then(
          (notifications) => {
            setItems(notifications);
            setFailed(false);
          },
          (error: unknown) => {
            console.warn("Loading notifications failed:", error);
            setFailed(true);
          },
        ),
    [],
  );

  useEffect(() => {
    if (open) void load();
  }, [open, load]);
  useRealtimeEvents((event) => {
    if (open && (event.type === "notification.created" || event.type === "ready" || event.type === "counts")) void load();
  });

  const openItem = async (item: NotificationView) => {
    if (!item.read) {
      setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, read: true } : n)) ?? null);
      // Marked read at once; a failed request shows the truth again (errors are only logged: spec 8).
      const saved = await post({ intent: "read", id: item.id }).catch(() => null);
      if (!saved) void load();
      requestCountsRefresh();
    }
    setOpen(false);
    if (item.link?.startsWith("/")) void navigate(item.link);
  };

  const markAll = async () => {
    setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? null);
    const saved = await post({ intent: "read-all" }).catch(() => null);
    if (!saved) void load();
    requestCountsRefresh();
  };

  const unread = items?.some((n) => !n.read) ?? false;
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={bell} />
      <Popover.Portal>
        <Popover.Content
          onInteractOutside={(event) => {
            // The bell toggles the popover itself.
            if (event.target instanceof Node && bell.current?.contains(event.target)) event.preventDefault();
            else leftOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!leftOutside.current) bell.current?.focus();
            leftOutside.current = false;
          }}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notifications-title"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border bg-popover text-popover-foreground shadow-xl outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
            <h2 id="notifications-title" className="font-semibold">
              {de.notifications.title}
            </h2>
            {/* aria-disabled, not disabled: once all are read the button would otherwise drop the
                keyboard focus out of the popover, which then closes. */}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-disabled={!unread || undefined}
              className="aria-disabled:cursor-default aria-disabled:opacity-50"
              onClick={() => {
                if (unread) void markAll();
              }}
            >
              <CheckCheck aria-hidden="true" />
              {de.notifications.markAllRead}
            </Button>
          </div>
          <div className="max-h-[min(28rem,70dvh)] overflow-y-auto">
            {items === null ? (
              <p className="px-4 py-6 text-center text-sm text-muted-foreground">{failed ? de.notifications.loadFailed : de.liveChat.loading}</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-muted-foreground">{de.notifications.empty}</p>
            ) : (
              <ul className="divide-y">
                {items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => void openItem(item)}
                      className={cn(
                        "flex w-full gap-3 px-4 py-3 text-left text-sm transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                        !item.read && "bg-primary/5",
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")}
                      />
                      <span className="min-w-0 flex-1">
                        <span className={cn("block", !item.read && "font-semibold")}>
                          {!item.read && <span className="sr-only">{de.notifications.unread}: </span>}
                          {item.title}
                        </span>
                        <span className="line-clamp-2 block text-muted-foreground">{item.message}</span>
                        <span className="mt-1 block text-xs text-muted-foreground">{formatChatStamp(item.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
