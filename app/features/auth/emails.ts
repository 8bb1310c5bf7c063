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
  return actionMail({ to, name, url, subject: de.mail.existingSubject, text: de.mail.existingText, button: de.mail.existingButton, note: de.mail.existingNote });
}

/** The same note for an account never confirmed: a new password (its link) also confirms the address. */
export function existingUnverifiedAccountMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.existingSubject, text: de.mail.existingUnverifiedText, button: de.mail.existingUnverifiedButton, note: de.mail.existingUnverifiedNote });
}

export function changeEmailMail(to: string, name: string, url: string): MailMessage {
  return actionMail({ to, name, url, subject: de.mail.changeEmailSubject, text: de.mail.changeEmailText, button: de.mail.verifyButton, note: de.mail.changeEmailExpiry });
}

/**
 * To the previous address once a change is confirmed: its owner learns of it also when someone
 * else changed it (with their session and password). The new address is shown masked
 * ("ma…@example.de"): enough to recognise one's own, not a copy for whoever reads the old inbox.
 */
export function emailChangedMail(to: string, name: string, newEmail: string, contactUrl: string): MailMessage {
  return actionMail({
    to,
    name,
    url: contactUrl,
    subject: de.mail.emailChangedSubject,
    text: de.mail.emailChangedText(maskedEmail(newEmail)),
    button: de.mail.emailChangedButton,
    note: de.mail.emailChangedNote,
  });
}

/** "ma…@example.de": the first two characters of the local part (one if it is that short), then the domain. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "…";
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 2 ? 2 : 1)}…${email.slice(at)}`;
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
