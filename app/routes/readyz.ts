import { readinessResponse } from "~/lib/health.server";
import type { PolicyHandle } from "~/lib/route-policy";

/** A probe every few seconds: no request line unless it fails. */
export const handle = { policy: { quietLog: true } } satisfies PolicyHandle;

/**
 * GET/HEAD /readyz (readiness): 200 while the database answers, the object store is reachable and
 * the realtime listener is up; 503 with the failed checks' names otherwise, and from SIGTERM on
 * (the process is draining). Reads no session; the answer is never cached.
 */
export function loader() {
  return readinessResponse();
}
