import { redirect } from "react-router";
import { de } from "~/i18n/de";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { optionalUser } from "~/lib/request-context.server";
import type { Route } from "./+types/auth.verified";

/**
 * Where Better Auth sends the browser after a verification link. A link it refused comes with
 * `?error=…`. A valid one for an address not yet confirmed verifies it and comes with a new
 * session: signed in, on to the start page. A valid one for an address confirmed before (the link
 * opened a second time) comes without either: Better Auth neither verifies nor signs in again, so
 * the visitor is told so and led to the sign-in.
 */
export async function loader(args: Route.LoaderArgs) {
  const refused = new URL(args.request.url).searchParams.has("error");
  const signedIn = !refused && (await optionalUser(args)) !== null;
  const [toast, to]: [FlashToast, string] = refused
    ? [{ type: "error", title: de.auth.verifyFailedTitle, description: de.auth.verifyFailedText }, "/auth"]
    : signedIn
      ? [{ type: "success", title: de.auth.verifiedTitle, description: de.auth.verifiedText }, "/"]
      : [{ type: "info", title: de.auth.alreadyVerifiedTitle, description: de.auth.alreadyVerifiedText }, "/auth"];
  return redirect(to, { headers: { "Set-Cookie": await setFlashToast(toast) } });
}
