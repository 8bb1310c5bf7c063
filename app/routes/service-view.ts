import { data } from "react-router";
import { incrementServiceViews } from "~/features/services/services.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/service-view";

/** Opening a detail counts one view (one atomic SQL update). */
export async function action({ params }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const views = await incrementServiceViews(db, params.id);
  if (views === null) throw data(null, { status: 404 });
  return Response.json({ views });
}
