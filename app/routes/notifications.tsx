import { Bell, CheckCheck, SlidersHorizontal } from "~/components/ui/icons";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "~/features/notifications/notifications.server";
import { useRealtimeEvents } from "~/features/realtime/realtime-client";
import { de, pageMeta } from "~/i18n/de";
import { notificationsPageDe as t } from "~/i18n/notifications-page.de";
import { cn } from "~/lib/class-names";
import { setFlashToast } from "~/lib/flash.server";
import { formatChatStamp } from "~/lib/format";
import { readForm } from "~/lib/forms.server";
import { database, signedInUser } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/notifications";

/** One's notifications show on no page a signed-out visitor sees. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

export function meta() {
  return pageMeta(t.title, t.metaDescription, { robots: "noindex" });
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { notifications: await listNotifications(await database(context), user.id) };
}

/**
 * Plain posts (the page works without JavaScript): one notification is marked read and the browser
 * goes where it leads (an address of this site only); "Alle als gelesen markieren" comes back here.
 * Another user's id, or one that is gone, changes nothing and comes back here too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const db = await database(context);
  const form = await readForm(request);
  if (form.intent === "read-all") {
    await markAllNotificationsRead(db, user.id);
    throw redirect("/benachrichtigungen", { status: 303, headers: { "Set-Cookie": await setFlashToast({ type: "success", title: t.markedAllRead }) } });
  }
  const marked = form.intent === "read" ? await markNotificationRead(db, user.id, form.id ?? "") : null;
  const link = marked?.link;
  throw redirect(link && link.startsWith("/") && !link.startsWith("//") ? link : "/benachrichtigungen", { status: 303 });
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const revalidator = useRevalidator();
  const busy = useNavigation().state !== "idle";
  // A new notification (or the counts after reading elsewhere): the list follows.
  useRealtimeEvents((event) => {
    if (event.type === "notification.created" || event.type === "counts" || event.type === "ready") {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }
  });
  const unread = notifications.filter((n) => !n.read).length;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <p className="mt-1 text-muted-foreground">{t.intro}</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile#notification-settings">
            <SlidersHorizontal aria-hidden="true" />
            {t.settings}
          </Link>
        </Button>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card px-4 py-3">
        <p className="text-sm" aria-live="polite">
          {unread > 0 ? t.unreadCount(unread) : t.allRead}
        </p>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            {/* Enabled while it is sent: a disabled button would drop the keyboard focus. */}
            <Button type="submit" variant="outline" size="sm" aria-disabled={busy || undefined}>
              <CheckCheck aria-hidden="true" />
              {t.markAllRead}
            </Button>
          </Form>
        )}
      </div>
      {notifications.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <Bell className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 font-medium">{de.notifications.empty}</p>
        </div>
      ) : (
        <ul className="mt-6 divide-y overflow-hidden rounded-xl border bg-card">
          {notifications.map((item) => (
            <li key={item.id}>
              <Form method="post">
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  className={cn(
                    "flex w-full gap-3 px-4 py-3 text-left text-sm transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                    !item.read && "bg-primary/5",
                  )}
                >
                  <span aria-hidden="true" className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.read ? "bg-transparent" : "bg-primary")} />
                  <span className="min-w-0 flex-1">
                    <span className={cn("block break-words", !item.read && "font-semibold")}>
                      {!item.read && <span className="sr-only">{de.notifications.unread}: </span>}
                      {item.title}
                    </span>
                    <span className="block break-words text-muted-foreground">{item.message}</span>
                    <span className="mt-1 block text-xs text-muted-foreground">{formatChatStamp(item.createdAt)}</span>
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
