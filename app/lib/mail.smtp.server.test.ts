import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { createAuth } from "~/features/auth/auth.server";
import { signUp } from "~/features/auth/accounts.server";
import { clientRequest, cookieFrom, TEST_BASE_URL } from "../../tests/support/auth-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { createMailer, listOutbox, mailSendJob, readOutboxMessage } from "./mail.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let t: TestDatabase;
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t?.destroy();
});

function decodeQuotedPrintable(text: string) {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe("mail over SMTP", () => {
  it("delivers the verification mail through the SMTP transport, and its link verifies the account", async () => {
    const mailer = createMailer({ from: "Marktplatz <noreply@marktplatz.example>", smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent" });
    expect(mailer.kind).toBe("smtp");
    const auth = createAuth({ db: t.db, baseUrl: TEST_BASE_URL, secret: "smtp-test-secret-smtp-test-secret-0123", mailer });

    const result = await signUp(
      { auth, db: t.db, request: clientRequest() },
      { firstName: "Sven", lastName: "Smtp", email: "sven@example.de", password: "geheim123", terms: "on" },
    );
    expect(result.email).toBe("sven@example.de");

    const deadline = Date.now() + 5000;
    while (!received.some((m) => m.to.includes("sven@example.de")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const mail = received.find((m) => m.to.includes("sven@example.de"));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("noreply@marktplatz.example");
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain("Hallo Sven Smtp,");
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(body)![0].replace(/&amp;/g, "&");

    const response = await auth.handler(new Request(link));
    expect(response.status).toBe(302);
    const session = await auth.api.getSession({ headers: new Headers({ Cookie: cookieFrom(response.headers) }) });
    expect(session?.user.email).toBe("sven@example.de");
    const [row] = await t.db.select().from(user).where(eq(user.email, "sven@example.de"));
    expect(row!.emailVerified).toBe(true);
  });

  it("carries a notification mail's extra headers (one-click unsubscribe) through the mail.send job's payload to SMTP and to the dev outbox", async () => {
    const headers = { "List-Unsubscribe": "<http://localhost:3000/unsubscribe?token=dS1hbm5h.orders.abc_DEF-123>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    // As the queued job stores and reads it: the payload schema keeps the headers ...
    const message = mailSendJob.payload.parse({ to: "hanna@example.de", subject: "Auftrag angenommen", text: "Hallo", html: "<p>Hallo</p>", headers });
    expect(message.headers).toEqual(headers);
    // ... and refuses a line break (header injection) or a header the mailer writes itself.
    expect(() => mailSendJob.payload.parse({ ...message, headers: { "List-Unsubscribe": "<x>\r\nBcc: evil@example.de" } })).toThrow();
    expect(() => mailSendJob.payload.parse({ ...message, headers: { Bcc: "evil@example.de" } })).toThrow();

    const smtp = createMailer({ from: "Marktplatz <noreply@marktplatz.example>", smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: "/nonexistent" });
    await smtp.send(message);
    const mail = received.find((m) => m.to.includes("hanna@example.de"));
    // A long value may be folded onto the next line (RFC 5322); unfolded it is the value given.
    const unfolded = mail!.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(new RegExp(`^List-Unsubscribe: ${headers["List-Unsubscribe"].replace(/[.?]/g, "\\$&")}\\r?$`, "m"));
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-outbox-"));
    try {
      await createMailer({ from: "Marktplatz <noreply@marktplatz.example>", outboxDir }).send(message);
      const [entry] = listOutbox(outboxDir);
      expect(readOutboxMessage(outboxDir, entry!.id)!.headers).toEqual([
        { name: "List-Unsubscribe", value: headers["List-Unsubscribe"] },
        { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      ]);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
