import { DEMO_EMAIL_DOMAIN, DEMO_USERS, seedDemoContent } from "~/db/seed.server";
import { AdminError, runAdminCommand } from "~/features/admin/admin.server";
import { runStorageCommand } from "~/features/admin/storage-migrate.server";
import { getRealtime, startRealtime, stopRealtime } from "~/features/realtime/realtime.server";
import { afterResponseWorkSettled } from "./after-response.server";
import { closeDatabase, initDatabase, openDatabase, type PoolLimits } from "./db.server";
import { env } from "./env.server";
import { setGaugeSources } from "./metrics.server";
import { setDraining } from "./health.server";
import { log } from "./log.server";
import { jobStats, queueDepth, startJobs, stopJobs } from "./jobs/index.server";
import { getStorage } from "./storage.server";

export interface StartedApplication {
  port: number;
  baseUrl: string;
  engine: "pglite" | "postgres";
  shutdownDelaySeconds: number;
}

/**
 * What one request may hold of PostgreSQL (db.server.ts, PoolLimits): statements end after the
 * configured time; a transaction left idle, or a wait for a connection of the full pool, after
 * a fixed one. Each then fails as 503 ("try again") instead of holding the pool.
 */
export function servingLimits(statementTimeoutSeconds: number): PoolLimits {
  return { statementTimeoutMs: statementTimeoutSeconds * 1000, idleInTransactionMs: 60_000, connectionWaitMs: 10_000 };
}

/**
 * Validates the configuration, opens the database (applying migrations),
 * and seeds the demo content into an empty embedded database.
 */
export async function startApplication(): Promise<StartedApplication> {
  const config = env();
  setDraining(false);
  // Chooses the store now (S3 when S3_* is set, else DATA_DIR/storage), not at the first upload.
  getStorage();
  const handle = await initDatabase(
    config.databaseUrl ? { engine: "postgres", url: config.databaseUrl, limits: servingLimits(config.databaseStatementTimeoutSeconds) } : { engine: "pglite", dataDir: config.dataDir },
  );
  // Realtime: LISTEN on its own connection (PostgreSQL) or in-process (PGlite).
  const realtime = startRealtime(handle, config.databaseUrl);
  await realtime.ready;
  // What /metrics reads when scraped.
  const { pool } = handle;
  setGaugeSources({
    openStreams: () => realtime.hub.streamCount,
    pool: () => (pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null),
    jobs: async () => ({ depth: await queueDepth(handle.db), ...jobStats }),
  });
  // Background jobs (mail, and the schedules: orphan-file sweep, rate-limit pruning), ADR 011.
  await startJobs(handle);
  if (config.seedDemo) {
    const result = await seedDemoContent(handle.db, { storage: getStorage() });
    log.info(result.seeded ? "Demo-Inhalte angelegt." : "Demo-Inhalte vorhanden.");
    // No address or password in a log line (README "Logs"): the names, the domain, and where the password is.
    const names = DEMO_USERS.map((user) => {
      const note = user.role === "support" ? " (Support)" : user.isPremium ? " (Premium)" : "";
      return `${user.email.split("@")[0]}${note}`;
    });
    log.info(`Demo-Zugänge, jeweils @${DEMO_EMAIL_DOMAIN}, Passwort im README („Demo logins“): ${names.join(", ")}`);
  }
  return { port: config.port, baseUrl: config.baseUrl, engine: handle.engine, shutdownDelaySeconds: config.shutdownDelaySeconds };
}

/** From now on /readyz answers 503: a load balancer stops sending new requests here. Requests are still served. */
export function stopBeingReady(): void {
  setDraining(true);
}

export async function drainApplication(): Promise<void> {
  stopBeingReady();
  // Event streams never finish on their own: end them so the server can close.
  try {
    getRealtime().hub.closeAll();
  } catch {
    // realtime never started
  }
}

export async function stopApplication(): Promise<void> {
  // Answered requests may still have work to do (e.g. a password reset): it needs the database.
  await afterResponseWorkSettled();
  // Running jobs finish; waiting ones (also those just enqueued) stay in the database for the next start.
  await stopJobs();
  await stopRealtime();
  await closeDatabase();
}

/** Runs an operator command (scripts/admin.js) on the configured database; never seeds. */
export async function runAdmin(args: string[]): Promise<{ code: number; output: string }> {
  let handle;
  try {
    const config = env();
    // Storage commands need no database (and so run while the server does, even on PGlite).
    if (args[0] === "storage") return { code: 0, output: await runStorageCommand(args.slice(1), config, (line) => console.log(line)) };
    handle = await openDatabase(
      config.databaseUrl ? { engine: "postgres", url: config.databaseUrl } : { engine: "pglite", dataDir: config.dataDir },
    );
    return { code: 0, output: await runAdminCommand(handle.db, args) };
  } catch (error) {
    const known = error instanceof AdminError || (error instanceof Error && (error.name === "ConfigError" || /in use by process/.test(error.message)));
    return { code: 1, output: known ? (error as Error).message : String((error as Error)?.stack ?? error) };
  } finally {
    await handle?.close();
  }
}
