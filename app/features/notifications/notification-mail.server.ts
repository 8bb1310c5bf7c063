import { eq } from "drizzle-orm";
import { profiles, user } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { displayName } from "~/lib/format";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
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

/**
 * Mails a notification to a user, through `tx` (the mail is enqueued with the change that causes
 * it), only to a confirmed address and only when the user wants this kind by e-mail; with the
 * one-click unsubscribe (ADR 020). Returns whether a mail was enqueued.
 */
export async function mailNotification(tx: Database, mail: NotificationMail): Promise<boolean> {
  const [contact] = await tx
    .select({
      email: user.email,
      verified: user.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      wantsMail: wantsNotificationSql(user.id, mail.kind, "email").mapWith(Boolean),
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, mail.userId));
  if (!contact?.email || !contact.verified || !contact.wantsMail) return false;
  await queuedMailer(tx).send(
    withUnsubscribe(
      actionMail({
        to: contact.email,
        name: displayName(contact.firstName, contact.lastName),
        subject: mail.subject,
        text: mail.text,
        button: mail.button,
        url: `${env().baseUrl}${mail.path}`,
        note: mail.note,
      }),
      mail.userId,
      mail.kind,
    ),
  );
  return true;
}
