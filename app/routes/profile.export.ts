import { data, redirectDocument } from "react-router";
import { exportDownload } from "~/features/profile/export.server";
import { database, optionalUser, requestInfo, requireUser } from "~/lib/request-context.server";
import type { Route } from "./+types/profile.export";

/** Personal data: kept nowhere, whichever form the answer takes (the download or React Router's `.data`). */
const NO_STORE = { "Cache-Control": "no-store" };

/** GET /profile/export: the signed-in user's data as a JSON download; never cached anywhere. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Signed out, a browser opening the address goes to the sign-in page and back; a script gets 401.
  const navigation = request.headers.get("Sec-Fetch-Mode") === "navigate";
  const user = navigation ? await requireUser({ request, context }) : await optionalUser({ request, context });
  if (!user) throw data(null, { status: 401, headers: NO_STORE });
  // A client navigation here (React Router's data request) becomes the browser's own request: the
  // router would read a data answer's body whole into memory, the download streams (ADR 032).
  if (requestInfo(context).document === false) throw redirectDocument("/profile/export", { headers: NO_STORE });
  return exportDownload(await database(context), user.id, { signal: request.signal, head: request.method === "HEAD" });
}

/** The headers of a `.data` request come from here, not from the page's (root: `private, no-cache`). */
export function headers() {
  return NO_STORE;
}
