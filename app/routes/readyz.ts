import { readinessResponse } from "~/lib/health.server";

/**
 * GET/HEAD /readyz (readiness): 200 while the database answers, the object store is reachable and
 * the realtime listener is up; 503 with the failed checks' names otherwise, and from SIGTERM on
 * (the process is draining). Reads no session; the answer is never cached.
 */
export function loader() {
  return readinessResponse();
}
