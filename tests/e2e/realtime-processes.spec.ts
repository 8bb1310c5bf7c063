import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Two real app processes (the production build) on one PostgreSQL database: a message sent through
// process A reaches an event stream held by process B (LISTEN/NOTIFY across processes).
const root = path.resolve(import.meta.dirname, "..", "..");
const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `mp_e2e_rt_${randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const secret = randomBytes(32).toString("base64url");

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
const available = await postgresAvailable();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface AppProcess {
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

async function startApp(seed: boolean): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-rt-"));
  let log = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      AUTH_SECRET: secret,
      SEED_DEMO: String(seed),
    },
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

async function stopApp(app: AppProcess | undefined) {
  if (!app) return;
  const exited = new Promise((resolve) => app.child.once("exit", resolve));
  app.child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12_000))]);
  if (app.child.exitCode === null) app.child.kill("SIGKILL");
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}

/** Signs in through the /auth form and returns the session cookie header. */
async function signIn(app: AppProcess, email: string): Promise<string> {
  const response = await fetch(`${app.base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.19.${randomBytes(1)[0]}.7` },
    body: new URLSearchParams({ intent: "signIn", email, password: "demo1234" }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const session = cookies.filter((c) => c.includes("session_token"));
  if (session.length === 0) throw new Error(`Sign-in as ${email} failed (${response.status}): ${await response.text()}`);
  return session.join("; ");
}

let a: AppProcess | undefined;
let b: AppProcess | undefined;

describe.skipIf(!available)("realtime across two app processes on PostgreSQL", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
    a = await startApp(true); // migrates and seeds the demo content
    b = await startApp(false);
  }, 180_000);

  afterAll(async () => {
    await stopApp(a);
    await stopApp(b);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }, 60_000);

  it("a message sent through process A reaches the recipient's event stream on process B", async () => {
    const buyerCookie = await signIn(a!, "maximilian.weber@demo.marktplatz.example");
    const sellerCookie = await signIn(b!, "lea.fischer@demo.marktplatz.example");

    // The seller's tab holds its stream on B.
    const abort = new AbortController();
    const stream = await fetch(`${b!.base}/api/events`, { headers: { cookie: sellerCookie }, signal: abort.signal });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const until = async (pattern: RegExp) => {
      const deadline = Date.now() + 15_000;
      while (!pattern.test(received)) {
        if (Date.now() > deadline) throw new Error(`No ${pattern} in the stream:\n${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`The stream ended:\n${received}`);
        received += decoder.decode(value, { stream: true });
      }
    };
    await until(/event: ready/);

    // The buyer starts the chat about one of the seller's services and writes, all through A.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `select s.id from services s join "user" u on u.id = s.created_by where u.email = 'lea.fischer@demo.marktplatz.example' order by s.created_at limit 1`,
    );
    await db.end();
    const started = await fetch(`${a!.base}/chats`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: buyerCookie, Origin: a!.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ serviceId: rows[0]!.id }),
    });
    const chatId = /\/chats\/([0-9a-f-]{36})$/.exec(started.headers.get("location") ?? "")?.[1];
    expect(chatId).toBeTruthy();
    const body = new FormData();
    body.append("text", "Gilt das Angebot auch für 40 Produktfotos?");
    const sent = await fetch(`${a!.base}/api/conversations/${chatId}/messages`, {
      method: "POST",
      headers: { cookie: buyerCookie, Origin: a!.base },
      body,
    });
    expect(sent.status).toBe(200);
    const { sent: message } = (await sent.json()) as { sent: { id: string } };

    await until(new RegExp(`"type":"message.created","conversationId":"${chatId}","messageId":"${message.id}"`));
    // Ids only on the stream; the text is read through B's authorized read.
    expect(received).not.toContain("Produktfotos");
    const page = (await (await fetch(`${b!.base}/api/conversations/${chatId}/messages`, { headers: { cookie: sellerCookie } })).json()) as {
      messages: { id: string; content: string }[];
    };
    expect(page.messages.find((m) => m.id === message.id)?.content).toBe("Gilt das Angebot auch für 40 Produktfotos?");
    abort.abort();
  }, 60_000);
});
