import pg from "pg";

export const DEFAULT_BENCH_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_catalog";

/** The database name of a postgres:// URL, and the URL of the maintenance database on the same server. */
export function splitDatabaseUrl(url: string): { name: string; adminUrl: string } {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  if (!name) throw new Error(`BENCH_DATABASE_URL names no database: ${redact(url)}`);
  // The benchmark drops and recreates this database: refuse anything that is not obviously a bench database.
  if (!/bench/i.test(name)) {
    throw new Error(`Refusing to use database "${name}": the benchmark recreates its database, so its name must contain "bench".`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return { name, adminUrl: admin.toString() };
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<invalid url>";
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs `fn` with a client connected to `url`, and closes it afterwards. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(url: string): Promise<boolean> {
  const { name, adminUrl } = splitDatabaseUrl(url);
  return withClient(adminUrl, async (c) => (await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1);
}

/** Drops (if present) and creates the bench database. */
export async function recreateDatabase(url: string): Promise<void> {
  const { name, adminUrl } = splitDatabaseUrl(url);
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await c.query(`create database ${quoteIdent(name)}`);
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const { name, adminUrl } = splitDatabaseUrl(url);
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}

export async function createDatabaseIfMissing(url: string): Promise<boolean> {
  if (await databaseExists(url)) return false;
  const { name, adminUrl } = splitDatabaseUrl(url);
  await withClient(adminUrl, (c) => c.query(`create database ${quoteIdent(name)}`));
  return true;
}

/** PostgreSQL's `server_version` ("?" when it gives none). */
export async function postgresVersion(url: string): Promise<string> {
  return withClient(url, async (c) => String((await c.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "?"));
}
