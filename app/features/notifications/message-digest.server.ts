import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { messageDigests, type ConversationKind } from "~/db/schema";
import { blockedSenderSql } from "~/features/blocks/blocks.server";
import { VIEW_PATH, viewOf } from "~/features/messaging/conversations.server";
import { de } from "~/i18n/de";
import { notificationMailDe as t } from "~/i18n/notification-mail.de";
import { rowsOf, type Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { displayName } from "~/lib/format";
import { defineJob } from "~/lib/jobs/types";
import { log } from "~/lib/log.server";
import { escapeHtml } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";
import { wantsNotificationSql } from "./settings.server";
import { notificationRecipient, sendToRecipient } from "./notification-mail.server";

/**
 * The e-mail digest of unread messages (issue #18, ADR 020). A message still unread
 * DIGEST_DELAY_MINUTES after it was sent goes into one mail to its recipient, grouped by
 * conversation — at most one mail per hour per user, never about a message read by then, never
 * twice about the same message, only to a confirmed address of a user who wants message mails.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** At most one digest per user in this time. */
export const DIGEST_INTERVAL_MS = HOUR;
/**
 * A digest looks back at most this far: a user who switches message mails on again, or an
 * installation that gains the digest, is not mailed about unread messages of months ago.
 */
export const DIGEST_LOOKBACK_MS = 7 * 24 * HOUR;
/** Conversations named in one mail (the latest first); the rest are counted. */
export const DIGEST_CONVERSATIONS_MAX = 20;
/** The beginning of the latest message shown per conversation. */
export const DIGEST_EXCERPT_CHARS = 140;
const USERS_PER_BATCH = 200;

export interface DigestRunOptions {
  /** The job's clock (tests pass one; the job uses the real time). */
  now?: Date;
  /** Minutes a message stays unread before it is mailed (DIGEST_DELAY_MINUTES). */
  delayMinutes?: number;
  baseUrl?: string;
}

export interface DigestRunResult {
  /** Users with mailable unread messages found by this run. */
  candidates: number;
  /** Digests this run enqueued (another process's runs send none of them twice). */
  sent: number;
}

interface DigestWindow {
  now: Date;
  /** Messages created up to here are old enough. */
  cutoff: Date;
  /** ... and after here (the look-back bound). */
  lookback: Date;
  /** A user whose last digest went out after this gets none now. */
  dueBefore: Date;
  baseUrl: string;
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * One run of the digest: finds the users with unread messages old enough that no digest has
 * covered yet, and sends each one mail. Safe with several processes: each user is claimed by
 * locking their message_digests row (SELECT … FOR UPDATE) and rechecked under that lock, so a
 * second run waits for the first's commit and then finds nothing left to send.
 */
export async function runMessageDigests(db: Database, options: DigestRunOptions = {}): Promise<DigestRunResult> {
  const now = options.now ?? new Date();
  const delay = (options.delayMinutes ?? env().digestDelayMinutes) * MINUTE;
  const window: DigestWindow = {
    now,
    cutoff: new Date(now.getTime() - delay),
    lookback: new Date(now.getTime() - DIGEST_LOOKBACK_MS),
    dueBefore: new Date(now.getTime() - DIGEST_INTERVAL_MS),
    baseUrl: options.baseUrl ?? env().baseUrl,
  };
  const result: DigestRunResult = { candidates: 0, sent: 0 };
  let lastId: string | null = null;
  for (;;) {
    const candidates = await candidatesAfter(db, window, lastId);
    if (candidates.length === 0) break;
    lastId = candidates[candidates.length - 1]!;
    for (const userId of candidates) {
      result.candidates++;
      // One user's failure (a bad row, a passing error) must not keep the others from their digest.
      const sent = await sendDigest(db, userId, window).catch((error: unknown) => {
        log.error({ err: error, userId }, "A message digest could not be sent");
        return false;
      });
      if (sent) result.sent++;
    }
  }
  return result;
}

/** The recipient of a message: the participant who did not send it (null participants are deleted accounts). */
const recipientJoin = sql`cross join lateral (values (c.user1_id), (c.user2_id)) as p(user_id)`;

/** The users (after `lastId`, in id order) with unread messages the digest should name now. */
async function candidatesAfter(db: Database, w: DigestWindow, lastId: string | null): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(await db.execute(sql`
    select distinct p.user_id
    from messages m
    join conversations c on c.id = m.conversation_id
    ${recipientJoin}
    join "user" u on u.id = p.user_id
    left join message_digests d on d.user_id = p.user_id
    where m.read = false
      and m.sender_id is distinct from p.user_id
      and (c.kind = 'order' or not ${blockedSenderSql(sql`p.user_id`, sql`m.sender_id`)})
      and m.created_at <= ${ts(w.cutoff)} and m.created_at > ${ts(w.lookback)}
      and (d.covered_until is null or m.created_at > d.covered_until)
      and (d.sent_at is null or d.sent_at <= ${ts(w.dueBefore)})
      and u.email_verified = true
      and ${wantsNotificationSql(sql`p.user_id`, "messages", "email")}
      ${lastId ? sql`and p.user_id > ${lastId}` : sql``}
    order by p.user_id
    limit ${USERS_PER_BATCH}
  `));
  return rows.map((row) => row.user_id);
}

export interface DigestConversation {
  id: string;
  kind: ConversationKind;
  otherName: string;
  serviceTitle: string | null;
  orderTitle: string | null;
  /** Unread messages of this conversation named by this digest. */
  count: number;
  /** The beginning of the latest of them (or the file it carries). */
  excerpt: string;
  latestAt: Date;
}

interface UnreadRow {
  conversation_id: string;
  kind: ConversationKind;
  content: string;
  file_name: string | null;
  created_at: string | Date;
  first_name: string | null;
  last_name: string | null;
  service_title: string | null;
  order_title: string | null;
}

/** Claims one user and, when anything is left to tell, enqueues their digest; true when sent. */
async function sendDigest(db: Database, userId: string, w: DigestWindow): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The claim: the user's row, locked. A second run (another process) waits here for this
    // transaction, then reads the sent_at and covered_until written by it.
    await tx.insert(messageDigests).values({ userId }).onConflictDoNothing();
    const [state] = await tx.select().from(messageDigests).where(eq(messageDigests.userId, userId)).for("update");
    if (!state || (state.sentAt && state.sentAt.getTime() > w.dueBefore.getTime())) return false;

    // The wishes and address as they are now, not as they were when the candidates were read.
    const recipient = await notificationRecipient(tx, userId, "messages");
    if (!recipient) return false;

    const since = Math.max(state.coveredUntil?.getTime() ?? 0, w.lookback.getTime());
    // Still unread now, and locked: a chat opened after this point marks them read only once the
    // digest is committed; one opened just before is seen as read here. Rows being marked read at
    // this very moment (locked by that update) are skipped, not waited for: they are being read,
    // and waiting on rows in another order than the update could deadlock with it.
    const unread = rowsOf<UnreadRow>(await tx.execute(sql`
      select m.conversation_id, c.kind, m.content, m.file_name, m.created_at,
        op.first_name, op.last_name, s.title as service_title, o.service_title as order_title
      from messages m
      join conversations c on c.id = m.conversation_id
      left join profiles op on op.user_id = case when c.user1_id = ${userId} then c.user2_id else c.user1_id end
      left join services s on s.id = c.service_id
      left join orders o on o.id = c.order_id
      where (c.user1_id = ${userId} or c.user2_id = ${userId})
        and m.read = false
        and m.sender_id is distinct from ${userId}
        -- No mail about a person the user blocked (ADR 024), except in an order's conversation.
        and (c.kind = 'order' or not ${blockedSenderSql(sql`${userId}`, sql`m.sender_id`)})
        and m.created_at > ${ts(new Date(since))} and m.created_at <= ${ts(w.cutoff)}
      order by m.created_at, m.id
      for update of m skip locked
    `));
    if (unread.length === 0) return false;

    const conversations = groupByConversation(unread);
    // Never backwards (a longer DIGEST_DELAY_MINUTES after a restart moves the cutoff back).
    const coveredUntil = new Date(Math.max(w.cutoff.getTime(), state.coveredUntil?.getTime() ?? 0));
    await tx.update(messageDigests).set({ sentAt: w.now, coveredUntil }).where(eq(messageDigests.userId, userId));
    await sendToRecipient(tx, recipient, digestMail({ to: recipient.email, name: recipient.name, conversations, baseUrl: w.baseUrl }));
    return true;
  });
}

