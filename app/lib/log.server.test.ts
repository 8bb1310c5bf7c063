import { describe, expect, it } from "vitest";
import { createLogger, logLevel, scrub } from "./log.server";
import { runWithRequestId } from "./request-id.server";

function collector() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, "info");
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("the server logger", () => {
  it("redacts cookie, set-cookie and authorization headers", () => {
    const { logger, lines, parsed } = collector();
    logger.info(
      {
        req: { method: "GET", url: "/", headers: { cookie: "session_token=abc.def; theme=dark", authorization: "Bearer xyz", "user-agent": "test" } },
        res: { statusCode: 200, headers: { "set-cookie": ["session_token=abc.def; Path=/; HttpOnly"] } },
      },
      "request",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/abc\.def|xyz/);
    expect(parsed()[0]).toMatchObject({
      req: { headers: { cookie: "[redacted]", authorization: "[redacted]", "user-agent": "test" } },
      res: { headers: { "set-cookie": "[redacted]" } },
    });
  });

  it("scrubs e-mail addresses from messages, fields and error stacks", () => {
    const { logger, lines } = collector();
    logger.info("Mail an anna.schmidt@demo.marktplatz.example verschickt");
    logger.info({ user: { email: "ben@example.de" }, url: "/auth?email=ben%40example.de" }, "sign-in");
    logger.error({ err: new Error('duplicate key: (email)=(carla+test@example.org) already exists') }, "insert failed");
    const text = lines.join("");
    expect(text).not.toMatch(/anna\.schmidt|ben@|ben%40|carla/);
    expect(text.match(/\[email\]/g)).toHaveLength(4 + 1); // the error's message and its stack
    expect(() => lines.map((line) => JSON.parse(line) as unknown)).not.toThrow();
  });

  it("scrubs token-like query parameters and secret fields", () => {
    const { logger, lines, parsed } = collector();
    logger.info({ url: "/reset-password?token=s3cr3t-T0ken&x=1" }, "GET /api/auth/verify-email?token=eyJhbGciOi.abc&callbackURL=%2F 302");
    logger.info({ form: { password: "demo1234", token: "t0k3n", csrfToken: "c5rf" } }, "posted");
    logger.info("Cookie: session_token=abc123; other=1");
    logger.info({ url: "/entscheidungen/5b0c?t=s1gn3d.L1nk&x=1" }, "GET /entscheidungen/5b0c?t=s1gn3d.L1nk 200");
    const text = lines.join("");
    expect(text).not.toMatch(/s3cr3t|eyJhbGciOi|demo1234|t0k3n|c5rf|abc123|s1gn3d/);
    expect(parsed()[3]).toMatchObject({ url: "/entscheidungen/5b0c?t=[redacted]&x=1", msg: "GET /entscheidungen/5b0c?t=[redacted] 200" });
    expect(parsed()[0]).toMatchObject({ url: "/reset-password?token=[redacted]&x=1", msg: "GET /api/auth/verify-email?token=[redacted]&callbackURL=%2F 302" });
    expect(parsed()[1]).toMatchObject({ form: { password: "[redacted]", token: "[redacted]", csrfToken: "[redacted]" } });
  });

  it("names the request a line was written in (the async context), and no request outside one", async () => {
    const { logger, parsed } = collector();
    await runWithRequestId("req-42", async () => {
      await Promise.resolve();
      logger.info("inside");
    });
    logger.info("outside");
    const [inside, outside] = parsed();
    expect(inside).toMatchObject({ reqId: "req-42", msg: "inside" });
    expect(outside).not.toHaveProperty("reqId");
  });

  it("logs an error with its type, message and stack under err", () => {
    const { logger, parsed } = collector();
    function failingStep() {
      return new TypeError("x is undefined");
    }
    logger.error({ err: failingStep() }, "Unexpected error: list");
    const [line] = parsed();
    expect(line).toMatchObject({ level: 50, msg: "Unexpected error: list", err: { type: "TypeError", message: "x is undefined" } });
    expect((line!.err as { stack: string }).stack).toMatch(/^TypeError: x is undefined\n\s+at failingStep /);
  });

  it("reads LOG_LEVEL, and an unknown level is info", () => {
    expect(logLevel("debug")).toBe("debug");
    expect(logLevel(" WARN ")).toBe("warn");
    expect(logLevel("loud")).toBe("info");
    expect(logLevel(undefined)).toBe("info");
  });

  it("scrubs the password of a connection string", () => {
    expect(scrub("connect postgres://app:s3cret@127.0.0.1:5432/db failed")).toBe("connect postgres://app:[redacted]@127.0.0.1:5432/db failed");
    expect(scrub("smtps://mailer:pa55@smtp.example.org:465")).toBe("smtps://mailer:[redacted]@smtp.example.org:465");
  });

  it("scrub leaves ordinary text alone", () => {
    expect(scrub("GET /services?category=Design&page=2 200")).toBe("GET /services?category=Design&page=2 200");
    expect(scrub("react-router@7.18.4 at /work/app/node_modules/x.js:1:2")).toBe("react-router@7.18.4 at /work/app/node_modules/x.js:1:2");
  });
});
