import { de } from "~/i18n/de";
import type { MailMessage } from "~/lib/mail.server";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A German mail with a greeting, a text, one action link and a closing note; plain text plus simple HTML. */
function actionMail(options: { to: string; name: string; subject: string; text: string; button: string; url: string; note: string }): MailMessage {
  const greeting = de.mail.greeting(options.name);
  const text = [greeting, "", options.text, "", `${options.button}: ${options.url}`, "", options.note, "", de.mail.signature].join("\n");
  const html = `<!doctype html>
<html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2433;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;font-size:18px;color:#3b4fc4">${escapeHtml(de.app.name)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(options.text)}</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#3b4fc4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(options.button)}</a></p>
<p style="font-size:13px;color:#5b6275">${escapeHtml(options.note)}</p>
<p style="font-size:13px;color:#5b6275;word-break:break-all">${escapeHtml(options.url)}</p>
<p>${escapeHtml(de.mail.signature).replace(/\n/g, "<br>")}</p>
</body></html>`;
  return { to: options.to, subject: `${options.subject} – ${de.app.name}`, text, html };
}

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
