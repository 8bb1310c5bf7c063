import { data } from "react-router";
import { incrementServiceViews } from "~/features/services/services.server";
import { getDatabase } from "~/lib/db.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/service-view";

/**
 * Every opening of a service counts a view: clearing the shared catalogue page on each would empty
 * it on every visit, and a view count may stay a few seconds stale there.
 */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** Opening a detail counts one view (one atomic SQL update). */
export async function action({ params }: Route.ActionArgs) {
  const { db } = await getDatabase();
  const views = await incrementServiceViews(db, params.id);
  if (views === null) throw data(null, { status: 404 });
  return Response.json({ views });
}
