import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { closeDatabase, initDatabase, openDatabase, type DatabaseHandle } from "~/lib/db.server";

/**
 * Which engine the integration tests run on. `npm test` runs the suite twice:
 * TEST_ENGINE=pglite (in-memory, always) and TEST_ENGINE=postgres (when
 * TEST_DATABASE_URL points at a PostgreSQL server).
 */
export const testEngine: "pglite" | "postgres" = process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL (PostgreSQL only), for a second "process" on the same database. */
  url?: string;
  /** Drops the database (PostgreSQL) or discards it (PGlite). */
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * PostgreSQL only: create the database with this ICU locale (e.g. "en-US") instead of the
   * server's default, for tests of what a database with a language collation sorts differently.
   */
  icuLocale?: string;
}

let template: Blob | undefined;

/**
 * The in-memory PGlite options of a test database: started from the run's migrated template when
 * the global setup made one (a copy loads in about a third of the time migrating takes), else empty.
 */
function pgliteOptions(): { engine: "pglite"; loadDataDir?: Blob } {
  const file = inject("pgliteTemplate");
  if (file && !template) template = new Blob([fs.readFileSync(file)]);
  return { engine: "pglite", ...(template ? { loadDataDir: template } : {}) };
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (testEngine === "pglite") {
    const handle = await openDatabase(pgliteOptions());
    return { ...handle, destroy: handle.close };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_ENGINE=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
  const name = `mp_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const locale = options.icuLocale ? ` template template0 locale_provider icu icu_locale '${options.icuLocale.replace(/[^A-Za-z-]/g, "")}'` : "";
    await admin.query(`create database "${name}"${locale}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: "postgres", url: url.toString(), max: 20 });
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * The process-wide database (what `getDatabase()` hands the routes in the running app) on the test
 * engine, for tests that call route modules; `close` closes it and drops the test database.
 */
export async function openProcessDatabase(): Promise<{ db: DatabaseHandle["db"]; close: () => Promise<void> }> {
  const t = testEngine === "postgres" ? await createTestDatabase() : undefined;
  const handle = await initDatabase(t ? { engine: "postgres", url: t.url! } : pgliteOptions());
  return {
    db: handle.db,
    close: async () => {
      await closeDatabase();
      await t?.destroy();
    },
  };
}
