import { data } from "react-router";
import { incrementServiceViews } from "~/features/services/service-views.server";
import { viewOpening } from "~/features/views/view-opening.server";
import { database } from "~/lib/request-context.server";
import type { PolicyHandle } from "~/lib/route-policy";
import type { Route } from "./+types/service-view";

/**
 * Every opening of a service counts a view: clearing the shared catalogue page on each would empty
 * it on every visit, and a view count may stay a few seconds stale there.
 */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/** Opening a detail counts one view per visitor and day; the answer is the count either way. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const views = await incrementServiceViews(await database(context), params.id, await viewOpening({ request, context }));
  if (views === null) throw data(null, { status: 404 });
  return Response.json({ views });
}
