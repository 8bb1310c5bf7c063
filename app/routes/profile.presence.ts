import { data, redirect } from "react-router";
import { apiUser } from "~/features/messaging/requests.server";
import { loadPresenceSetting, savePresenceSetting } from "~/features/presence/presence.server";
import { presenceDe } from "~/i18n/presence.de";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { readForm } from "~/lib/forms.server";
import { database, requireUser } from "~/lib/request-context.server";
import { isDocumentSubmission } from "~/lib/request-kind.server";
import { actionResult, errorResponse, failureOf } from "~/lib/responses.server";
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

/**
 * POST /profile/presence (showStatus=on|off): saves it; bad input is a 400 with the field's message.
 * A plain form post without JavaScript goes back to /profile (post/redirect/get) with the outcome
 * as a flash message; signed out, to the sign-in page and back to the profile.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isDocumentSubmission(request)) {
    const user = await requireUser({ request, context }, { redirectTo: "/profile" });
    let flash: FlashToast;
    try {
      await savePresenceSetting(await database(context), { actorId: user.id, input: await readForm(request) });
      flash = { type: "success", title: presenceDe.setting.saved };
    } catch (error) {
      flash = { type: "error", title: presenceDe.setting.failed, description: failureOf(error, "presence setting").failure.message };
    }
    throw redirect("/profile", { status: 303, headers: { "Set-Cookie": await setFlashToast(flash) } });
  }
  return actionResult(
    async () => {
      const user = await apiUser({ request, context });
      const input = await readForm(request);
      return { showStatus: await savePresenceSetting(await database(context), { actorId: user.id, input }) };
    },
    { where: "presence setting" },
  );
}
