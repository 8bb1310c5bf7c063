import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { notificationMailDe as t } from "~/i18n/notification-mail.de";
import { rowsOf, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { escapeHtml } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";
import { isNotificationKind, type NotificationKind } from "./kinds";

/**
 * One-click unsubscribe (RFC 8058, ADR 020). Every notification mail names a link that switches
 * off exactly one user's e-mails of exactly one kind, without signing in: the link carries a token
 * signed with the app's secret over the user id and the kind. It has no expiry (a mail read a year
 * later still works) and grants nothing else: it cannot read anything, cannot switch anything on,
 * and cannot touch another user or kind, since changing either breaks the signature.
 */

// Keeps these signatures apart from anything else signed with the same secret (sessions, cookies).
const TOKEN_CONTEXT = "marktplatz:unsubscribe:v1";
/** 144 bits of HMAC-SHA256: far beyond guessing, and a short link (24 characters). */
const SIGNATURE_BYTES = 18;
const TOKEN_MAX = 400;

function signature(secret: string, userId: string, kind: NotificationKind): Buffer {
  return createHmac("sha256", secret).update(`${TOKEN_CONTEXT}\n${userId}\n${kind}`).digest().subarray(0, SIGNATURE_BYTES);
}

/** The token of one user and one kind: `<user id, base64url>.<kind>.<signature, base64url>`. */
export function unsubscribeToken(userId: string, kind: NotificationKind, secret: string = env().authSecret): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${kind}.${signature(secret, userId, kind).toString("base64url")}`;
}

/** Whom and what a token names, or null when it is not one we signed (tampered, cut off, made up). */
export function readUnsubscribeToken(token: unknown, secret: string = env().authSecret): { userId: string; kind: NotificationKind } | null {
  if (typeof token !== "string" || token.length > TOKEN_MAX) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [encodedUser, kind, signed] = parts as [string, string, string];
  if (!isNotificationKind(kind) || !/^[A-Za-z0-9_-]+$/.test(encodedUser) || !/^[A-Za-z0-9_-]+$/.test(signed)) return null;
  const userId = Buffer.from(encodedUser, "base64url").toString("utf8");
  // Only the one spelling we write: no second encoding of the same id passes.
  if (!userId || Buffer.from(userId, "utf8").toString("base64url") !== encodedUser) return null;
  const given = Buffer.from(signed, "base64url");
  const expected = signature(secret, userId, kind);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}

/** The page (GET: asks; POST: does it) that a token opens. */
export function unsubscribeUrl(userId: string, kind: NotificationKind, baseUrl: string = env().baseUrl): string {
  return `${baseUrl}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, kind))}`;
}

/**
 * The header fields of a notification mail to `userId` about `kind` (RFC 8058): a mail client
 * shows its own "unsubscribe" button and POSTs `List-Unsubscribe=One-Click` to the URL.
 */
export function notificationMailHeaders(userId: string, kind: NotificationKind): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(userId, kind)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * A notification mail made ready to send: the unsubscribe headers, and the same link visible at
 * the end of the text and the HTML. Every mail that a notification setting governs goes through
 * this, e.g. `queuedMailer(tx).send(withUnsubscribe(actionMail({...}), recipientId, "tickets"))`.
 */
export function withUnsubscribe(mail: MailMessage, userId: string, kind: NotificationKind): MailMessage {
  const url = unsubscribeUrl(userId, kind);
  const text = `${mail.text}\n\n--\n${t.footer.hint(kind)}\n${t.footer.text(kind)}: ${url}\n`;
  const footer = `<p style="font-size:12px;color:#5b6275;border-top:1px solid #e2e4ea;padding-top:12px;margin-top:24px">${escapeHtml(t.footer.hint(kind))} <a href="${escapeHtml(url)}" style="color:#3b4fc4">${escapeHtml(t.footer.link)}</a></p>`;
  const html = mail.html.includes("</body>") ? mail.html.replace("</body>", () => `${footer}\n</body>`) : `${mail.html}\n${footer}`;
  return { ...mail, text, html, headers: { ...mail.headers, ...notificationMailHeaders(userId, kind) } };
}

export type UnsubscribeOutcome = { ok: true; kind: NotificationKind } | { ok: false };

/**
 * What the confirmation page (GET) shows: which kind the link would switch off, and whether it is
 * off already (a link opened again after unsubscribing says so instead of asking once more). A
 * token of an account deleted since is not valid. Reads only: links are opened by mail scanners.
 */
export async function describeUnsubscribe(db: Database, token: unknown): Promise<(UnsubscribeOutcome & { ok: false }) | { ok: true; kind: NotificationKind; alreadyOff: boolean }> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return { ok: false };
  const [row] = rowsOf<{ email: boolean | null }>(
    await db.execute(sql`
      select s.email from "user" u
      left join notification_settings s on s.user_id = u.id and s.kind = ${claim.kind}
      where u.id = ${claim.userId}
    `),
  );
  if (!row) return { ok: false };
  return { ok: true, kind: claim.kind, alreadyOff: row.email === false };
}

/**
 * Switches off the e-mails of the token's kind for the token's user, in one statement that keeps
 * the in-app choice as it is (a user who never saved settings keeps in-app on). A bad token, or
 * one of an account deleted since, changes nothing. Doing it twice is harmless.
 */
export async function unsubscribe(db: Database, token: unknown): Promise<UnsubscribeOutcome> {
  const claim = readUnsubscribeToken(token);
  if (!claim) return { ok: false };
  const rows = rowsOf<unknown>(await db.execute(sql`
    insert into notification_settings (user_id, kind, in_app, email, updated_at)
    select u.id, ${claim.kind}, true, false, now() from "user" u where u.id = ${claim.userId}
    on conflict (user_id, kind) do update set email = false, updated_at = excluded.updated_at
    returning user_id
  `));
  return rows.length > 0 ? { ok: true, kind: claim.kind } : { ok: false };
}
