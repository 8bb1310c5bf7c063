import { describe, expect, it } from "vitest";
import { logLeaks, requestLines } from "../support/log-leaks";

// The check the browser run applies to its server log (tests/e2e/global-setup.ts) must find leaks.
describe("the server-log check", () => {
  it("finds each kind of leak", () => {
    const leaky = [
      '{"msg":"GET / 200","req":{"headers":{"cookie":"session_token=abc.def"}}}',
      '{"res":{"headers":{"set-cookie":["theme=dark"]}}}',
      "Cookie: theme=dark",
      "Demo-Zugänge (Passwort für alle: demo1234):",
      "Mail an anna.schmidt@demo.marktplatz.example: Passwort zurücksetzen",
      '{"msg":"GET /reset-password?token=abc123 200"}',
      '{"url":"/auth?email=ben%40example.org"}',
    ];
    expect(logLeaks(leaky.join("\n")).map((leak) => leak.rule)).toEqual([
      "session cookie value",
      "cookie or authorization header value",
      "token or password value",
      "cookie or authorization header value",
      "Cookie: header line",
      "demo password",
      "e-mail address",
      "token or password value",
      "e-mail address",
    ]);
  });

  it("passes redacted lines and counts request lines", () => {
    const clean = [
      '{"level":30,"reqId":"a1","route":"routes/services","msg":"GET /services?token=[redacted] 200","req":{"headers":{"cookie":"[redacted]"}},"res":{"headers":{"set-cookie":"[redacted]"}},"responseTime":4}',
      '{"level":30,"msg":"Demo-Zugänge, jeweils @demo.marktplatz.example, Passwort im README („Demo logins“): anna.schmidt (Premium)"}',
      '{"level":50,"err":{"message":"duplicate key (email)=([email])"}}',
    ].join("\n");
    expect(logLeaks(clean)).toEqual([]);
    expect(requestLines(clean)).toBe(1);
  });
});