/** The unread messages (oldest first) as conversations, the one with the latest message first. */
function groupByConversation(rows: UnreadRow[]): DigestConversation[] {
  const byId = new Map<string, DigestConversation>();
  for (const row of rows) {
    const at = new Date(row.created_at);
    const excerpt = excerptOf(row.content, row.file_name);
    const known = byId.get(row.conversation_id);
    if (known) {
      known.count++;
      // Rows come oldest first: the last one seen is the latest.
      known.excerpt = excerpt;
      known.latestAt = at;
      continue;
    }
    byId.set(row.conversation_id, {
      id: row.conversation_id,
      kind: row.kind,
      otherName: displayName(row.first_name, row.last_name),
      serviceTitle: row.kind === "service" ? row.service_title : null,
      orderTitle: row.kind === "order" ? row.order_title : null,
      count: 1,
      excerpt,
      latestAt: at,
    });
  }
  return [...byId.values()].sort((a, b) => b.latestAt.getTime() - a.latestAt.getTime());
}

function excerptOf(content: string, fileName: string | null): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (!text) return fileName ? t.digest.file(fileName) : "";
  return text.length > DIGEST_EXCERPT_CHARS ? `${text.slice(0, DIGEST_EXCERPT_CHARS - 1).trimEnd()}…` : text;
}

