import { data } from "react-router";
import { areaOf, getStorage, isValidKey, PUBLIC_AREAS, serveStoredFile } from "~/lib/storage.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/storage";

/** Stored files carry a Content-Security-Policy of their own (see serveStoredFile). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/**
 * Public files (avatars, gallery images) under /storage/{key}. Chat attachments are private and
 * never served here: they go through /api/attachments/{messageId}, which checks the participants.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  const area = isValidKey(key) ? areaOf(key) : null;
  if (!area || !PUBLIC_AREAS.includes(area)) throw data(null, { status: 404 });
  return serveStoredFile(getStorage(), key, { cache: "public" });
}
