import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, signInTo as signIn, startApp, stopApp, testPostgresDatabase, type AppProcess } from "../support/app-processes";

// Two real app processes (the production build) on one PostgreSQL database: a message sent through
// process A reaches an event stream held by process B (LISTEN/NOTIFY across processes).
const database = testPostgresDatabase("mp_e2e_rt");
const dbUrl = database.url;
const secret = randomBytes(32).toString("base64url");
const available = await postgresAvailable();
const appEnv = (seed: boolean) => ({ DATABASE_URL: dbUrl, AUTH_SECRET: secret, SEED_DEMO: String(seed) });

let a: AppProcess | undefined;
let b: AppProcess | undefined;

describe.skipIf(!available)("realtime across two app processes on PostgreSQL", () => {
  beforeAll(async () => {
    await database.create();
    a = await startApp(appEnv(true)); // migrates and seeds the demo content
    b = await startApp(appEnv(false));
  }, 180_000);

  afterAll(async () => {
    await stopApp(a);
    await stopApp(b);
    await database.drop();
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
