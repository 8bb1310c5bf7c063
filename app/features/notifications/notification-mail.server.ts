import { eq } from "drizzle-orm";
import { profiles, user } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { displayName } from "~/lib/format";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";
import type { NotificationKind } from "./kinds";
import { wantsNotificationSql } from "./settings.server";
import { withUnsubscribe } from "./unsubscribe.server";

export interface NotificationMail {
  /** The recipient. */
  userId: string;
  /** The setting that governs this mail (and that its unsubscribe link switches off). */
  kind: NotificationKind;
  subject: string;
  /** The message after the greeting (plain text; line breaks kept). */
  text: string;
  button: string;
  /** Same-origin path the button leads to, e.g. "/services/<id>". */
  path: string;
  note: string;
}

/** Where a notification mail goes: the recipient's confirmed address and name, for one kind. */
export interface NotificationRecipient {
  userId: string;
  /** The setting that governs the mail (and that its unsubscribe link switches off). */
  kind: NotificationKind;
  email: string;
  name: string;
}

/**
 * The one answer to "may this user be mailed about this kind, and where": the user's confirmed
 * address and name when they want this kind by e-mail (their notification settings, which the
 * one-click unsubscribe also switches), else null. Read through `tx`, so a caller holding a lock
 * sees the wishes and the address as they are now.
 */
export async function notificationRecipient(tx: Pick<Database, "select">, userId: string, kind: NotificationKind): Promise<NotificationRecipient | null> {
  const [contact] = await tx
    .select({
      email: user.email,
      verified: user.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      wantsMail: wantsNotificationSql(user.id, kind, "email").mapWith(Boolean),
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!contact?.email || !contact.verified || !contact.wantsMail) return null;
  return { userId, kind, email: contact.email, name: displayName(contact.firstName, contact.lastName) };
}

/** Enqueues a notification mail built for `recipient` through `tx`, with the one-click unsubscribe (ADR 020). */
export async function sendToRecipient(tx: Database, recipient: NotificationRecipient, mail: MailMessage): Promise<void> {
  await queuedMailer(tx).send(withUnsubscribe(mail, recipient.userId, recipient.kind));
}

/**
 * Mails a notification of a kind to a user when they may be mailed about it (notificationRecipient),
 * the mail built by `build` for the recipient (a mail of its own, e.g. a digest or an alert list).
 * Enqueued through `tx`, with the change that causes it. Returns whether a mail was enqueued.
 */
export async function sendNotificationMail(tx: Database, userId: string, kind: NotificationKind, build: (to: NotificationRecipient) => MailMessage): Promise<boolean> {
  const recipient = await notificationRecipient(tx, userId, kind);
  if (!recipient) return false;
  await sendToRecipient(tx, recipient, build(recipient));
  return true;
}

/**
 * Mails a notification to a user in the standard layout (greeting, text, button, note): the same
 * rules as sendNotificationMail. Returns whether a mail was enqueued.
 */
export async function mailNotification(tx: Database, mail: NotificationMail): Promise<boolean> {
  return sendNotificationMail(tx, mail.userId, mail.kind, (to) =>
    actionMail({
      to: to.email,
      name: to.name,
      subject: mail.subject,
      text: mail.text,
      button: mail.button,
      url: `${env().baseUrl}${mail.path}`,
      note: mail.note,
    }),
  );
}
