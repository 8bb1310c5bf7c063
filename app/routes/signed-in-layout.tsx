import { Outlet, redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import type { Route } from "./+types/signed-in-layout";

/**
 * Owns every page that needs a signed-in user. A signed-out visitor goes to
 * /auth and comes back here after signing in (redirectTo is a same-origin path).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user };
}

export default function SignedInLayout() {
  return <Outlet />;
}
