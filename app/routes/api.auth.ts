import { getAuth } from "~/features/auth/auth.server";
import type { Route } from "./+types/api.auth";

// Better Auth's own endpoints (verification links, session refresh). The pages'
// forms go through their route actions, which call the same instance.
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
