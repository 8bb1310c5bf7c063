import { createAuth, CLIENT_IP_HEADER, type Auth } from "~/features/auth/auth.server";
import type { AccountsContext } from "~/features/auth/accounts.server";
import type { Database } from "~/lib/db.server";
import type { MailMessage, Mailer } from "~/lib/mail.server";

export const TEST_BASE_URL = "http://localhost:3000";

/** Collects sent mail in memory (the SMTP transport has its own test). */
export class MemoryMailer implements Mailer {
  kind = "outbox" as const;
  sent: MailMessage[] = [];
  private waiting: { matches: (message: MailMessage) => boolean; resolve: (message: MailMessage) => void }[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    for (const waiter of this.waiting.filter((w) => w.matches(message))) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  }
  /** The next mail to the address whose subject matches, resolved by `send` itself (no polling). */
  next(to: string, subject: RegExp): Promise<MailMessage> {
    return new Promise((resolve) => this.waiting.push({ matches: (m) => m.to === to && subject.test(m.subject), resolve }));
  }
  /** Waits for a mail to the address (Better Auth sends some after its transaction commits). */
  async waitFor(to: string, subject: RegExp, timeoutMs = 5000): Promise<MailMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...this.sent].reverse().find((m) => m.to === to && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}; sent: ${this.sent.map((m) => `${m.to}: ${m.subject}`).join(", ")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

export function linkIn(mail: MailMessage): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[0];
}

export function createTestAuth(db: Database) {
  const mailer = new MemoryMailer();
  const auth = createAuth({ db, baseUrl: TEST_BASE_URL, secret: "test-secret-test-secret-test-secret-0123", mailer });
  return { auth, mailer };
}

/** A request as the Express app hands it over: with the client's address header. */
export function clientRequest(options: { ip?: string; cookie?: string; path?: string } = {}): Request {
  const headers = new Headers({ [CLIENT_IP_HEADER]: options.ip ?? "203.0.113.10", Origin: TEST_BASE_URL });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${TEST_BASE_URL}${options.path ?? "/auth"}`, { method: "POST", headers });
}

/** The Cookie header value a browser would send after receiving these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A use-case context. Sign-in throttle delays are not waited out (its own test records them). */
export function ctxFor(auth: Auth, db: Database, request = clientRequest()): AccountsContext {
  return { auth, db, request, wait: async () => {} };
}
