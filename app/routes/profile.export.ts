import { data } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { exportFileName, exportUserData } from "~/features/profile/export.server";
import { getDatabase } from "~/lib/db.server";
import type { Route } from "./+types/profile.export";

/**
 * Every answer of this route is `no-store`, in every form: the download (GET /profile/export),
 * React Router's data request (/profile/export.data, which carries the same export; without this
 * it would get the root's `private, no-cache`) and the refusals.
 */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/** GET /profile/export: the signed-in user's data as a JSON download; never cached anywhere. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) throw data(null, { status: 401, headers: { "Cache-Control": "no-store" } });
  const { db } = await getDatabase();
  const now = new Date();
  const body = await exportUserData(db, { actorId: user.id, now });
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
