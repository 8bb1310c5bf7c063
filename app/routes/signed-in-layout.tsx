import { lazy, Suspense } from "react";
import { Outlet, useLocation, useNavigation } from "react-router";
import { requireUserMiddleware } from "~/lib/request-context.server";
import type { Route } from "./+types/signed-in-layout";

/**
 * Owns every page that needs a signed-in user. Its middleware runs before any child loader or
 * action: a signed-out visitor goes to /auth and comes back here after signing in (redirectTo is
 * this page's same-origin path); children read the user with `signedInUser(context)`.
 */
export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

// /profile renders with its data (complete without JavaScript); a client navigation to it from a
// signed-in page shows the spec's loading skeleton meanwhile. Loaded only then: kept here, not in
// the root, so public pages' first load does not carry it.
const ProfileLoading = lazy(() => import("~/features/profile/components/profile-skeleton"));

export default function SignedInLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  if (navigation.state === "loading" && navigation.location.pathname === "/profile" && pathname !== "/profile") {
    return (
      <Suspense fallback={null}>
        <ProfileLoading />
      </Suspense>
    );
  }
  return <Outlet />;
}
