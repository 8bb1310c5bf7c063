import { redirect } from "react-router";
import { accountsContext, signOutEverywhere } from "~/features/auth/accounts.server";
import { publish } from "~/features/realtime/realtime.server";
import { de } from "~/i18n/de";
import { setFlashToast } from "~/lib/flash.server";
import { database, optionalUser } from "~/lib/request-context.server";
import { failureOf, reportUnexpected } from "~/lib/responses.server";
import type { Route } from "./+types/auth.sign-out";

/** Abmelden: ends every session of the user (global sign-out) and goes to /auth. */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  try {
    const user = await optionalUser(args);
    const { headers } = await signOutEverywhere(await accountsContext(request));
    // Open event streams of the user's other tabs end now instead of at their next heartbeat.
    // The sessions are gone either way: a failed notice must not turn the sign-out into a failure.
    if (user) {
      await publish(await database(args.context), [user.id], { type: "session.ended" }).catch((error: unknown) =>
        reportUnexpected(error, "ending event streams at sign-out"),
      );
    }
    headers.append("Set-Cookie", await setFlashToast({ type: "success", title: de.auth.signedOutTitle, description: de.auth.signedOutText }));
    return redirect("/auth", { headers });
  } catch (error) {
    // The auth server's refusal with its message; anything else is logged and worded generally.
    const { failure } = failureOf(error, "sign-out");
    const description = failure.reason === "unexpected" ? de.auth.signOutError : failure.message;
    const flash = await setFlashToast({ type: "error", title: de.auth.signOutFailed, description });
    return redirect("/", { headers: { "Set-Cookie": flash } });
  }
}

export function loader() {
  return redirect("/");
}
