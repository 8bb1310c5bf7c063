/**
 * What must never appear in a server log (README "Logs"): a session cookie's value, a cookie or
 * authorization header's value, the demo password, an e-mail address, a `token=` (or
 * `password=`) value. The browser run's server log is checked with it (tests/e2e/global-setup.ts).
 */
const RULES: { name: string; pattern: RegExp }[] = [
  { name: "session cookie value", pattern: /session_token=(?!\[redacted\])[^\s;,"\\]/i },
  { name: "cookie or authorization header value", pattern: /"(?:cookie|set-cookie|authorization)":\s*(?!"\[redacted\]")["[]/i },
  { name: "Cookie: header line", pattern: /\bCookie:\s*\S+=/i },
  { name: "demo password", pattern: /demo1234/ },
  { name: "e-mail address", pattern: /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/i },
  { name: "token or password value", pattern: /\b[\w.-]*(?:token|password)=(?!\[redacted\])[^\s&;,"\\]/i },
];

export interface Leak {
  rule: string;
  line: string;
}

/** Every line of `log` that breaks a rule, with the rule it breaks. */
export function logLeaks(log: string): Leak[] {
  const leaks: Leak[] = [];
  for (const line of log.split("\n")) {
    for (const { name, pattern } of RULES) if (pattern.test(line)) leaks.push({ rule: name, line });
  }
  return leaks;
}

/** Request lines (pino-http) in `log`: a log with none was not captured, and its check proves nothing. */
export function requestLines(log: string): number {
  return log.split("\n").filter((line) => line.includes('"responseTime"')).length;
}
