import { redirect } from "react-router";
import { orderFileFor } from "~/features/orders/queries.server";
import { AppError } from "~/lib/errors";
import { database, optionalUser, signInPath } from "~/lib/request-context.server";
import { isNavigation } from "~/lib/request-kind.server";
import { errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import { getStorage, serveStoredFile } from "~/lib/storage.server";
import type { Route } from "./+types/order-file";

/** Stored files carry their own Content-Security-Policy (app/lib/storage.server.ts). */
export const handle = { policy: { ownContentPolicy: true } } satisfies PolicyHandle;

/**
 * GET /orders/{id}/dateien/{fileId}: a delivery file, for the order's two parties only; anyone
 * else (and anyone signed out) gets 404, so ids reveal nothing.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const user = await optionalUser({ request, context });
    const file = user ? await orderFileFor(await database(context), user.id, params.id, params.fileId) : null;
    if (!file) {
      // A link followed in the browser (from a mail, a bookmark) gets a page, not a bare error:
      // signed out the sign-in, which comes back here; anyone else the order's own page (the
      // order, or the page saying there is none), which says no more than the 404 does.
      if (isNavigation(request)) return redirect(user ? `/orders/${params.id}` : signInPath(request));
      throw new AppError("NOT_FOUND", "attachment_not_found");
    }
    return await serveStoredFile(getStorage(), file.key, { downloadName: file.name, cache: "private" });
  } catch (error) {
    throw errorResponse(error, "serving a delivery file");
  }
}
