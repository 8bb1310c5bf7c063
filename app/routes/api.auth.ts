import { data } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import type { Route } from "./+types/api.auth";

/**
 * The only Better Auth endpoints reachable over HTTP: the links it mails
 * (verify-email, also used for a changed address) and the session refresh.
 * Every other flow goes through the pages' actions, which validate with the
 * product's rules and rate limits; so the rest of Better Auth's API is closed.
 */
const OPEN_ENDPOINTS = new Set(["/api/auth/verify-email", "/api/auth/get-session"]);

export async function loader({ request }: Route.LoaderArgs) {
  if (!OPEN_ENDPOINTS.has(new URL(request.url).pathname)) throw data(null, { status: 404 });
  return (await getAuth()).handler(request);
}

export function action() {
  throw data(null, { status: 404 });
}
