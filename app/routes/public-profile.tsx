import { isRouteErrorResponse } from "react-router";
import { ProfileLoadError, ProfileNotFound } from "~/features/profiles/components/profile-not-found";
import { PublicProfileView } from "~/features/profiles/components/public-profile-view";
import { loadPublicProfilePage } from "~/features/profiles/public-profile-page.server";
import { publicDe as de, pageMeta } from "~/i18n/public.de";
import { displayName } from "~/lib/format";
import type { Route } from "./+types/public-profile";

export function loader(args: Route.LoaderArgs) {
  return loadPublicProfilePage(args, { username: args.params.username });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(de.publicProfile.notFound, undefined, { robots: "noindex" });
  const name = displayName(loaderData.profile.firstName, loaderData.profile.lastName);
  return pageMeta(name, loaderData.profile.bio?.slice(0, 160) || de.publicProfile.description(name), { ogType: "profile" });
}

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  return <PublicProfileView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <ProfileLoadError />;
  return <ProfileNotFound />;
}
