import { createCookie, redirect } from "react-router";
import { sessionCreatedAt } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { env } from "~/lib/env.server";
import { setFlashToast, type FlashToast } from "~/lib/flash.server";
import { database, session } from "~/lib/request-context.server";
import type { Route } from "./+types/auth.verified";

/**
 * A session this young can have been made by the verification that redirected here (Better Auth
 * signs in as it confirms): generous for a slow redirect, short beside a session someone signed
 * in with before.
 */
const FRESH_SESSION_MS = 2 * 60_000;

/**
 * The session that was welcomed here already (its id, signed), so that the link opened again at
 * once in the same browser is not a second welcome.
 */
function welcomedCookie() {
  return createCookie("welcomed", {
    httpOnly: true,
    sameSite: "lax",
    path: "/auth/verified",
    maxAge: FRESH_SESSION_MS / 1000,
    secure: env().baseUrl.startsWith("https://"),
    secrets: [env().authSecret],
  });
}

/**
 * Where Better Auth sends the browser after a verification link. A link it refused comes with
 * `?error=…`. A valid one for an address not yet confirmed verifies it and comes with a new
 * session: signed in, on to the start page with a welcome. A valid one for an address confirmed
 * before (the link opened a second time) comes without either: Better Auth neither verifies nor
 * signs in again, so the visitor is told so and led to the sign-in; someone signed in already
 * (a session welcomed here before, or older than the redirect) is told the same and stays signed
 * in: sign-in requires a confirmed address, so theirs needs nothing more.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const refused = new URL(request.url).searchParams.has("error");
  const current = refused ? null : await session(context);
  const sessionId = current?.user ? current.sessionId : undefined;
  let fresh = false;
  if (sessionId) {
    const startedAt = await sessionCreatedAt(await database(context), sessionId);
    const welcomed: unknown = await welcomedCookie().parse(request.headers.get("Cookie"));
    fresh = startedAt !== null && Date.now() - startedAt.getTime() < FRESH_SESSION_MS && welcomed !== sessionId;
  }
  const [toast, to]: [FlashToast, string] = refused
    ? [{ type: "error", title: de.auth.verifyFailedTitle, description: de.auth.verifyFailedText }, "/auth"]
    : fresh
      ? [{ type: "success", title: de.auth.verifiedTitle, description: de.auth.verifiedText }, "/"]
      : sessionId
        ? [{ type: "info", title: de.auth.alreadyVerifiedTitle, description: de.auth.alreadyVerifiedSignedInText }, "/"]
        : [{ type: "info", title: de.auth.alreadyVerifiedTitle, description: de.auth.alreadyVerifiedText }, "/auth"];
  const headers = new Headers({ "Set-Cookie": await setFlashToast(toast) });
  if (fresh) headers.append("Set-Cookie", await welcomedCookie().serialize(sessionId));
  return redirect(to, { headers });
}
