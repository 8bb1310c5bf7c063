import { redirect } from "react-router";
import { de } from "~/i18n/de";
import { setFlashToast } from "~/lib/flash.server";
import { optionalUser } from "~/lib/request-context.server";
import type { Route } from "./+types/auth.verified";

// Where Better Auth sends the browser after a verification link: signed in, on to the start page.
export async function loader(args: Route.LoaderArgs) {
  const failed = new URL(args.request.url).searchParams.has("error") || !(await optionalUser(args));
  const flash = await setFlashToast(
    failed
      ? { type: "error", title: de.auth.verifyFailedTitle, description: de.auth.verifyFailedText }
      : { type: "success", title: de.auth.verifiedTitle, description: de.auth.verifiedText },
  );
  return redirect(failed ? "/auth" : "/", { headers: { "Set-Cookie": flash } });
}
