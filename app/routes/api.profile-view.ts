import { data } from "react-router";
import { viewPublicProfile } from "~/features/profiles/public-profile.server";
import { getDatabase } from "~/lib/db.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/api.profile-view";

/** A profile view changes nothing the shared catalogue page shows. */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** A public profile was opened: one atomic +1 (the spec's profile_views update). */
export async function action({ params }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const profile = await viewPublicProfile(db, { userId: params.userId });
  if (!profile) throw data(null, { status: 404 });
  return Response.json({ profileViews: profile.profileViews });
}
