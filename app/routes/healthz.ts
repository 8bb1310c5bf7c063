import { livenessResponse } from "~/lib/health.server";
import type { PolicyHandle } from "~/lib/route-policy";

/** A probe every few seconds: no request line unless it fails. */
export const handle = { policy: { quietLog: true } } satisfies PolicyHandle;

/**
 * GET/HEAD /healthz (liveness): the process is alive and its event loop answers. It reads no
 * session and asks no database, so a slow dependency never gets a healthy process restarted.
 */
export function loader() {
  return livenessResponse();
}
