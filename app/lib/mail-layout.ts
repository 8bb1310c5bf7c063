import { de } from "~/i18n/de";
import type { MailMessage } from "./mail.server";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A German mail with a greeting, a text, one action link and a closing note; plain text plus simple HTML. */
export function actionMail(options: { to: string; name: string; subject: string; text: string; button: string; url: string; note: string }): MailMessage {
  const greeting = de.mail.greeting(options.name);
  const text = [greeting, "", options.text, "", `${options.button}: ${options.url}`, "", options.note, "", de.mail.signature].join("\n");
  const html = `<!doctype html>
<html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2433;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;font-size:18px;color:#3b4fc4">${escapeHtml(de.app.name)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(options.text).replace(/\n/g, "<br>")}</p>
<p><a href="${escapeHtml(options.url)}" style="display:inline-block;background:#3b4fc4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(options.button)}</a></p>
<p style="font-size:13px;color:#5b6275">${escapeHtml(options.note)}</p>
<p style="font-size:13px;color:#5b6275;word-break:break-all">${escapeHtml(options.url)}</p>
<p>${escapeHtml(de.mail.signature).replace(/\n/g, "<br>")}</p>
</body></html>`;
  return { to: options.to, subject: `${options.subject} – ${de.app.name}`, text, html };
}