/** Where a conversation is read: /chats/<id> (service and order chats) or /live-chat/<id> (direct). */
export function conversationUrl(baseUrl: string, conversation: Pick<DigestConversation, "id" | "kind">): string {
  return `${baseUrl}${VIEW_PATH[viewOf(conversation.kind)]}/${conversation.id}`;
}

/** The digest mail: per conversation the other person, what it is about, the count, the latest message's beginning and the link. */
export function digestMail({ to, name, conversations, baseUrl }: { to: string; name: string; conversations: DigestConversation[]; baseUrl: string }): MailMessage {
  const total = conversations.reduce((n, c) => n + c.count, 0);
  const listed = conversations.slice(0, DIGEST_CONVERSATIONS_MAX).map((c) => ({
    heading: [t.digest.from(c.otherName), c.orderTitle ? t.digest.order(c.orderTitle) : c.serviceTitle ? t.digest.about(c.serviceTitle) : null]
      .filter(Boolean)
      .join(" "),
    count: t.digest.count(c.count),
    excerpt: c.excerpt,
    url: conversationUrl(baseUrl, c),
  }));
  const rest = conversations.length - listed.length;
  const greeting = de.mail.greeting(name);
  const intro = t.digest.intro(total, conversations.length);
  const more = rest > 0 ? t.digest.more(rest) : null;
  const text = [
    greeting,
    "",
    intro,
    "",
    ...listed.flatMap((c) => [`${c.count} ${c.heading}`, ...(c.excerpt ? [`„${c.excerpt}“`] : []), `${t.digest.open}: ${c.url}`, ""]),
    ...(more ? [more, ""] : []),
    t.digest.note,
    "",
    de.mail.signature,
  ].join("\n");
  const html = `<!doctype html>
<html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2433;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;font-size:18px;color:#3b4fc4">${escapeHtml(de.app.name)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${listed
  .map(
    (c) => `<div style="border:1px solid #e2e4ea;border-radius:8px;padding:12px 16px;margin:12px 0">
<p style="margin:0;font-weight:bold">${escapeHtml(c.count)} ${escapeHtml(c.heading)}</p>
${c.excerpt ? `<p style="margin:4px 0;color:#3d4354">„${escapeHtml(c.excerpt)}“</p>` : ""}
<p style="margin:8px 0 0"><a href="${escapeHtml(c.url)}" style="color:#3b4fc4;font-weight:bold">${escapeHtml(t.digest.open)}</a></p>
</div>`,
  )
  .join("\n")}
${more ? `<p>${escapeHtml(more)}</p>` : ""}
<p style="font-size:13px;color:#5b6275">${escapeHtml(t.digest.note)}</p>
<p>${escapeHtml(de.mail.signature).replace(/\n/g, "<br>")}</p>
</body></html>`;
  return { to, subject: `${t.digest.subject(total)} – ${de.app.name}`, text, html };
}

export const messageDigestJob = defineJob({
  name: "messages.digest",
  payload: z.object({}).passthrough(),
  // It runs every few minutes anyway: a failed run is simply the next one's work.
  maxAttempts: 1,
  async run(_payload, { db }) {
    await runMessageDigests(db);
  },
});
