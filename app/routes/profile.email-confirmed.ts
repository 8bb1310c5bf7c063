import { redirect } from "react-router";
import { de } from "~/i18n/de";
import { setFlashToast } from "~/lib/flash.server";
import type { Route } from "./+types/profile.email-confirmed";

/**
 * Where Better Auth sends the browser after the link of an e-mail change was opened
 * (with ?error=… when the link was invalid or expired). The change is done by then.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const failed = new URL(request.url).searchParams.has("error");
  const flash = await setFlashToast(
    failed
      ? { type: "error", title: de.profile.changeEmail.confirmFailed, description: de.profile.changeEmail.confirmFailedText }
      : { type: "success", title: de.profile.changeEmail.confirmed, description: de.profile.changeEmail.confirmedText },
  );
  return redirect("/profile", { headers: { "Set-Cookie": flash } });
}
