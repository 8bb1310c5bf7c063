import { listMessages, messagesSince } from "~/features/messaging/messages.server";
import { apiUser, sendFromRequest } from "~/features/messaging/requests.server";
import { database, optionalUser } from "~/lib/request-context.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.conversation-messages";

/** Sends carry attachments (cut off at 10 MB while streaming); chat writes change no cached page. */
export const handle = { policy: { body: "upload", pageCache: "unaffected" } } satisfies PolicyHandle;

/**
 * GET /api/conversations/{id}/messages: participants only (someone else's conversation is 404).
 * ?before={messageId}: the 50 before it (load earlier); ?after={messageId}: catch-up from it on
 * (with an overlap; the browser de-duplicates by id); neither: the latest page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const user = await apiUser({ request, context });
    const db = await database(context);
    const url = new URL(request.url);
    const after = url.searchParams.get("after");
    const page =
      after !== null
        ? { messages: await messagesSince(db, user.id, params.id, after || null), hasEarlier: null }
        : await listMessages(db, user.id, params.id, { before: url.searchParams.get("before") });
    return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    throw errorResponse(error, "reading messages");
  }
}

/**
 * POST /api/conversations/{id}/messages: send (multipart: text, file), the same pipeline as the
 * chat pages' form posts; answers { ok: true, sent } or { ok: false, reason, message }.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  return sendFromRequest({ request, context }, await optionalUser({ request, context }), params.id);
}
