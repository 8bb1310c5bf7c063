import { AppError } from "./errors";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "~/db/schema";
import { log } from "./log.server";
import { migrateJobQueue } from "./jobs/pg-runner.server";

/** The database as the features see it: one PostgreSQL dialect, whichever engine runs it. */
/** The extensions every embedded database loads: the forgiving search's (migration forgiving_search creates them; ADR 017). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, fuzzystrmatch };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of `db.execute(sql…)`: both drivers answer an object with `rows` (typed by neither
 * Drizzle adapter in common), read as rows of `T`.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `db.execute(query)`'s rows, read as rows of `T` (see rowsOf). */
export const executeRows = async <T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));

/**
 * A statement built once per database (Drizzle's `prepare`): returns its getter. A statement named
 * in `prepare("…")` is parsed and planned by PostgreSQL once per connection and then reused (ADR
 * 027); that suits statements whose plan does not depend on their values (an id, a token).
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** The raw PGlite instance (embedded engine only), used for in-process LISTEN/NOTIFY. */
  pglite?: PGlite;
  /** The pg pool (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * Bounds on what one request can hold of PostgreSQL (the serving pool only; migrations and
 * operator commands run without them). Without them a runaway statement, or a transaction left
 * open, keeps one of the pool's few connections for good, and requests queue behind the full
 * pool without end; with them such a request fails (503, "try again") and its connection returns.
 */
export interface PoolLimits {
  /** A statement running longer is cancelled (SQLSTATE 57014); 0: no limit. */
  statementTimeoutMs: number;
  /** A session idle inside an open transaction this long is ended; 0: no limit. */
  idleInTransactionMs: number;
  /** How long a request waits for a free connection of the pool; 0: for ever. */
  connectionWaitMs: number;
}

export type DatabaseOptions =
  | { engine: "postgres"; url: string; max?: number; limits?: PoolLimits }
  /**
   * `dataDir` undefined means an in-memory database (tests), which `loadDataDir` (a PGlite dump,
   * `dumpDataDir`) may start from: the tests' migrated template (tests/support/pglite-template.ts).
   */
  | { engine: "pglite"; dataDir?: string; loadDataDir?: Blob };

/** The committed drizzle-kit migrations: found from this module both in the source tree and in the build. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  const fromCwd = path.resolve("drizzle");
  if (fs.existsSync(path.join(fromCwd, "meta", "_journal.json"))) return fromCwd;
  throw new Error("The migrations folder (drizzle/) was not found next to the application.");
}

/**
 * A connection PostgreSQL ends (a restart, an idle transaction past its limit) reports an error on
 * its client: the pool's listener covers idle clients, and this one checked-out clients, whose
 * unheard 'error' would otherwise end the process. The query under way fails, and the pool drops
 * the connection when it comes back.
 */
function withErrorHandlers(pool: pg.Pool, name: string): pg.Pool {
  pool.on("error", (error) => log.error({ err: error }, `PostgreSQL pool error (${name})`));
  pool.on("connect", (client) => client.on("error", (error) => log.warn({ err: error }, `PostgreSQL connection ended (${name})`)));
  return pool;
}

/**
 * Ends a pool once every connection of it is closed. `pool.end()` alone resolves when the pool
 * has let go of its clients, while their sockets may still be open: a database dropped or a
 * server stopped right then would end them under the pool and report errors for them.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  // Clients connected before this call are counted by the pool; each is removed (socket closed) once.
  let pending = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (pending === 0) return resolve();
    pool.on("remove", () => {
      if (--pending <= 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** Opens a database and applies every pending migration. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === "postgres") {
    // Migrations on a connection of their own, without the serving limits: building an index on a
    // large table may rightly take minutes.
    const migrating = withErrorHandlers(new pg.Pool({ connectionString: options.url, max: 1 }), "migrations");
    try {
      await migratePg(drizzlePg(migrating, { schema }) as never, { migrationsFolder: migrationsFolder() });
      // The job queue's own schema (graphile_worker, ADR 011): enqueueing works from the first request.
      await migrateJobQueue(migrating);
    } finally {
      await endPool(migrating);
    }
    const limits = options.limits;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      ...(limits && {
        // Sent as session settings when each connection opens (0 leaves PostgreSQL's own: none).
        statement_timeout: limits.statementTimeoutMs,
        idle_in_transaction_session_timeout: limits.idleInTransactionMs,
        connectionTimeoutMillis: limits.connectionWaitMs,
      }),
    });
    withErrorHandlers(pool, "serving");
    // numeric stays a string (exact money); int8 counts become numbers.
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, engine: "postgres", pool, close: () => endPool(pool) };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const extensions = PGLITE_EXTENSIONS;
    const pglite = options.dataDir
      ? new PGlite(path.join(options.dataDir, "db"), { extensions })
      : new PGlite({ extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    return {
      db,
      engine: "pglite",
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite is one database in one process: two processes opening the same
 * directory corrupt it. The lock file holds the owner's pid; a stale lock
 * (its process is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "db.lock");
  const take = () => fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
  for (let attempt = 0; ; attempt++) {
    try {
      take();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 3) throw error;
    }
    let owner = 0;
    try {
      owner = Number(fs.readFileSync(lockFile, "utf8").trim());
    } catch {
      continue; // released meanwhile: try again
    }
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. ` +
          "Stop that process first (only one process may open an embedded database).",
      );
    }
    // A stale lock: moving it away is atomic, so of two processes taking over only one
    // succeeds in renaming; both then race on the exclusive create above, which one wins.
    try {
      fs.renameSync(lockFile, `${lockFile}.stale-${process.pid}`);
      fs.rmSync(`${lockFile}.stale-${process.pid}`, { force: true });
    } catch {
      // someone else moved it first
    }
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// One instance per process that survives dev-server module reloads.
const globalForDb = globalThis as unknown as { __marketplaceDb?: Promise<DatabaseHandle> };

/** Opens the process-wide database once, from the validated environment. */
export function initDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  globalForDb.__marketplaceDb ??= openDatabase(options).catch((error: unknown) => {
    globalForDb.__marketplaceDb = undefined;
    throw error;
  });
  return globalForDb.__marketplaceDb;
}

/** The process-wide database handle; `initDatabase` must have run (the server does it at start). */
export async function getDatabase(): Promise<DatabaseHandle> {
  if (!globalForDb.__marketplaceDb) throw new AppError("UNAVAILABLE", "temporarily_unavailable", { cause: new Error("The database has not been opened yet.") });
  return globalForDb.__marketplaceDb;
}

export async function closeDatabase(): Promise<void> {
  const handle = globalForDb.__marketplaceDb;
  globalForDb.__marketplaceDb = undefined;
  if (handle) await (await handle).close();
}
