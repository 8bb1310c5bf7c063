import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { markConversationRead, MessagingError } from "~/features/messaging/messaging.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/api.conversation-read";

/** POST /api/conversations/{id}/read: the viewer opened the chat; the other party's messages become read. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const { db } = await getDatabase();
  try {
    return { updated: await markConversationRead(db, user.id, params.id) };
  } catch (error) {
    // Someone else's conversation reads as unknown (architecture.md section 5).
    if (error instanceof MessagingError) throw data({ error: error.message }, { status: error.code === "FORBIDDEN" ? 404 : error.status });
    throw error;
  }
}
