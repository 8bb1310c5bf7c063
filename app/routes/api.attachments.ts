import { getAttachment } from "~/features/messaging/attachments.server";
import { AppError } from "~/lib/errors";
import { database, optionalUser } from "~/lib/request-context.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage, serveStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/api.attachments";

/** Stored files carry their own Content-Security-Policy (app/lib/storage.server.ts). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/**
 * GET /api/attachments/{messageId}: a chat attachment, for the conversation's two participants
 * only; anyone else (and anyone signed out) gets 404, so ids reveal nothing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const user = await optionalUser({ request, context });
    const attachment = user ? await getAttachment(await database(context), user.id, params.messageId) : null;
    if (!attachment) throw new AppError("NOT_FOUND", "attachment_not_found");
    return await serveStoredFile(getStorage(), attachment.key, { downloadName: attachment.name, cache: "private" });
  } catch (error) {
    throw errorResponse(error, "serving a chat attachment");
  }
}
