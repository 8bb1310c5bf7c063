import { afterEach, vi } from "vitest";
import { takeUnexpectedErrors } from "./log-capture";

// An unexpected console.error fails the test (warnings are not ignored), and so does an unexpected
// error line of the server logger (~/lib/log.server). A test that expects one spies on
// console.error itself and restores it, or calls captureLog() (./log-capture).
let errors: unknown[][] = [];
// The console's own function, also when this file runs again for the next test file in the same
// module world (the "shared" project, vitest.config.ts): wrappers are not stacked on wrappers.
const keep = globalThis as unknown as { __consoleError?: typeof console.error };
const original = (keep.__consoleError ??= console.error);
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  const logged = takeUnexpectedErrors();
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
  if (logged.length > 0) {
    throw new Error(`The server logged an error during the test:\n${logged.map((line) => JSON.stringify(line)).join("\n")}`);
  }
});
