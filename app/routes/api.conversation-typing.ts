import { apiUser } from "~/features/messaging/requests.server";
import { signalTyping } from "~/features/presence/typing.server";
import { database } from "~/lib/request-context.server";
import { actionResult } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.conversation-typing";

/** A typing signal changes no page a signed-out visitor sees: the page cache stays. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/**
 * POST /api/conversations/{id}/typing: the viewer is typing in the conversation. Participants
 * only (someone else's conversation is 404); answers { ok: true, sent } where `sent` says whether
 * the other participant was told (at most once per 3 s per sender, ADR 021).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  return actionResult(
    async () => {
      const user = await apiUser({ request, context });
      return { sent: await signalTyping(await database(context), { userId: user.id, conversationId: params.id }) };
    },
    { where: "typing signal" },
  );
}
