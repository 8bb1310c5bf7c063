import path from "node:path";
import { data } from "react-router";
import { env } from "~/lib/env.server";
import { CLIENT_IP_HEADER } from "./auth.server";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The dev outbox (/dev/mail) exists only where mail goes to it (no SMTP_URL),
 * the site is not a public https deployment, and the request comes from this
 * machine: verification and reset links are secrets.
 */
export function requireDevOutbox(request: Request): string {
  const config = env();
  // Also the Host must be ours: a DNS-rebinding page would send its own name.
  const local =
    LOOPBACK.test(request.headers.get(CLIENT_IP_HEADER) ?? "") && request.headers.get("Host") === new URL(config.baseUrl).host;
  if (config.smtpUrl || config.baseUrl.startsWith("https://") || !local) throw data(null, { status: 404 });
  return path.join(config.dataDir, "mail");
}
