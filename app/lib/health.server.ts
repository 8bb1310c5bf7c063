import { sql } from "drizzle-orm";
import { isRealtimeListening } from "~/features/realtime/realtime.server";
import { getDatabase, type Database } from "./db.server";
import { getStorage, type FileStorage } from "./storage.server";

/**
 * Liveness and readiness of this process, for a load balancer or an orchestrator
 * (GET /healthz, GET /readyz). Readiness asks every part a request depends on, each with a
 * short timeout so that a hung database or object store cannot hang the probe itself.
 */

/** The parts readiness checks, in the order the answer names them. */
export const READINESS_CHECKS = ["database", "storage", "realtime"] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** "ok", or why not: the check threw ("failed") or did not answer in time ("timeout"). */
export type CheckState = "ok" | "failed" | "timeout";

export interface Readiness {
  ready: boolean;
  /** The process got SIGTERM and finishes its open requests: it takes no new work. */
  draining: boolean;
  checks: Record<ReadinessCheck, CheckState>;
  /** The checks that are not "ok" (empty when ready). */
  failed: ReadinessCheck[];
}

export interface ReadinessDependencies {
  /** The database to ask (`select 1`). */
  database(): Promise<Pick<Database, "execute">>;
  storage(): Pick<FileStorage, "ping">;
  /** The realtime listener is up (PostgreSQL: the LISTEN connection; PGlite: the in-process listen). */
  realtimeListening(): boolean;
  draining(): boolean;
  /** Per check; the checks run side by side, so the probe answers within about this time. */
  timeoutMs?: number;
}

/** Short enough to answer within a probe's usual 2–3 s timeout. */
export const READINESS_TIMEOUT_MS = 1500;

// Kept on globalThis like the database, so that a dev-server reload of the app module keeps it.
const globalForHealth = globalThis as unknown as { __marketplaceDraining?: boolean };

/** Set by the drain on SIGTERM (lifecycle.server.ts); the readiness probe answers 503 from then on. */
export function setDraining(draining: boolean): void {
  globalForHealth.__marketplaceDraining = draining;
}

export function isDraining(): boolean {
  return globalForHealth.__marketplaceDraining === true;
}

/** The dependencies of this process (what `/readyz` asks). */
export const processDependencies: ReadinessDependencies = {
  database: async () => (await getDatabase()).db,
  storage: getStorage,
  realtimeListening: isRealtimeListening,
  draining: isDraining,
};

const TIMED_OUT = Symbol("timeout");

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    // A check that hangs is left behind (its promise settles or not, nobody waits for it).
    const result = await Promise.race([check(), timeout]);
    return result === TIMED_OUT ? "timeout" : "ok";
  } catch {
    // Why it failed stays out of the answer: an error text may carry a host name or a URL.
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

/** Asks every dependency (in parallel, each with its timeout); never throws. */
export async function checkReadiness(deps: ReadinessDependencies = processDependencies): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;
  const draining = deps.draining();
  const [database, storage, realtime] = await Promise.all([
    probe(async () => (await deps.database()).execute(sql`select 1`), timeoutMs),
    probe(async () => deps.storage().ping(), timeoutMs),
    probe(async () => {
      if (!deps.realtimeListening()) throw new Error("not listening");
    }, timeoutMs),
  ]);
  const checks = { database, storage, realtime };
  const failed = READINESS_CHECKS.filter((name) => checks[name] !== "ok");
  return { ready: !draining && failed.length === 0, draining, checks, failed };
}

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /healthz: the process runs and answers. Asks nothing else. */
export function livenessResponse(): Response {
  return Response.json({ status: "ok" }, { headers: NO_STORE });
}

/** GET /readyz: 200 when this process can serve requests, 503 naming what is missing otherwise. */
export async function readinessResponse(deps: ReadinessDependencies = processDependencies): Promise<Response> {
  const readiness = await checkReadiness(deps);
  const status = readiness.ready ? "ok" : readiness.draining ? "draining" : "unavailable";
  return Response.json(
    { status, failed: readiness.failed, checks: readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: NO_STORE },
  );
}
