import { data } from "react-router";
import { viewPublicProfile } from "~/features/profiles/public-profile.server";
import { viewOpening } from "~/features/views/view-opening.server";
import { database } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.profile-view";

/** A profile view changes nothing the shared catalogue page shows. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** A public profile was opened: one view per visitor and day; the answer is the count either way. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const profile = await viewPublicProfile(await database(context), { userId: params.userId }, await viewOpening({ request, context }));
  if (!profile) throw data(null, { status: 404 });
  return Response.json({ profileViews: profile.profileViews });
}
