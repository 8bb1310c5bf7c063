import { data } from "react-router";
import { viewPublicProfile } from "~/features/profiles/public-profile.server";
import { viewOpening } from "~/features/views/view-opening.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/api.profile-view";

/** A public profile was opened: one view per visitor and day; the answer is the count either way. */
export async function action({ params, request }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const profile = await viewPublicProfile(db, { userId: params.userId }, await viewOpening(request));
  if (!profile) throw data(null, { status: 404 });
  return Response.json({ profileViews: profile.profileViews });
}
