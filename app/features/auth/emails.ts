import { de } from "~/i18n/de";
import { actionMail } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.verifySubject, text: de.mail.verifyText, button: de.mail.verifyButton, note: de.mail.verifyExpiry });
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.resetSubject, text: de.mail.resetText, button: de.mail.resetButton, note: de.mail.resetExpiry });
}

export function existingAccountMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.existingSubject, text: de.mail.existingText, button: de.mail.resetButton, note: de.mail.resetExpiry });
}

export function changeEmailMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.changeEmailSubject, text: de.mail.changeEmailText, button: de.mail.verifyButton, note: de.mail.verifyExpiry });
}

/**
 * Whether a verification token belongs to an e-mail change (Better Auth marks its JWT with
 * requestType "change-email-verification"). Only read to choose the mail's text; Better Auth
 * verifies the token when the link is opened.
 */
export function isChangeEmailToken(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { requestType?: unknown; updateTo?: unknown };
    return payload.requestType === "change-email-verification" || typeof payload.updateTo === "string";
  } catch {
    return false;
  }
}
