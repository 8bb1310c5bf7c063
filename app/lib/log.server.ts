import { pino, type DestinationStream, type Level, type Logger, type LoggerOptions } from "pino";
import { currentRequestId } from "./request-id.server";

/**
 * The server's one logger (README "Logs"): JSON lines on stdout, readable (pino-pretty) when
 * NODE_ENV=development. Every line of a request carries its id (`reqId`, from the async context),
 * errors go under `err` with their stack. Nothing that identifies or authenticates a person reaches
 * a line: cookie and authorization headers are redacted by path, and every finished line passes
 * through `scrub` (e-mail addresses, `token=`/`password=`/`secret=` values, bearer tokens, and any
 * field named like a secret), whatever code logged it.
 */

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Header paths pino removes before serializing (req: pino-http's request, res: its response). */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "*.password",
  "*.token",
];

export const REDACTED = "[redacted]";
const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;
// `token=…`, `session_token=…`, `password=…`, `client_secret=…` in URLs, cookie strings and messages.
const SECRET_PARAMETER = /\b([\w.-]*(?:token|password|passwd|secret)[\w.-]*=)[^&;,\s"'<>]+/gi;
// The signed link of a moderation decision (`/entscheidungen/{id}?t=…`, decisions.server.ts) opens it without a sign-in.
const SIGNED_LINK_PARAMETER = /([?&]t=)[^&;,\s"'<>]+/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/-]+=*/g;
// The password in a URL's user part (postgres://user:secret@host, smtps://user:secret@host).
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s/]+@/gi;
// Fields whose value is a secret wherever they appear (a header object, a form, an error's details).
const SECRET_KEY = /^(?:cookie|set-cookie|authorization|proxy-authorization|password|passwd|[\w-]*token|[\w-]*secret)$/i;

/** A text with e-mail addresses and secret-looking values replaced. */
export function scrub(text: string): string {
  return text
    .replace(URL_PASSWORD, `$1${REDACTED}@`)
    .replace(EMAIL, "[email]")
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(SIGNED_LINK_PARAMETER, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`);
}

/** A JSON value with every string scrubbed and every secret-named field's value replaced. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrub(value);
  if (depth > 20 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== REDACTED && item !== "[Redacted]" ? REDACTED : scrubValue(item, depth + 1);
  }
  return out;
}

/** One serialized log line, scrubbed (pino's last step before the stream, transports included). */
export function scrubLine(line: string): string {
  const end = line.endsWith("\n") ? "\n" : "";
  try {
    return JSON.stringify(scrubValue(JSON.parse(line))) + end;
  } catch {
    return scrub(line);
  }
}

export function logLevel(value = process.env.LOG_LEVEL): Level | "silent" {
  const level = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as Level | "silent") : "info";
}

export function loggerOptions(level: Level | "silent" = logLevel()): LoggerOptions {
  return {
    level,
    base: undefined, // no pid/hostname: the platform adds where a line came from
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // The request a line belongs to, wherever in the request it was written.
    mixin() {
      const reqId = currentRequestId();
      return reqId === "-" ? {} : { reqId };
    },
    hooks: { streamWrite: scrubLine },
  };
}

/** A logger writing to `destination` (tests) or to stdout. */
export function createLogger(destination?: DestinationStream, level?: Level | "silent"): Logger {
  return pino(loggerOptions(level), destination ?? pino.destination({ dest: 1, sync: true }));
}

// The process's logger. Development: readable lines (pino-pretty, a dev dependency, in this process
// and synchronous, so that a line logged right before process.exit is not lost as it is with a
// worker-thread transport). Elsewhere: JSON lines on stdout, through a destination tests can
// replace (setLogDestination).
let destination: DestinationStream = pino.destination({ dest: 1, sync: true });
const switchable: DestinationStream = { write: (line) => destination.write(line) };

async function developmentStream(): Promise<DestinationStream> {
  const { default: pretty } = await import("pino-pretty");
  // One line per request in the terminal: its message already says method, URL and status.
  return pretty({ colorize: true, translateTime: "HH:MM:ss", ignore: "req,res", singleLine: true, sync: true });
}

export const log: Logger = pino(loggerOptions(), process.env.NODE_ENV === "development" ? await developmentStream() : switchable);

/** Where the process logger writes (tests collect lines; undefined: stdout again). */
export function setLogDestination(next: DestinationStream | undefined): void {
  destination = next ?? pino.destination({ dest: 1, sync: true });
}
