import { data, redirect, redirectDocument } from "react-router";
import { SUSPENDED_ACCOUNT_PATH, suspendedAccessOf } from "~/features/moderation/suspended-access.server";
import { exportDownload } from "~/features/profile/export.server";
import { database, requestInfo } from "~/lib/request-context.server";
import type { Route } from "./+types/suspended-account.export";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /konto-gesperrt/export: a suspended account's data as the same JSON download as
 * /profile/export, with the access the sign-in granted (suspended-access.server.ts) instead of a
 * session. Without it a browser goes to the page that says how to get it; a script gets 401.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await database(context);
  const access = await suspendedAccessOf(db, request);
  if (access.state !== "suspended") {
    if (request.headers.get("Sec-Fetch-Mode") === "navigate") throw redirect(SUSPENDED_ACCOUNT_PATH, { headers: NO_STORE });
    throw data(null, { status: 401, headers: NO_STORE });
  }
  // A client navigation (a data request) becomes a document request: the download streams (ADR 032).
  if (requestInfo(context).document === false) throw redirectDocument(`${SUSPENDED_ACCOUNT_PATH}/export`, { headers: NO_STORE });
  return exportDownload(db, access.userId, { signal: request.signal, head: request.method === "HEAD" });
}
