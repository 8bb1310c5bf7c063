import { isRouteErrorResponse } from "react-router";
import { ProfileLoadError, ProfileNotFound } from "~/features/profiles/components/profile-not-found";
import { PublicProfileView } from "~/features/profiles/components/public-profile-view";
import { loadPublicProfilePage } from "~/features/profiles/public-profile-page.server";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import { displayName } from "~/lib/format";
import type { Route } from "./+types/public-profile-by-id";

// Linked from a service's author: goes to /u/{username}, or shows the profile when there is none.
export async function loader(args: Route.LoaderArgs) {
  return loadPublicProfilePage(args, { userId: args.params.userId }, { toUsername: true });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(de.publicProfile.notFound, undefined, { robots: "noindex" });
  return pageMeta(displayName(loaderData.profile.firstName, loaderData.profile.lastName));
}

export default function PublicProfileById({ loaderData }: Route.ComponentProps) {
  return <PublicProfileView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ProfileLoadError />;
  return <ProfileNotFound />;
}
