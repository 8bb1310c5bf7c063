import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { log } from "./log.server";
import { z } from "zod";
import { env } from "./env.server";
import { defineJob } from "./jobs/types";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on every
   * notification mail (features/notifications/unsubscribe.server.ts). ASCII values only.
   */
  headers?: Record<string, string>;
}

/** The names an extra header may have: letters, digits and dashes, and never one the mailer writes itself. */
const RESERVED_HEADERS = /^(from|to|cc|bcc|subject|date|message-id|mime-version|content-.*|sender|reply-to)$/i;
export const mailHeaders = z
  .record(
    z.string().regex(/^[A-Za-z0-9-]{1,64}$/).refine((name) => !RESERVED_HEADERS.test(name)),
    // No line breaks (header injection) and no characters outside printable ASCII.
    z.string().regex(/^[\x20-\x7e]{1,900}$/),
  )
  .optional();

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** "smtp" delivers; "outbox" writes .eml files for /dev/mail. */
  kind: "smtp" | "outbox";
}

export interface MailerOptions {
  from: string;
  smtpUrl?: string;
  /** Where the dev outbox writes messages (DATA_DIR/mail). */
  outboxDir: string;
  /** Where the dev outbox is read (BASE_URL/dev/mail): the log line links a new message there. */
  outboxUrl?: string;
}

/**
 * SMTP when SMTP_URL is set; otherwise a development outbox that stores each
 * message as an .eml file and logs where it can be read (/dev/mail/<id>). The log line names
 * neither the recipient nor the links in the mail (they carry tokens): README "Logs".
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
      fs.writeFileSync(path.join(options.outboxDir, `${id}.eml`), info.message as Buffer);
      log.info({ mail: id }, `Mail „${message.subject}“ im Entwicklungs-Postfach: ${options.outboxUrl ?? "/dev/mail"}/${id}`);
    },
  };
}

// The mailer that delivers, from the environment: SMTP when SMTP_URL is set, else the dev outbox.
const globalForMail = globalThis as unknown as { __marketplaceDeliveryMailer?: Mailer };

export function deliveryMailer(): Mailer {
  if (!globalForMail.__marketplaceDeliveryMailer) {
    const config = env();
    globalForMail.__marketplaceDeliveryMailer = createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, "mail") });
  }
  return globalForMail.__marketplaceDeliveryMailer;
}

/**
 * Mail leaves through this job, never inside a request: a slow or failing SMTP server delays the
 * mail (retried with back-off, about two hours over ten attempts), not the answer.
 */
export const mailSendJob = defineJob({
  name: "mail.send",
  payload: z.object({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string(), headers: mailHeaders }),
  maxAttempts: 10,
  async run(message) {
    await deliveryMailer().send(message);
  },
});

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
}

/** The extra header fields the dev outbox shows with a message (what a mail client acts on). */
export const OUTBOX_SHOWN_HEADERS = ["List-Unsubscribe", "List-Unsubscribe-Post"] as const;

const ID_PATTERN = /^[0-9TZ-]+-[0-9a-f]{8}$/;

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "mi").exec(raw);
  if (!match) return "";
  const value = match[1]!.replace(/\n[ \t]+/g, " ").trim();
  // Decode RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes them for umlauts.
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** The dev outbox, newest first. */
export function listOutbox(outboxDir: string): OutboxEntry[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .reverse()
    .map((file) => {
      const raw = fs.readFileSync(path.join(outboxDir, file), "utf8");
      return { id: file.slice(0, -4), to: header(raw, "To"), subject: header(raw, "Subject"), date: header(raw, "Date") };
    });
}

/** One outbox message's headers and plain-text body, or null for an unknown id. */
export function readOutboxMessage(outboxDir: string, id: string): (OutboxEntry & { text: string; headers: { name: string; value: string }[] }) | null {
  if (!ID_PATTERN.test(id)) return null;
  const file = path.join(outboxDir, `${id}.eml`);
  if (!fs.existsSync(file)) return null;
  const raw = fs.readFileSync(file, "utf8");
  return {
    id,
    to: header(raw, "To"),
    subject: header(raw, "Subject"),
    date: header(raw, "Date"),
    text: plainTextPart(raw),
    headers: OUTBOX_SHOWN_HEADERS.map((name) => ({ name, value: header(topHeaders(raw), name) })).filter((h) => h.value !== ""),
  };
}

/** The message's own header block (a body part's headers or text never pass for the message's). */
function topHeaders(raw: string): string {
  const end = raw.indexOf("\n\n");
  return end === -1 ? raw : raw.slice(0, end);
}

function plainTextPart(raw: string): string {
  const boundary = /boundary="?([^";\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? parts[0]!;
  const [headers, ...body] = part.split(/\n\n/);
  const content = body.join("\n\n").trim();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers ?? "")) {
    return Buffer.from(
      content.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers ?? "")) return Buffer.from(content, "base64").toString("utf8");
  return content;
}
