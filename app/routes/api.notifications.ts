import { data } from "react-router";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/features/notifications/notifications.server";
import { database, optionalUser } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/api.notifications";

/** Marking notifications read changes nothing the shared catalogue page shows. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** GET: the signed-in user's latest 50 notifications. */
export async function loader(args: Route.LoaderArgs) {
  const user = await optionalUser(args);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const db = await database(args.context);
  return Response.json({ notifications: await listNotifications(db, user.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

/** POST intent=read&id=… (one, returns its link) or intent=read-all (all of the user's unread ones). */
export async function action(args: Route.ActionArgs) {
  const user = await optionalUser(args);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const db = await database(args.context);
  const form = await readForm(args.request);
  if (form.intent === "read-all") return { ok: true, updated: await markAllNotificationsRead(db, user.id) };
  if (form.intent === "read") {
    const result = await markNotificationRead(db, user.id, form.id ?? "");
    if (!result) throw data({ error: "not found" }, { status: 404 });
    return { ok: true, link: result.link };
  }
  throw data({ error: "unknown intent" }, { status: 400 });
}
