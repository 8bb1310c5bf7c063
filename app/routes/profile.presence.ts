import { data } from "react-router";
import { apiUser } from "~/features/messaging/requests.server";
import { loadPresenceSetting, savePresenceSetting } from "~/features/presence/presence.server";
import { readForm } from "~/lib/forms.server";
import { database } from "~/lib/request-context.server";
import { actionResult, errorResponse } from "~/lib/responses.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/profile.presence";

/** The setting changes no page a signed-out visitor sees: the page cache stays. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** GET /profile/presence: the signed-in user's "Online-Status anzeigen" (the profile's section reads it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const user = await apiUser({ request, context });
    const showStatus = await loadPresenceSetting(await database(context), user.id);
    return data({ showStatus }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    throw errorResponse(error, "reading the presence setting");
  }
}

/** POST /profile/presence (showStatus=on|off): saves it; bad input is a 400 with the field's message. */
export async function action({ request, context }: Route.ActionArgs) {
  return actionResult(
    async () => {
      const user = await apiUser({ request, context });
      const input = await readForm(request);
      return { showStatus: await savePresenceSetting(await database(context), { actorId: user.id, input }) };
    },
    { where: "presence setting" },
  );
}
