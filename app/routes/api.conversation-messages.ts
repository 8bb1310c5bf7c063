import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { listMessages, messagesSince, MessagingError } from "~/features/messaging/messaging.server";
import { sendFromRequest } from "~/features/messaging/requests.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/api.conversation-messages";

/**
 * GET /api/conversations/{id}/messages: participants only.
 * ?before={messageId}: the 50 before it (load earlier); ?after={messageId}: catch-up from it on
 * (with an overlap; the browser de-duplicates by id); neither: the latest page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data({ error: "unauthorized" }, { status: 401 });
  const { db } = await getDatabase();
  const url = new URL(request.url);
  try {
    const after = url.searchParams.get("after");
    const page =
      after !== null
        ? { messages: await messagesSince(db, user.id, params.id, after || null), hasEarlier: null }
        : await listMessages(db, user.id, params.id, { before: url.searchParams.get("before") });
    return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    // Someone else's conversation reads as unknown (architecture.md section 5).
    if (error instanceof MessagingError) throw data({ error: error.message }, { status: error.code === "FORBIDDEN" ? 404 : error.status });
    throw error;
  }
}

/**
 * POST /api/conversations/{id}/messages?view=service|live: send (multipart: text, file), the
 * same pipeline as the chat pages' form posts; answers { ok, message } or { ok: false, title, description }.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const view = new URL(request.url).searchParams.get("view") === "live" ? "live" : "service";
  return sendFromRequest(request, view, params.id);
}
