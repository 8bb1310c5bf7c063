import { ticketFile } from "~/features/support/replies.server";
import { AppError } from "~/lib/errors";
import { database, optionalUser } from "~/lib/request-context.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage, serveStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/support-ticket-file";

/** Stored files carry their own Content-Security-Policy (app/lib/storage.server.ts). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/**
 * GET /support/{ticketId}/dateien/{fileId}: a ticket's file (a reply's, or with `beschreibung` the
 * description's), for the ticket's author and the support role only; anyone else (and anyone
 * signed out) gets 404, so ids reveal nothing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const user = await optionalUser({ request, context });
    const file = user ? await ticketFile(await database(context), user.id, params.ticketId, params.fileId) : null;
    if (!file) throw new AppError("NOT_FOUND", "attachment_not_found");
    return await serveStoredFile(getStorage(), file.key, { downloadName: file.name, cache: "private" });
  } catch (error) {
    throw errorResponse(error, "serving a ticket file");
  }
}
