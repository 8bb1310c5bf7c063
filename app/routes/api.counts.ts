import { data } from "react-router";
import { loadUnreadCounts } from "~/features/notifications/counts.server";
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
  return Response.json(await loadUnreadCounts(db, user.id), { headers: { "Cache-Control": "private, no-store" } });
}
