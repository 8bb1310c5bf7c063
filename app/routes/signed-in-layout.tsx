import { Outlet } from "react-router";
import { requireUserMiddleware } from "~/lib/request-context.server";
import type { Route } from "./+types/signed-in-layout";

/**
 * Owns every page that needs a signed-in user. Its middleware runs before any child loader or
 * action: a signed-out visitor goes to /auth and comes back here after signing in (redirectTo is
 * this page's same-origin path); children read the user with `signedInUser(context)`.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export default function SignedInLayout() {
  return <Outlet />;
}
