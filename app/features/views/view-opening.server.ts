import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { getSessionUser } from "~/features/auth/session.server";
import { env } from "~/lib/env.server";
import type { ViewOpening } from "./view-counter.server";

/** The visitor of a request to a view counter (signed-in user, or address and browser), with the server secret. */
export async function viewOpening(request: Request): Promise<ViewOpening> {
  const user = await getSessionUser(request);
  return {
    visitor: {
      userId: user?.id ?? null,
      // Set by the Express app from the socket (server/app.ts); whatever a client sends is overwritten.
      ip: request.headers.get(CLIENT_IP_HEADER) ?? "",
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 512),
    },
    secret: env().authSecret,
  };
}
