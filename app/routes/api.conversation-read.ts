import { markConversationRead } from "~/features/messaging/messages.server";
import { apiUser } from "~/features/messaging/requests.server";
import { database } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.conversation-read";

/** Marking read changes no page a signed-out visitor sees: the page cache stays. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** POST /api/conversations/{id}/read: the viewer opened the chat; the other party's messages become read. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return actionResult(
    async () => {
      const user = await apiUser({ request, context });
      return { updated: await markConversationRead(await database(context), user.id, params.id) };
    },
    { where: "marking messages read" },
  );
}
