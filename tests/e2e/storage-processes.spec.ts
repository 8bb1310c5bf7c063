import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "../../app/lib/storage/s3.server";
import { pdfBytes } from "../support/files";
import { startTestS3, type TestS3 } from "../support/s3rver";
import { postgresAvailable, signInTo as signIn, startApp, stopApp, testPostgresDatabase, type AppProcess } from "../support/app-processes";

// Two app processes (the production build) on one PostgreSQL database and one S3 bucket (s3rver):
// an avatar and a chat attachment uploaded through process A are read through process B, and the
// attachment only by the conversation's participants: never by a public address.
const database = testPostgresDatabase("mp_e2e_s3");
const dbUrl = database.url;
const secret = randomBytes(32).toString("base64url");
const BUCKET = "marktplatz-e2e";
const available = await postgresAvailable();
const appEnv = (s3: TestS3, seed: boolean) => ({ DATABASE_URL: dbUrl, AUTH_SECRET: secret, SEED_DEMO: String(seed), ...s3.env(BUCKET) });

/** Files under a folder (the local store of a process must stay empty: everything is in the bucket). */
function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
}

let s3: TestS3 | undefined;
let a: AppProcess | undefined;
let b: AppProcess | undefined;

describe.skipIf(!available)("uploads across two app processes sharing one S3 bucket", () => {
  beforeAll(async () => {
    s3 = await startTestS3([BUCKET]);
    await database.create();
    a = await startApp(appEnv(s3, true));
    b = await startApp(appEnv(s3, false));
  }, 180_000);

  afterAll(async () => {
    await stopApp(a);
    await stopApp(b);
    await s3?.stop();
    await database.drop();
  }, 60_000);

  it("an avatar uploaded through A is served by B from the bucket", async () => {
    const cookie = await signIn(a!, "felix.schneider@demo.marktplatz.example");
    const form = new FormData();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#cc3366" } }).png().toBuffer();
    form.append("avatar", new Blob([new Uint8Array(png)], { type: "image/png" }), "ich.png");
    const uploaded = await fetch(`${a!.base}/profile/avatar`, { method: "POST", headers: { cookie, Origin: a!.base }, body: form });
    const answer = (await uploaded.json()) as { ok: boolean; avatarUrl: string };
    expect(answer).toMatchObject({ ok: true, avatarUrl: expect.stringMatching(/^\/storage\/avatars\/[^/]+\/avatar\.webp/) });

    // Signed out, on the other process.
    const image = await fetch(`${b!.base}${answer.avatarUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("cache-control")).toBe("public, max-age=300");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // The uploaded picture (resized, re-encoded): its colour survives.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant).toMatchObject({ r: expect.closeTo(0xcc, -1.5), g: expect.closeTo(0x33, -1.5), b: expect.closeTo(0x66, -1.5) });

    // It lives in the bucket, not on either machine's disk.
    const bucket = createS3Storage(s3!.config(BUCKET));
    const key = answer.avatarUrl.slice("/storage/".length).split("?")[0]!;
    const stored = await bucket.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(filesBelow(path.join(a!.dataDir, "storage"))).toEqual([]);
    expect(filesBelow(path.join(b!.dataDir, "storage"))).toEqual([]);
  });

  it("a chat attachment sent through A is read by the other participant through B, and by no one else", async () => {
    const buyerCookie = await signIn(a!, "maximilian.weber@demo.marktplatz.example");
    const sellerCookie = await signIn(b!, "lea.fischer@demo.marktplatz.example");
    const strangerCookie = await signIn(b!, "julia.becker@demo.marktplatz.example");

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>(
        `select s.id from services s join "user" u on u.id = s.created_by where u.email = 'lea.fischer@demo.marktplatz.example' order by s.created_at limit 1`,
      );
      const started = await fetch(`${a!.base}/chats`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: buyerCookie, Origin: a!.base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ serviceId: rows[0]!.id }),
      });
      const chatId = /\/chats\/([0-9a-f-]{36})$/.exec(started.headers.get("location") ?? "")?.[1];
      expect(chatId).toBeTruthy();

      const pdf = pdfBytes();
      const body = new FormData();
      body.append("text", "");
      body.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "Angebot Müller.pdf");
      const sent = await fetch(`${a!.base}/api/conversations/${chatId}/messages`, { method: "POST", headers: { cookie: buyerCookie, Origin: a!.base }, body });
      expect(sent.status).toBe(200);
      const { sent: message } = (await sent.json()) as { sent: { id: string } };

      const url = `${b!.base}/api/attachments/${message.id}`;
      const read = await fetch(url, { headers: { cookie: sellerCookie } });
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toBe("application/pdf");
      expect(read.headers.get("cache-control")).toBe("private, no-store");
      expect(read.headers.get("content-disposition")).toContain("filename*=UTF-8''Angebot%20M%C3%BCller.pdf");
      expect(Buffer.from(await read.arrayBuffer()).equals(pdf)).toBe(true);

      // Not signed in, or not a participant: 404, as for an id that does not exist.
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { cookie: strangerCookie } })).status).toBe(404);

      // The stored key is not reachable through the public file route either, on either process.
      const { rows: keys } = await db.query<{ file_key: string }>(`select file_key from messages where id = $1`, [message.id]);
      const key = keys[0]!.file_key;
      expect(key).toMatch(/^chat-attachments\//);
      expect((await createS3Storage(s3!.config(BUCKET)).get(key))?.size).toBe(pdf.length);
      for (const app of [a!, b!]) {
        expect((await fetch(`${app.base}/storage/${key}`)).status).toBe(404);
        expect((await fetch(`${app.base}/storage/${key}`, { headers: { cookie: sellerCookie } })).status).toBe(404);
      }
    } finally {
      await db.end();
    }
  });

  it("an attachment over 10 MB is cut off while it streams into the bucket: refused as too large, nothing kept", async () => {
    const cookie = await signIn(a!, "maximilian.weber@demo.marktplatz.example");
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    let chatId: string;
    try {
      const { rows } = await db.query<{ id: string }>(
        `select c.id from conversations c join "user" u on u.id in (c.user1_id, c.user2_id) where u.email = 'maximilian.weber@demo.marktplatz.example' limit 1`,
      );
      chatId = rows[0]!.id;
    } finally {
      await db.end();
    }
    const bucket = createS3Storage(s3!.config(BUCKET));
    const stored = async () => {
      const keys: string[] = [];
      for await (const file of bucket.list("chat-attachments")) keys.push(file.key);
      return keys.sort();
    };
    const before = await stored();
    const body = new FormData();
    // The file before the text, as the composer's form sends it; plain text is accepted from its
    // head, so the upload to the bucket begins (a multipart upload past 5 MB) and is aborted.
    body.append("file", new Blob([new Uint8Array(Buffer.alloc(10 * 1024 * 1024 + 1, 97))], { type: "text/plain" }), "gross.txt");
    body.append("text", "");
    const sent = await fetch(`${a!.base}/api/conversations/${chatId}/messages`, { method: "POST", headers: { cookie, Origin: a!.base }, body });
    expect(sent.status).toBe(400);
    expect(await sent.json()).toMatchObject({ ok: false, reason: "attachment_too_large" });
    expect(await stored()).toEqual(before);
    expect(filesBelow(path.join(a!.dataDir, "storage"))).toEqual([]);
  });
});
