import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsFolder } from "~/lib/db.server";
import { testEngine } from "./test-database";

export interface OlderInstall {
  /** Plain SQL on the database (rows as objects). */
  execute(query: string): Promise<Record<string, unknown>[]>;
  /** Applies the remaining migrations, as an update of the install would. */
  upgrade(): Promise<void>;
  close(): Promise<void>;
}

/**
 * An empty database on the test engine migrated up to, not including, the migration whose tag
 * ends with `tagSuffix` (e.g. "_listing_facts"): write rows as an older install had them, then
 * `upgrade()` and check what the migration made of them.
 */
export async function olderInstall(tagSuffix: string): Promise<OlderInstall> {
  const folder = migrationsFolder();
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  if (at <= 0) throw new Error(`no migration after the first ends with ${tagSuffix}`);
  const before = fs.mkdtempSync(path.join(os.tmpdir(), "mp-migrations-"));
  fs.cpSync(folder, before, { recursive: true });
  fs.writeFileSync(path.join(before, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const { db, close } = await emptyDatabase();
  try {
    await db.migrate(before);
  } catch (error) {
    await close();
    throw error;
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
  }
  return { execute: db.execute, upgrade: () => db.migrate(folder), close };
}

async function emptyDatabase(): Promise<{
  db: { migrate(folder: string): Promise<void>; execute(q: string): Promise<Record<string, unknown>[]> };
  close(): Promise<void>;
}> {
  if (testEngine === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { PGLITE_EXTENSIONS } = await import("~/lib/db.server");
    const pglite = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(pglite);
    return {
      db: {
        migrate: (migrationsFolder) => migrate(db, { migrationsFolder }),
        execute: async (q) => (await pglite.query<Record<string, unknown>>(q)).rows,
      },
      close: () => pglite.close(),
    };
  }
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `mp_test_older_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // The forced drop below ends any connection still closing (57P01): expected, not a test error.
  pool.on("error", () => {});
  const db = drizzle(pool);
  return {
    db: { migrate: (migrationsFolder) => migrate(db, { migrationsFolder }), execute: async (q) => (await pool.query(q)).rows },
    close: async () => {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
