import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/vite-icon-sprite";

// Unit and integration tests (the browser tests have their own config).
export default defineConfig({
  // Components name their icons in the sprite (app/components/ui/icons.tsx).
  plugins: [iconSprite()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["./tests/support/test-env.ts", "./tests/support/fail-on-console-error.ts"],
    // One migrated PGlite database per run that every test database copies (PGlite runs only).
    globalSetup: ["./tests/support/pglite-template.ts"],
  },
});
