import { data } from "react-router";
import { incrementServiceViews } from "~/features/services/services.server";
import { viewOpening } from "~/features/views/view-opening.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/service-view";

/** Opening a detail counts one view per visitor and day; the answer is the count either way. */
export async function action({ params, request }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const views = await incrementServiceViews(db, params.id, await viewOpening(request));
  if (views === null) throw data(null, { status: 404 });
  return Response.json({ views });
}
