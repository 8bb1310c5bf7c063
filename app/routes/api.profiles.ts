import { data } from "react-router";
import { getPublicProfile } from "~/features/services/services.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/api.profiles";

/** The public fields of a profile as JSON (the author dialog on service cards). */
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getDatabase();
  const profile = await getPublicProfile(db, params.userId);
  if (!profile) return data({ error: "Profile not found" }, { status: 404 });
  return Response.json(profile, { headers: { "Cache-Control": "private, max-age=60" } });
}
