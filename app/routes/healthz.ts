import { livenessResponse } from "~/lib/health.server";

/**
 * GET/HEAD /healthz (liveness): the process is alive and its event loop answers. It reads no
 * session and asks no database, so a slow dependency never gets a healthy process restarted.
 */
export function loader() {
  return livenessResponse();
}
