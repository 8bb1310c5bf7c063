import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { getAttachment } from "~/features/messaging/messaging.server";
import { getDatabase } from "~/lib/db.server";
import { getStorage, serveStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/api.attachments";

/**
 * GET /api/attachments/{messageId}: a chat attachment, for the conversation's two participants
 * only; anyone else (and anyone signed out) gets 404, so ids reveal nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data(null, { status: 404 });
  const { db } = await getDatabase();
  const attachment = await getAttachment(db, user.id, params.messageId);
  if (!attachment) throw data(null, { status: 404 });
  return serveStoredFile(getStorage(), attachment.key, { downloadName: attachment.name, cache: "private" });
}
