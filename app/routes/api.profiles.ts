import { data } from "react-router";
import { authorProfile, findPublicProfile } from "~/features/profiles/public-profile.server";
import { database } from "~/lib/request-context.server";
import type { Route } from "./+types/api.profiles";

/** The public fields of a profile as JSON (the author dialog on service cards). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const profile = await findPublicProfile(await database(context), { userId: params.userId });
  if (!profile) return data({ error: "Profile not found" }, { status: 404 });
  return Response.json(authorProfile(profile), { headers: { "Cache-Control": "private, max-age=60" } });
}
