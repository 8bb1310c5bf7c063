import { data, redirect } from "react-router";
import { PlaceholderPage } from "~/components/layout/placeholder-page";
import { getPublicProfile } from "~/features/services/services.server";
import { de, pageMeta } from "~/i18n/de";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/public-profile-by-id";

// Linked from a service's author: goes to /u/{username}; unknown ids are a 404.
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const profile = await getPublicProfile(db, params.userId);
  if (!profile) throw data(null, { status: 404 });
  if (profile.username) throw redirect(`/u/${encodeURIComponent(profile.username)}`);
  return null;
}

export function meta() {
  return pageMeta(de.pages.publicProfile);
}

export default function Page() {
  return <PlaceholderPage title={de.pages.publicProfile} />;
}
