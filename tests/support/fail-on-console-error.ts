import { afterEach, vi } from "vitest";

// An unexpected console.error fails the test (warnings are not ignored).
// A test that expects one spies on console.error itself and restores it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});
