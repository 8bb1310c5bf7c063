import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/vite-icon-sprite";

const root = path.dirname(fileURLToPath(import.meta.url));
const include = ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * Test files that need a module world of their own (vitest's isolation): they replace modules
 * (vi.mock), use the process-wide database or auth, stub the environment or globals, or write to
 * process.env or globalThis. Every other file shares one module world per worker with the files
 * run before it there, which spares it importing the app again (about half of the PGlite suite's
 * time was imports). The setup files reset what a shared file could leave behind for the next:
 * the process's caches of lists, counts and limits, and fake timers (test-env.ts). Read from the files themselves, so a
 * new test that mocks a module is isolated without anyone having to list it.
 */
const NEEDS_ISOLATION =
  /vi\.(mock|doMock|stubEnv|stubGlobal)\(|openProcessDatabase|initDatabase|getDatabase\(|getAuth\(|process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=)|delete process\.env|globalThis/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const isolated = ["app", "server", "tests/integration"]
  .filter((dir) => fs.existsSync(path.join(root, dir)))
  .flatMap(testFiles)
  .filter((file) => NEEDS_ISOLATION.test(fs.readFileSync(path.join(root, file), "utf8")));

// One migrated PGlite database per run that every test database copies (PGlite runs only).
const globalSetup = ["./tests/support/pglite-template.ts"];

// Unit and integration tests (the browser tests have their own config).
export default defineConfig({
  // Components name their icons in the sprite (app/components/ui/icons.tsx).
  plugins: [iconSprite()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./tests/support/test-env.ts", "./tests/support/fail-on-console-error.ts", "./tests/support/class-conflicts.ts"],
    projects: [
      { extends: true, test: { name: "isolated", include: isolated, globalSetup } },
      { extends: true, test: { name: "shared", include, exclude: isolated, isolate: false, globalSetup } },
    ],
  },
});
