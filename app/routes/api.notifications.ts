import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/features/notifications/notifications.server";
import { getDatabase } from "~/lib/db.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/api.notifications";

/** GET: the signed-in user's latest 50 notifications. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const { db } = await getDatabase();
  return Response.json({ notifications: await listNotifications(db, user.id) }, { headers: { "Cache-Control": "private, no-store" } });
}

/** POST intent=read&id=… (one, returns its link) or intent=read-all (all of the user's unread ones). */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const { db } = await getDatabase();
  const form = await readForm(request);
  if (form.intent === "read-all") return { ok: true, updated: await markAllNotificationsRead(db, user.id) };
  if (form.intent === "read") {
    const result = await markNotificationRead(db, user.id, form.id ?? "");
    if (!result) throw data({ error: "not found" }, { status: 404 });
    return { ok: true, link: result.link };
  }
  throw data({ error: "unknown intent" }, { status: 400 });
}
