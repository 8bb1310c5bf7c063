import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import type { RouterContextProvider } from "react-router";
import { env } from "~/lib/env.server";
import { optionalUser } from "~/lib/request-context.server";
import type { ViewOpening } from "./view-counter.server";

/** The visitor of a request to a view counter (signed-in user, or address and browser), with the server secret. */
export async function viewOpening(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<ViewOpening> {
  const { request } = args;
  const user = await optionalUser(args);
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
