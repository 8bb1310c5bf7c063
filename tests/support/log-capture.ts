import { setLogDestination } from "~/lib/log.server";

/** One line the server logger wrote, parsed (pino's fields: level 50 = error, msg, err, reqId, ...). */
export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const ERROR = 50;
let lines: LogLine[] = [];
let expected = false;

// In unit tests the process logger writes here instead of stdout (tests/support/fail-on-console-error.ts).
setLogDestination({
  write(line: string) {
    lines.push(JSON.parse(line) as LogLine);
  },
});

/**
 * For a test that expects the server to log errors: the lines written from now on in this test.
 * Without it, a line at level error or above fails the test.
 */
export function captureLog() {
  expected = true;
  const from = lines.length;
  return {
    lines: () => lines.slice(from),
    errors: () => lines.slice(from).filter((line) => line.level >= ERROR),
  };
}

/** Error lines nobody expected since the last call (and forgets every line). */
export function takeUnexpectedErrors(): LogLine[] {
  const unexpected = expected ? [] : lines.filter((line) => line.level >= ERROR);
  lines = [];
  expected = false;
  return unexpected;
}
