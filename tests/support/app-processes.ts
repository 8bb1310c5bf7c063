import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Real app processes (the production build, started as `npm start` starts it) for the tests that
// need more than the one server of the browser run: several processes, or one that gets SIGTERM.

const root = path.resolve(import.meta.dirname, "..", "..");

/** A free port on loopback (asked from the system, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether the test PostgreSQL server answers (the multi-process tests are skipped without it). */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A database of its own on the test server, created and dropped by the test file. */
export function testPostgresDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => admin(`create database "${name}"`),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

export interface AppProcess {
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

/** Starts `node server/index.js` with the given settings and waits until it serves /services. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-app-"));
  let log = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    // One process per app unless a test asks for workers (WEB_CONCURRENCY has its own test in health.spec.ts).
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), BASE_URL: base, DATA_DIR: dataDir, WEB_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`App exited (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${base}/services`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`App did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, child, dataDir, output: () => log };
}

/** SIGTERM (SIGKILL if it has not ended after 12 s), then its data folder goes. */
export async function stopApp(app: AppProcess | undefined) {
  if (!app) return;
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (app.child.exitCode === null) app.child.kill("SIGKILL");
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}

/** Signs a demo account in through the /auth form and returns the session cookie header. */
export async function signInTo(app: AppProcess, email: string): Promise<string> {
  const response = await fetch(`${app.base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.19.${randomBytes(1)[0]}.7` },
    body: new URLSearchParams({ intent: "signIn", email, password: "demo1234" }),
  });
  const session = response.headers.getSetCookie().map((c) => c.split(";")[0]!).filter((c) => c.includes("session_token"));
  if (session.length === 0) throw new Error(`Sign-in as ${email} failed (${response.status}): ${await response.text()}`);
  return session.join("; ");
}
