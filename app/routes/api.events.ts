import { data } from "react-router";
import { sessionStillValid } from "~/features/auth/session.server";
import { streamPresence } from "~/features/presence/presence.server";
import { eventStreamResponse } from "~/features/realtime/event-stream.server";
import { getRealtime } from "~/features/realtime/realtime.server";
import { database, session as requestSession } from "~/lib/request-context.server";
import type { Route } from "./+types/api.events";

/** GET /api/events: the Server-Sent Events stream of one signed-in tab (ids only, see realtime.server). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(context);
  if (!session.user || !session.sessionId) throw data({ error: "unauthorized" }, { status: 401 });
  const sessionId = session.sessionId;
  const db = await database(context);
  return eventStreamResponse({
    hub: getRealtime().hub,
    userId: session.user.id,
    signal: request.signal,
    sessionValid: () => sessionStillValid(sessionId),
    // While the stream is open the user counts as online (ADR 021).
    presence: streamPresence(db, session.user.id),
  });
}
