import { data } from "react-router";
import { countUnreadMessages } from "~/features/messaging/messages.server";
import { countUnreadNotifications } from "~/features/notifications/notifications.server";
import { database, optionalUser } from "~/lib/request-context.server";
import type { Route } from "./+types/api.counts";

/**
 * GET /api/counts (the spec's get-notification-counts): newMessages for the badge and the
 * unread notifications, for the signed-in user only. Polled every 30 s while the stream is down.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await optionalUser(args);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const db = await database(args.context);
  const [newMessages, unreadNotifications] = await Promise.all([countUnreadMessages(db, user.id), countUnreadNotifications(db, user.id)]);
  return Response.json({ newMessages, unreadNotifications }, { headers: { "Cache-Control": "private, no-store" } });
}
